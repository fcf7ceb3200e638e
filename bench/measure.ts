/** One measured series: how many calls, how long they took together and each one's latency. */
export interface Series {
  count: number;
  durationMs: number;
  latenciesMs: number[];
}

export interface LoadOptions {
  /** calls in flight at once */
  concurrency: number;
  /** stop after this many calls… */
  maxCalls: number;
  /** …or after this long, whichever comes first */
  maxMs: number;
}

/** Runs `call` in `concurrency` loops until either bound is reached; every call must succeed. */
export async function runLoad(call: () => Promise<void>, options: LoadOptions): Promise<Series> {
  const latenciesMs: number[] = [];
  const start = performance.now();
  const deadline = start + options.maxMs;
  let started = 0;
  const worker = async () => {
    while (started < options.maxCalls && performance.now() < deadline) {
      started += 1;
      const t0 = performance.now();
      await call();
      latenciesMs.push(performance.now() - t0);
    }
  };
  await Promise.all(Array.from({ length: options.concurrency }, worker));
  return { count: latenciesMs.length, durationMs: performance.now() - start, latenciesMs };
}

/** Nearest-rank percentile (p in 0..100) of unsorted values. */
export function percentile(values: number[], p: number): number {
  if (!values.length) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(sorted.length, Math.max(1, rank)) - 1]!;
}

/** A GET or POST over real HTTP that reads the whole body and fails on any status but `expected`. */
export function httpCall(url: string, init: RequestInit = {}, expected = 200): () => Promise<void> {
  return async () => {
    const response = await fetch(url, init);
    await response.arrayBuffer();
    if (response.status !== expected) throw new Error(`${init.method ?? 'GET'} ${url} answered ${response.status}`);
  };
}

/** A wait that ran out: `what` names what did not arrive, so that a stuck bench says why it stopped. */
export class TimedOut extends Error {
  readonly what: string;
  readonly ms: number;
  constructor(what: string, ms: number) {
    super(`${what} did not arrive within ${(ms / 1000).toFixed(ms < 10_000 ? 1 : 0)} s`);
    this.name = 'TimedOut';
    this.what = what;
    this.ms = ms;
  }
}

/**
 * `promise`, or a {@link TimedOut} naming `what` after `ms`. Every wait of a bench goes through this
 * (or {@link until}): on 2026-11-28 a wait without a bound for a notification the server rightly held
 * back hung `npm run bench`.
 */
export async function within<T>(what: string, ms: number, promise: Promise<T>): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new TimedOut(what, ms)), ms);
  });
  try {
    return await Promise.race([promise, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/** Asks `test` every `everyMs` until it answers true, or throws a {@link TimedOut} naming `what` after `ms`. */
export async function until(
  what: string,
  ms: number,
  test: () => boolean | Promise<boolean>,
  everyMs = 50,
): Promise<void> {
  const deadline = performance.now() + ms;
  while (!(await test())) {
    if (performance.now() > deadline) throw new TimedOut(what, ms);
    await new Promise((resolve) => setTimeout(resolve, everyMs));
  }
}

/**
 * A wait with a time-out of its own (Playwright's `waitForFunction`, `waitFor`): its TimeoutError, which
 * says only how long it waited, becomes a {@link TimedOut} naming `what`.
 */
export async function named<T>(what: string, wait: Promise<T>): Promise<T> {
  try {
    return await wait;
  } catch (error) {
    if (!(error instanceof Error) || error.name !== 'TimeoutError') throw error;
    throw new TimedOut(what, Number(/Timeout (\d+)ms/.exec(error.message)?.[1] ?? Number.NaN));
  }
}
