import { LIMIT_LINE_COLOURS } from '@vigil/domain';

/**
 * One series of a chart: readings as [time in ms since the epoch, value], in any order. A value may be null
 * (a gap), a number, a date or a string (requirements#monitoring-validation); see `chartValue` for how each is plotted.
 */
export interface ChartSeriesInput {
  key: string;
  label: string;
  unit: string;
  points: ReadonlyArray<readonly [timeMs: number, value: unknown]>;
  colour?: string;
  /** 'bars' for amounts per period such as rainfall; a line by default */
  style?: 'line' | 'bars';
  /**
   * Each bucket's least and greatest reading and count (ADR 0036): drawn as a band around the line, so
   * that a reading the bucket's average hides still shows at its true value.
   */
  envelope?: readonly EnvelopePoint[];
}

/** A bucket of a series: its start (ms since the epoch), least and greatest reading, and how many it holds. */
export type EnvelopePoint = readonly [timeMs: number, min: number, max: number, count: number];

/** A moment marked on a chart by a dashed vertical line and its label, e.g. the reading that raised an alert. */
export interface ChartMarker {
  /** ms since the epoch */
  time: number;
  label: string;
  /** the marked reading's own value, drawn as a dot at its true height on the scale of `unit` */
  value?: number;
  unit?: string;
}

/** A limit drawn across a chart (requirements#monitoring-constants). */
export interface ChartLimit {
  level: 'critical' | 'warning' | 'invalid';
  bound: 'upper' | 'lower';
  value: number;
  unit: string;
  /** Translated words drawn before the value, e.g. "critical upper limit"; without them only the value shows. */
  label?: string;
}

/** A y scale and where its axis goes: the first unit on the left, the second on the right, others unseen. */
export interface UnitAxis {
  unit: string;
  scale: string;
  side: 'left' | 'right' | 'none';
}

/** A limit ready to draw: its scale, colour, dash pattern (CSS px) and text. */
export interface LimitLine {
  scale: string;
  value: number;
  colour: string;
  dash: number[];
  text: string;
}

export type ValueFormat = (value: number, unit: string) => string;

/** uPlot's aligned data as built here: times in seconds, then a column per series. */
export type ChartData = [xs: number[], ...columns: (number | null | undefined)[][]];

/** How far beyond the data a limit may lie and still widen the y range, as a share of the data's span. */
const LIMIT_REACH = 0.5;

const LOWER_DASH = [6, 4];
const isValue = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);

/**
 * What a reading's value plots as (requirements#monitoring-validation: values that are not null, number, date or string
 * are invalid
 * chart points): a finite number as itself, a numeric string parsed, a date as its time; null, or a string
 * that is not a number, as a gap (null). Anything else (an object, a boolean, NaN, ±Infinity) is invalid:
 * undefined.
 */
export function chartValue(value: unknown): number | null | undefined {
  if (value === null || value === undefined) return null;
  if (typeof value === 'number') return Number.isFinite(value) ? value : undefined;
  if (typeof value === 'string') {
    const parsed = value.trim() === '' ? Number.NaN : Number(value);
    return Number.isFinite(parsed) ? parsed : null;
  }
  if (value instanceof Date) return isValue(value.getTime()) ? value.getTime() : undefined;
  return undefined;
}

/** True when no series holds a single plottable value. */
export function isEmpty(series: readonly ChartSeriesInput[]): boolean {
  return !series.some((s) => s.points.some(([t, v]) => isValue(t) && isValue(chartValue(v))));
}

/** The legend text of a series: `Piezometric level (m)`. */
export function legendLabel(series: Pick<ChartSeriesInput, 'label' | 'unit'>): string {
  return series.unit ? `${series.label} (${series.unit})` : series.label;
}

/** The distinct units in order of appearance, each with its own scale (`u0`, `u1`, …) and axis side. */
export function unitAxes(series: readonly Pick<ChartSeriesInput, 'unit'>[]): UnitAxis[] {
  // A third unit gets a scale of its own without an axis: sharing the right axis would read its values
  // against the wrong unit. Its values stay readable in the legend, which names the unit.
  return [...new Set(series.map((s) => s.unit))].map((unit, i) => ({
    unit,
    scale: `u${i}`,
    side: i === 0 ? 'left' : i === 1 ? 'right' : 'none',
  }));
}

/** The scale of a unit; an unknown unit falls back to the first scale. */
export function scaleOf(axes: readonly UnitAxis[], unit: string): string {
  return axes.find((a) => a.unit === unit)?.scale ?? 'u0';
}

