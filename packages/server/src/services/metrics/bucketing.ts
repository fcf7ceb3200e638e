import { DAY_MS, HOUR_MS } from './time-units.ts';

export { DAY_MS, HOUR_MS };
export const WEEK_MS = 7 * DAY_MS;
/** 1970-01-05, the first Monday after the epoch: weeks start on Monday (UTC). */
const MONDAY_ORIGIN = 4 * DAY_MS;

/**
 * The coarsest period that never straddles a bucket boundary: `day` buckets take whole days from
 * the day summaries of ADR 0014; `hour` and `raw` buckets are filled from values (hours only read
 * longer windows at a time).
 */
export type Source = 'raw' | 'hour' | 'day';

/** How time is cut into buckets: every bucket is labelled by its start (epoch milliseconds, UTC). */
export interface Bucketing {
  /** the coarsest stored level whose periods never straddle a bucket boundary */
  source: Source;
  startOf(t: number): number;
  /** the start of the bucket after the one that starts at `start` */
  next(start: number): number;
  /** the width of every bucket and their alignment, when fixed (arithmetic instead of a search) */
  width?: number;
  origin?: number;
}

const floorTo = (t: number, width: number, origin = 0) => Math.floor((t - origin) / width) * width + origin;

/** Buckets of `width` ms aligned to the epoch (or to `origin`): stable across calls, whatever the range. */
export function fixedBuckets(width: number, origin = 0): Bucketing {
  const aligned = (unit: number) => width % unit === 0 && origin % unit === 0;
  return {
    source: aligned(DAY_MS) ? 'day' : aligned(HOUR_MS) ? 'hour' : 'raw',
    startOf: (t) => floorTo(t, width, origin),
    next: (start) => start + width,
    width,
    origin,
  };
}

export const weekBuckets = (): Bucketing => fixedBuckets(WEEK_MS, MONDAY_ORIGIN);

/** Calendar months (UTC), combined from daily rollups. */
export function monthBuckets(): Bucketing {
  return {
    source: 'day',
    startOf: (t) => {
      const d = new Date(t);
      return Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), 1);
    },
    next: (start) => {
      const d = new Date(start);
      return Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 1);
    },
  };
}

/** A single bucket over [from, end), labelled `from`: one value per series for the whole range. */
export function wholeRange(from: number, end: number): Bucketing {
  return { source: 'day', startOf: () => from, next: () => end };
}

/** The same buckets, read from raw values only (e.g. to leave out zero values, which rollups cannot). */
export const rawOnly = (bucketing: Bucketing): Bucketing => ({ ...bucketing, source: 'raw' });

/** A stretch of consecutive buckets read together; `from`/`end` are clipped to the requested range. */
export interface Window {
  from: number;
  end: number;
  starts: number[];
}

export interface WindowLimits {
  maxBuckets: number;
  maxSpanMs: number;
}

/** Cuts [from, end) into windows of whole buckets, so that each window's rows stay bounded. */
export function* windowsOf(bucketing: Bucketing, from: number, end: number, limits: WindowLimits): Generator<Window> {
  let start = bucketing.startOf(from);
  while (start < end) {
    const first = start;
    const starts: number[] = [];
    do {
      starts.push(start);
      start = bucketing.next(start);
    } while (start < end && starts.length < limits.maxBuckets && bucketing.next(start) - first <= limits.maxSpanMs);
    yield { from: Math.max(from, first), end: Math.min(end, start), starts };
  }
}

/** The bucket index of `t` within a window (t is inside the window). */
export function indexerOf(bucketing: Bucketing, window: Window): (t: number) => number {
  const first = window.starts[0]!;
  const width = bucketing.width;
  if (width !== undefined) return (t) => Math.floor((t - first) / width);
  const starts = window.starts;
  return (t) => {
    let lo = 0;
    let hi = starts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (starts[mid]! <= t) lo = mid;
      else hi = mid - 1;
    }
    return lo;
  };
}
