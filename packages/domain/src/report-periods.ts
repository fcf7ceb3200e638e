import type { ReportPeriod, ReportSchedule } from './reports.ts';

/**
 * Calendar periods of reports in a time zone (ADR 0051): weeks start on Monday, quarters in January,
 * April, July and October, each at local midnight. Pure: the zone's offsets come from Intl.
 */

interface LocalTime {
  year: number;
  /** 1–12 */
  month: number;
  day: number;
  hour: number;
  minute: number;
}

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterOf(zone: string): Intl.DateTimeFormat {
  let format = formatters.get(zone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    formatters.set(zone, format);
  }
  return format;
}

/** The wall-clock time in `zone` at the instant `ms`. */
export function localTimeOf(ms: number, zone: string): LocalTime & { second: number } {
  const parts = Object.fromEntries(
    formatterOf(zone)
      .formatToParts(new Date(ms))
      .map((p) => [p.type, p.value]),
  );
  return {
    year: Number(parts.year),
    month: Number(parts.month),
    day: Number(parts.day),
    hour: Number(parts.hour),
    minute: Number(parts.minute),
    second: Number(parts.second),
  };
}

/** How far `zone` is ahead of UTC at the instant `ms`. */
function offsetAt(ms: number, zone: string): number {
  const t = localTimeOf(ms, zone);
  const asUtc = Date.UTC(t.year, t.month - 1, t.day, t.hour, t.minute, t.second);
  return asUtc - Math.floor(ms / 1000) * 1000;
}

/** The instant the wall clock of `zone` shows `local` (month and day may overflow, as Date.UTC allows). */
export function instantOf(local: LocalTime, zone: string): number {
  const guess = Date.UTC(local.year, local.month - 1, local.day, local.hour, local.minute);
  const first = guess - offsetAt(guess, zone);
  // Across a change of offset the first guess is off by the change: the offset at the answer decides.
  return guess - offsetAt(first, zone);
}

/** The local date of the first day of the period holding `local`'s date. */
function periodStartDate(period: ReportPeriod, local: LocalTime): { year: number; month: number; day: number } {
  if (period === 'month') return { year: local.year, month: local.month, day: 1 };
  if (period === 'quarter') return { year: local.year, month: local.month - ((local.month - 1) % 3), day: 1 };
  const weekday = (new Date(Date.UTC(local.year, local.month - 1, local.day)).getUTCDay() + 6) % 7; // Monday 0
  const monday = new Date(Date.UTC(local.year, local.month - 1, local.day - weekday));
  return { year: monday.getUTCFullYear(), month: monday.getUTCMonth() + 1, day: monday.getUTCDate() };
}

function shift(period: ReportPeriod, date: { year: number; month: number; day: number }, by: number) {
  const d =
    period === 'week'
      ? new Date(Date.UTC(date.year, date.month - 1, date.day + 7 * by))
      : new Date(Date.UTC(date.year, date.month - 1 + (period === 'quarter' ? 3 : 1) * by, date.day));
  return { year: d.getUTCFullYear(), month: d.getUTCMonth() + 1, day: d.getUTCDate() };
}

/** The period holding the instant `ms` in `zone`, as [from, to) instants. */
export function periodAt(period: ReportPeriod, ms: number, zone: string): { from: number; to: number } {
  const start = periodStartDate(period, localTimeOf(ms, zone));
  const next = shift(period, start, 1);
  return {
    from: instantOf({ ...start, hour: 0, minute: 0 }, zone),
    to: instantOf({ ...next, hour: 0, minute: 0 }, zone),
  };
}

/** The period before the one holding `ms`. */
export function previousPeriod(period: ReportPeriod, ms: number, zone: string): { from: number; to: number } {
  const current = periodAt(period, ms, zone);
  return periodAt(period, current.from - 1, zone);
}

/**
 * When a schedule fires in the period holding `ms`: its day of that period at its time, in its zone.
 * The report it makes covers the period before.
 */
export function scheduledFiring(schedule: ReportSchedule, ms: number): number {
  const zone = schedule.timezone;
  const start = periodStartDate(schedule.every, localTimeOf(ms, zone));
  const [hour, minute] = schedule.at.split(':').map(Number) as [number, number];
  return instantOf({ ...start, day: start.day + schedule.day - 1, hour, minute }, zone);
}

/**
 * The report a schedule owes at `ms`, if any: the previous period's, once the firing of the current
 * period has passed. `key` names the firing, so that several servers make it once.
 */
export function dueReport(
  schedule: ReportSchedule,
  ms: number,
): { from: number; to: number; firedAt: number; key: string } | null {
  const firedAt = scheduledFiring(schedule, ms);
  if (ms < firedAt) return null;
  const { from, to } = previousPeriod(schedule.every, ms, schedule.timezone);
  return { from, to, firedAt, key: new Date(from).toISOString() };
}