/** A plain number and unit, in the given locale. */
export function valueFormat(locale?: string): ValueFormat {
  const numbers = new Intl.NumberFormat(locale, { maximumFractionDigits: 3 });
  return (value, unit) => (unit ? `${numbers.format(value)} ${unit}` : numbers.format(value));
}

/** Limits as lines: the spec's colour per level, dashed for lower bounds, on the scale of their unit. */
export function limitLines(
  limits: readonly ChartLimit[],
  axes: readonly UnitAxis[],
  format: ValueFormat = valueFormat(),
): LimitLine[] {
  return limits
    .filter((l) => isValue(l.value))
    .map((l) => ({
      scale: scaleOf(axes, l.unit),
      value: l.value,
      colour: LIMIT_LINE_COLOURS[l.level],
      dash: l.bound === 'lower' ? LOWER_DASH : [],
      text: [l.label, format(l.value, l.unit)].filter(Boolean).join(' '),
    }));
}

/**
 * The y extent of a scale: its data's, widened to the limits lying within LIMIT_REACH of the data's span
 * beyond it (for flat data the span is taken as 10% of its magnitude), so a distant limit does not flatten
 * the chart. Without data the limits alone set it; with neither, null.
 */
export function scaleExtent(
  dataMin: number | null | undefined,
  dataMax: number | null | undefined,
  limitValues: readonly number[],
): [number, number] | null {
  if (!isValue(dataMin) || !isValue(dataMax)) {
    return limitValues.length ? [Math.min(...limitValues), Math.max(...limitValues)] : null;
  }
  const span = dataMax - dataMin || Math.abs(dataMax) * 0.1 || 1;
  const reach = span * LIMIT_REACH;
  const near = limitValues.filter((v) => v >= dataMin - reach && v <= dataMax + reach);
  const low = Math.min(dataMin, ...near);
  const high = Math.max(dataMax, ...near);
  // A flat series sits in the middle of a band a tenth of its value wide, not on an axis of its own making.
  return low === high ? [low - span / 2, high + span / 2] : [low, high];
}

/**
 * Bucket starts as answered (ISO text) in ms since the epoch, parsed once: the series of one page share
 * their buckets, and 2,000 of them parsed for each of a series' values and envelope were a large part
 * of a dashboard's work after its data came.
 */
const bucketTimes = new Map<string, number>();
const BUCKET_TIMES_LIMIT = 100_000;

function bucketTime(iso: string): number {
  let time = bucketTimes.get(iso);
  if (time === undefined) {
    if (bucketTimes.size >= BUCKET_TIMES_LIMIT) bucketTimes.clear();
    time = Date.parse(iso);
    bucketTimes.set(iso, time);
  }
  return time;
}

/** Points oldest first: the provider answers them in time order, so they are sorted only if they are not. */
function inTimeOrder<T extends readonly [number, ...unknown[]]>(points: T[]): T[] {
  for (let i = 1; i < points.length; i++) {
    if (points[i]![0] < points[i - 1]![0]) return points.sort((a, b) => a[0] - b[0]);
  }
  return points;
}

/** The values of one series of a timeseries answer (keyed by bucket start) as [time, value], oldest first. */
export function valuePoints(values: Record<string, number>): Array<[number, number]> {
  const points: Array<[number, number]> = [];
  for (const time in values) points.push([bucketTime(time), values[time]!]);
  return inTimeOrder(points);
}

/**
 * The envelope of one series of a timeseries answer (`envelope` and `counts`, keyed by bucket start),
 * oldest first; empty when the answer has none.
 */
export function envelopePoints(series: {
  envelope?: Record<string, readonly [number, number]>;
  counts?: Record<string, number>;
}): EnvelopePoint[] {
  const { envelope, counts } = series;
  const points: EnvelopePoint[] = [];
  for (const time in envelope) {
    const [min, max] = envelope[time]!;
    points.push([bucketTime(time), min, max, counts?.[time] ?? 0]);
  }
  return inTimeOrder(points);
}

/** The least and greatest envelope value of the series on `scale` within [fromMs, toMs], or null. */
export function envelopeExtent(
  envelopes: ReadonlyArray<{ scale: string; points: readonly EnvelopePoint[] }>,
  scale: string,
  fromMs: number,
  toMs: number,
): [number, number] | null {
  let low = Infinity;
  let high = -Infinity;
  for (const e of envelopes) {
    if (e.scale !== scale) continue;
    for (const [t, min, max] of e.points) {
      if (t < fromMs || t > toMs) continue;
      if (min < low) low = min;
      if (max > high) high = max;
    }
  }
  return low <= high ? [low, high] : null;
}

interface Readings {
  times: number[];
  values: (number | null)[];
}

