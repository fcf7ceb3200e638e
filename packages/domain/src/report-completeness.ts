/**
 * Data completeness of an instrument over a report's period (issue 39): the readings its contracted
 * SLA promises (one every `slaSeconds`) against those received, and the silences longer than the SLA.
 */

/** Readings at one time (a reading's `read_at`, or the start of a bucket that holds `count` of them). */
export interface ReadingCount {
  t: number;
  count: number;
}

export interface CompletenessGap {
  from: string;
  to: string;
  /** seconds without a reading */
  seconds: number;
}

export interface Completeness {
  expected: number | null;
  received: number;
  /** received / expected in per cent, at most 100; null without an SLA */
  percent: number | null;
  gaps: CompletenessGap[];
}

/** Gaps listed per instrument at most: a silent instrument has one gap, a flapping one many. */
export const MAX_LISTED_GAPS = 50;

const iso = (t: number) => new Date(t).toISOString();

/**
 * Completeness over [from, to): `readings` in time order; an SLA of 0 promises nothing (no expected
 * count, no gaps). A gap runs from a reading (or the period's start) to the next (or the period's end)
 * when they are more than the SLA apart.
 */
export function completeness(
  readings: readonly ReadingCount[],
  from: number,
  to: number,
  slaSeconds: number,
): Completeness {
  const inPeriod = readings.filter((r) => r.t >= from && r.t < to && r.count > 0);
  const received = inPeriod.reduce((sum, r) => sum + r.count, 0);
  if (!(slaSeconds > 0)) return { expected: null, received, percent: null, gaps: [] };
  const sla = slaSeconds * 1000;
  const expected = Math.floor((to - from) / sla);
  const gaps: CompletenessGap[] = [];
  const edges = [from, ...inPeriod.map((r) => r.t), to];
  for (let i = 1; i < edges.length; i++) {
    const a = edges[i - 1]!;
    const b = edges[i]!;
    if (b - a > sla && gaps.length < MAX_LISTED_GAPS) gaps.push({ from: iso(a), to: iso(b), seconds: (b - a) / 1000 });
  }
  const percent = expected > 0 ? Math.min(100, (received / expected) * 100) : null;
  return { expected, received, percent, gaps };
}
