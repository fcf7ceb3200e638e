import type uPlot from 'uplot';

const DAY = 86_400;

/** Month and weekday names of a locale, for uPlot's date templates (its own are English). */
export function dateNames(locale?: string): uPlot.DateNames {
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