/**
 * The plottable readings of a series as [time, number | null]. Invalid points are left out (the line runs
 * on past them) and reported with one console warning for the whole series, so that a bad feed is seen
 * without flooding the console.
 */
export function validPoints(series: Pick<ChartSeriesInput, 'key' | 'points'>): Array<[number, number | null]> {
  const valid: Array<[number, number | null]> = [];
  const invalid: unknown[] = [];
  for (const [t, v] of series.points) {
    const value = chartValue(v);
    if (!isValue(t)) continue;
    if (value === undefined) invalid.push(v);
    else valid.push([t, value]);
  }
  if (invalid.length) {
    console.warn(`Chart series "${series.key}": ${invalid.length} invalid point(s) not plotted, e.g.`, invalid[0]);
  }
  return valid;
}

/** Readings sorted by time, with a null between two readings too far apart. */
function readingsOf(valid: Array<[number, number | null]>, gapMs: number | undefined): Readings {
  const sorted = valid.every((p, i) => i === 0 || valid[i - 1]![0] <= p[0])
    ? valid
    : [...valid].sort((a, b) => a[0] - b[0]);
  const limit = gapMs ?? 3 * medianSpacing(sorted);
  const times: number[] = [];
  const values: (number | null)[] = [];
  sorted.forEach(([t, v], i) => {
    const previous = sorted[i - 1]?.[0];
    if (previous !== undefined && t - previous > limit) {
      times.push((previous + t) / 2);
      values.push(null);
    }
    times.push(t);
    values.push(v);
  });
  return { times, values };
}

/** The median time between consecutive readings (repeated times aside); Infinity below two readings. */
export function medianSpacing(sorted: ReadonlyArray<readonly [number, ...unknown[]]>): number {
  const spacings = new Float64Array(sorted.slice(1).map(([t], i) => t - sorted[i]![0])).filter((d) => d > 0).sort();
  const mid = spacings.length >> 1;
  if (!spacings.length) return Infinity;
  return spacings.length % 2 ? spacings[mid]! : (spacings[mid - 1]! + spacings[mid]!) / 2;
}

/**
 * The series joined on the sorted union of their times, as uPlot wants them: x in seconds, one column per
 * series. A time where a series has no reading holds `undefined` (the line runs on past it); a gap holds
 * `null`: a null value, or two consecutive readings further apart than `gapMs` (default three times the
 * series' median spacing). A gap's nulls extend over the neighbouring `undefined`s so uPlot breaks the line
 * from the last reading before the gap to the first after it (its join "expand" mode).
 */
export function alignSeries(series: readonly ChartSeriesInput[], options: { gapMs?: number } = {}): ChartData {
  // bars stand on their own: no gaps to break between them
  const readings = series.map((s) => readingsOf(validPoints(s), s.style === 'bars' ? Infinity : options.gapMs));
  const all = new Float64Array(readings.flatMap((r) => r.times)).sort();
  const xsMs = all.filter((t, i) => i === 0 || t !== all[i - 1]);
  const columns = readings.map((r, i) => (series[i]!.style === 'bars' ? spread(r, xsMs) : expandGaps(spread(r, xsMs))));
  return [Array.from(xsMs, (t) => t / 1000), ...columns];
}

function spread({ times, values }: Readings, xsMs: Float64Array): (number | null | undefined)[] {
  const column = new Array<number | null | undefined>(xsMs.length).fill(undefined);
  // both are sorted and xsMs holds every time, so one forward walk finds each slot; a repeated time keeps its last value
  for (let k = 0, j = 0; k < times.length; k++) {
    while (xsMs[j]! < times[k]!) j++;
    column[j] = values[k];
  }
  return column;
}

function expandGaps(column: (number | null | undefined)[]): (number | null | undefined)[] {
  for (let i = 0; i < column.length; i++) {
    if (column[i] !== null) continue;
    for (let j = i - 1; j >= 0 && column[j] === undefined; j--) column[j] = null;
    while (i + 1 < column.length && column[i + 1] == null) column[++i] = null;
  }
  return column;
}

/** Indices of readings with no reading on either side (between gaps): drawn as dots, or they would not show. */
export function isolatedPoints(column: ArrayLike<number | null | undefined>): number[] {
  const isolated: number[] = [];
  let previous: number | null | undefined = undefined;
  for (let i = 0; i < column.length; i++) {
    const v = column[i];
    if (v === undefined) continue;
    if (v !== null && previous == null && nextDefined(column, i) == null) isolated.push(i);
    previous = v;
  }
  return isolated;
}

function nextDefined(column: ArrayLike<number | null | undefined>, i: number): number | null | undefined {
  for (let j = i + 1; j < column.length; j++) if (column[j] !== undefined) return column[j];
  return undefined;
}
