import type { NelsonRule, PeriodAggregate } from '@vigil/domain';

/**
 * What an entity's memory keeps of a watched series between evaluations (ADR 0011, 0023): small
 * JSON, copied with the memory at every evaluation and written with it, so that the open period
 * survives a restart as the other memories do (ADR 0016). Closed periods are not kept here: they are
 * in the stored values, and the window is loaded from them again when needed.
 */
export interface SeriesMemory {
  /** the newest reading evaluated, epoch milliseconds */
  t: number;
  /** the readings of the period not closed yet */
  open: PeriodAggregate;
  /** the start of the newest closed period, null before the first */
  closed: number | null;
  /** Nelson's rules 2–8 that fired at the newest closed period's mean (null: not evaluated) */
  fired: NelsonRule[] | null;
  /** whether a reading of the open period was beyond 3σ of its baseline (Nelson's rule 1) */
  spike: boolean;
  /** the trend episode the series is in: the trend rules fired in it and the periods since the last one */
  episode: { rules: NelsonRule[]; quiet: number } | null;
}

/** The memory of a series if it is of the current shape (a memory of per-reading windows is started again). */
export function currentMemory(memory: SeriesMemory | undefined): SeriesMemory | undefined {
  return memory && typeof memory.open === 'object' && memory.open !== null ? memory : undefined;
}
