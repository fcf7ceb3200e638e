/** Entries kept at most; past it the oldest go first (a dashboard asks about a handful of points). */
const MAX_ENTRIES = 1000;

/**
 * Values kept for `ttlMs` by a clock of its own (so that tests can move time). A load in flight is
 * shared by every caller of its key; a load that fails is forgotten at once, so the next call tries
 * again.
 */
export class TtlCache<T> {
  readonly #ttlMs: number;
  readonly #clock: () => number;
  readonly #entries = new Map<string, { expires: number; value: Promise<T> }>();

  constructor(ttlMs: number, clock: () => number) {
    this.#ttlMs = ttlMs;
    this.#clock = clock;
  }

  getOrLoad(key: string, load: () => Promise<T>): Promise<T> {
    const now = this.#clock();
    const kept = this.#entries.get(key);
    if (kept && kept.expires > now) return kept.value;
    this.#entries.delete(key);
    const value = load();
    this.#entries.set(key, { expires: now + this.#ttlMs, value });
    value.catch(() => {
      if (this.#entries.get(key)?.value === value) this.#entries.delete(key);
    });
    for (const oldest of this.#entries.keys()) {
      if (this.#entries.size <= MAX_ENTRIES) break;
      this.#entries.delete(oldest);
    }
    return value;
  }
}
