import type uPlot from 'uplot';

const DAY = 86_400;

const namesOfLocale = new Map<string | undefined, uPlot.DateNames>();

/**
 * Month and weekday names of a locale, for uPlot's date templates (its own are English): one object
 * per locale, so that what is measured against it (chart-options.ts) is measured once, not per chart.
 */
export function dateNames(locale?: string): uPlot.DateNames {
  let found = namesOfLocale.get(locale);
  if (!found) namesOfLocale.set(locale, (found = localeNames(locale)));
  return found;
}

function localeNames(locale?: string): uPlot.DateNames {
  const names = (options: Intl.DateTimeFormatOptions, dates: number[]) => {
    const format = new Intl.DateTimeFormat(locale, { ...options, timeZone: 'UTC' });
    return dates.map((d) => format.format(d));
  };
  const months = Array.from({ length: 12 }, (_, m) => Date.UTC(2000, m, 1));
  const weekdays = Array.from({ length: 7 }, (_, d) => Date.UTC(2000, 0, 2 + d)); // 2 January 2000 was a Sunday
  return {
    MMMM: names({ month: 'long' }, months),
    MMM: names({ month: 'short' }, months),
    WWWW: names({ weekday: 'long' }, weekdays),
    WWW: names({ weekday: 'short' }, weekdays),
  };
}

/**
 * Tick labels of the time axis in local time, 24-hour and day before month (uPlot's defaults are US style).
 * Per row: the smallest tick step (s), the label, then the line added when the year, month, day, hour, minute
 * or second rolls over, then 1 (add rather than replace).
 */
export const TIME_AXIS_VALUES: uPlot.Axis.TimeValuesConfig = [
  [365 * DAY, '{YYYY}', null, null, null, null, null, null, 1],
  [28 * DAY, '{MMM}', '\n{YYYY}', null, null, null, null, null, 1],
  [DAY, '{D} {MMM}', '\n{YYYY}', null, null, null, null, null, 1],
  [3600, '{HH}:{mm}', '\n{D} {MMM} {YYYY}', null, '\n{D} {MMM}', null, null, null, 1],
  [60, '{HH}:{mm}', '\n{D} {MMM} {YYYY}', null, '\n{D} {MMM}', null, null, null, 1],
  [1, '{HH}:{mm}:{ss}', '\n{D} {MMM} {YYYY}', null, '\n{D} {MMM}', null, null, null, 1],
];

/** The time under the cursor, as the spec displays dates ('DD MMMM YYYY, HH:mm:ss'). */
export const CURSOR_TIME = '{DD} {MMMM} {YYYY}, {HH}:{mm}:{ss}';

const MINUTE = 60;
const HOUR = 3600;
const MONTH = 30 * DAY;
const YEAR = 365 * DAY;

/** The time axis' tick steps (s), uPlot's own: given to the axis so that `timeAxisSpace` reasons on the same. */
// prettier-ignore
export const TIME_INCRS = [
  1,
  5,
  10,
  15,
  30,
  MINUTE,
  5 * MINUTE,
  10 * MINUTE,
  15 * MINUTE,
  30 * MINUTE,
  HOUR,
  2 * HOUR,
  3 * HOUR,
  4 * HOUR,
  6 * HOUR,
  8 * HOUR,
  12 * HOUR,
  DAY,
  2 * DAY,
  3 * DAY,
  4 * DAY,
  5 * DAY,
  6 * DAY,
  7 * DAY,
  8 * DAY,
  9 * DAY,
  10 * DAY,
  15 * DAY,
  MONTH,
  2 * MONTH,
  3 * MONTH,
  4 * MONTH,
  6 * MONTH,
  YEAR,
  2 * YEAR,
  5 * YEAR,
  10 * YEAR,
  25 * YEAR,
  50 * YEAR,
  100 * YEAR,
];

/** Pixels between two tick labels. */
const LABEL_GAP_PX = 12;

/**
 * The time axis' `space`: the tick step is chosen so that the widest line any of its labels may carry
 * (the first tick's adds the year) fits between two ticks, in the interface's language. uPlot's fixed
 * spacing let "21 Nov 2026" run into "22 Nov". `labelWidth(step)` measures the widest label of a step.
 */
export function timeAxisSpace(labelWidth: (step: number) => number): Exclude<uPlot.Axis.Space, number> {
  return (_u, _axis, min, max, plotDim) => {
    const span = max - min;
    if (!(span > 0) || !(plotDim > 0)) return 50;
    for (const step of TIME_INCRS) {
      const px = (step / span) * plotDim;
      // A hair under: uPlot takes the first step whose spacing reaches `space`.
      if (px >= labelWidth(step) + LABEL_GAP_PX) return px - 0.01;
    }
    return plotDim;
  };
}

/** The label templates a tick of `step` seconds may use (TIME_AXIS_VALUES' row for it), lines apart. */
export function templatesOf(step: number): string[] {
  const row = TIME_AXIS_VALUES.find((r) => step >= (r[0] as number)) ?? TIME_AXIS_VALUES.at(-1)!;
  return (row.slice(1, 8).filter((t) => typeof t === 'string') as string[]).flatMap((t) =>
    t.split('\n').filter(Boolean),
  );
}
