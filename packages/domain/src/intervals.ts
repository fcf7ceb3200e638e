/**
 * The connectivity interval between consecutive events (requirements#monitoring-states): years, months, weeks or days
 * when there is at least one whole day; otherwise hours plus minutes, minutes plus seconds, seconds,
 * or '0 secs'; '---' for the last item, which has no older event.
 *
 * Pinned by intervals.test.ts: a year is 365 days, a month 30 days, a week 7 days; every unit is
 * whole (floored), only the largest day-based unit is shown ('6 days' for 6 days 23 hours), and
 * the second unit of a pair is shown even when 0 ('1 hour 0 mins', '1 min 0 secs'). A negative
 * interval (events out of order) shows its length.
 */

export const INTERVAL_UNITS = ['years', 'months', 'weeks', 'days', 'hours', 'mins', 'secs'] as const;
export type IntervalUnit = (typeof INTERVAL_UNITS)[number];
export interface IntervalPart {
  unit: IntervalUnit;
  count: number;
}

const DAY_UNITS: ReadonlyArray<[IntervalUnit, number]> = [
  ['years', 365],
  ['months', 30],
  ['weeks', 7],
  ['days', 1],
];

const SINGULAR: Record<IntervalUnit, string> = {
  years: 'year',
  months: 'month',
  weeks: 'week',
  days: 'day',
  hours: 'hour',
  mins: 'min',
  secs: 'sec',
};

/** The units to show for an interval, largest first, so the web app can translate them; [] when not finite. */
export function intervalParts(ms: number): IntervalPart[] {
  if (!Number.isFinite(ms)) return [];
  const secs = Math.floor(Math.abs(ms) / 1000);
  const days = Math.floor(secs / 86_400);
  for (const [unit, length] of DAY_UNITS) {
    if (days >= length) return [{ unit, count: Math.floor(days / length) }];
  }
  const hours = Math.floor(secs / 3600);
  const mins = Math.floor((secs % 3600) / 60);
  if (hours > 0)
    return [
      { unit: 'hours', count: hours },
      { unit: 'mins', count: mins },
    ];
  if (mins > 0)
    return [
      { unit: 'mins', count: mins },
      { unit: 'secs', count: secs % 60 },
    ];
  return [{ unit: 'secs', count: secs }];
}

/** English wording of an interval: '2 years', '1 hour 5 mins', '0 secs'; '---' for none (the last item). */
export function intervalWording(ms: number | null): string {
  const parts = ms === null ? [] : intervalParts(ms);
  if (parts.length === 0) return '---';
  return parts.map(({ unit, count }) => `${count} ${count === 1 ? SINGULAR[unit] : unit}`).join(' ');
}

/** For times newest first: the milliseconds from each to the next older one; null for the last or an unreadable time. */
export function intervalsBetween(times: readonly string[]): Array<number | null> {
  return times.map((time, i) => {
    const older = times[i + 1];
    if (older === undefined) return null;
    const ms = Date.parse(time) - Date.parse(older);
    return Number.isNaN(ms) ? null : ms;
  });
}
