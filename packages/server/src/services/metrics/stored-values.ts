import type { HandedReadings } from './handed-readings.ts';
import type { StoredValues } from './write-store.ts';

/** Readings' values held at most; beyond, compaction reads the readings back instead. */
const MAX_HELD_READINGS = 200_000;

/**
 * The values ingest handed over (ADR 0016), kept until compaction has merged them. Compaction takes
 * them instead of reading and parsing the readings again; readings it was not handed (a backlog
 * from before a restart, values dropped when too many were held) are read from the table. Only where
 * seq follows commit order (SQLite's one writer).
 */
export class HeldValues {
  #batches: StoredValues[] = [];
  #readings = 0;

  add(stored: StoredValues): void {
    const contiguous = stored.last - stored.first + 1 === stored.readings;
    if (!stored.values || !stored.days || !contiguous) return;
    if (this.#readings + stored.readings > MAX_HELD_READINGS) this.clear();
    this.#batches.push(stored);
    this.#batches.sort((a, b) => a.first - b.first);
    this.#readings += stored.readings;
  }

  /**
   * The values and reading-day entries of the readings right after `after`, up to `limit` readings
   * (at least those of one batch), or null if the next reading is not held. The first batch may hold
   * readings up to `after` too (compacted from the table): theirs have seq ≤ `after` and are to be skipped.
   */
  take(
    after: number,
    limit: number,
  ): { readings: number; last: number; values: Float64Array[]; days: HandedReadings[] } | null {
    this.#drop(after);
    const next = this.#batches[0];
    if (!next || next.first > after + 1) return null;
    const taken = { readings: 0, last: after, values: [] as Float64Array[], days: [] as HandedReadings[] };
    for (const batch of this.#batches) {
      if (batch.first !== taken.last + 1 && taken.values.length) break;
      const readings = batch.last - taken.last;
      if (taken.readings && taken.readings + readings > limit) break;
      taken.readings += readings;
      taken.last = batch.last;
      taken.values.push(batch.values!);
      taken.days.push(batch.days!);
    }
    return taken;
  }

  /** The first seq held after `after`, if any: the table is read only up to it. */
  firstAfter(after: number): number | undefined {
    this.#drop(after);
    const first = this.#batches[0]?.first;
    return first === undefined ? undefined : Math.max(first, after + 1);
  }

  /** Forgets every batch: compaction reads the readings instead. */
  clear(): boolean {
    const had = this.#batches.length > 0;
    this.#drop(Infinity);
    return had;
  }

  /** Forgets the batches compacted up to `seq`. */
  #drop(seq: number) {
    while (this.#batches.length && this.#batches[0]!.last <= seq) this.#readings -= this.#batches.shift()!.readings;
  }
}
