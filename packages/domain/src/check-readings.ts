import { z } from 'zod';

/**
 * Check readings (ADR 0042): a manual reading of a logger-read device beside the logger's reading
 * nearest in time, metric by metric, with the difference (manual − logger), the way engineers verify
 * a gauge against a dip meter or a hand-held readout.
 */

/** How far from a manual reading a logger's reading may be and still be compared. */
export const CHECK_TOLERANCE_MINUTES = 30;

const checkedMetric = z.object({
  group: z.enum(['calculated_metrics', 'raw_metrics']),
  metric: z.string(),
  manual: z.number(),
  logger: z.number(),
  /** manual − logger */
  difference: z.number(),
});
export type CheckedMetric = z.infer<typeof checkedMetric>;

export const readingCheckSchema = z.object({
  manual_reading_id: z.string(),
  monitored_entity_id: z.string(),
  data_point_id: z.string().nullable(),
  read_at: z.string(),
  /** the logger's reading compared, null when none is within the tolerance */
  logger_read_at: z.string().nullable(),
  metrics: z.array(checkedMetric),
});
export type ReadingCheck = z.infer<typeof readingCheckSchema>;

export const readingChecksSchema = z.object({
  tolerance_minutes: z.number(),
  objects: z.array(readingCheckSchema),
});
export type ReadingChecks = z.infer<typeof readingChecksSchema>;

/** A stored reading's time and metric groups, as the check needs them. */
export interface TimedGroups {
  t: number;
  groups: Partial<Record<'raw_metrics' | 'calculated_metrics', Record<string, number>>>;
}

/**
 * The candidate nearest to `t` within `toleranceMs` (either side); of two equally near, the earlier,
 * since a logger's reading before the hand reading is the one the technician saw on site.
 */
export function nearestWithin<T extends { t: number }>(candidates: readonly T[], t: number, toleranceMs: number) {
  let best: T | undefined;
  for (const c of candidates) {
    const gap = Math.abs(c.t - t);
    if (gap > toleranceMs) continue;
    if (!best || gap < Math.abs(best.t - t) || (gap === Math.abs(best.t - t) && c.t < best.t)) best = c;
  }
  return best;
}

/** The metrics both readings have, calculated ones first (the engineering values), each with manual − logger. */
export function compareReadings(manual: TimedGroups['groups'], logger: TimedGroups['groups']): CheckedMetric[] {
  const out: CheckedMetric[] = [];
  for (const group of ['calculated_metrics', 'raw_metrics'] as const) {
    const mine = manual[group] ?? {};
    const theirs = logger[group] ?? {};
    for (const metric of Object.keys(mine)) {
      const a = mine[metric];
      const b = theirs[metric];
      if (typeof a !== 'number' || typeof b !== 'number') continue;
      // rounded to 1e-9 so that 5.1 − 5.0 shows as 0.1, not 0.09999999999999964
      out.push({ group, metric, manual: a, logger: b, difference: Math.round((a - b) * 1e9) / 1e9 });
    }
  }
  return out;
}
