import { periodAt, type ReportPeriod } from '@vigil/domain';

/** What a report may be generated for: the period holding now, or days the user chooses. */
export const SPAN_CHOICES = ['week', 'month', 'quarter', 'custom'] as const;
export type SpanChoice = (typeof SPAN_CHOICES)[number];

/** The current week, month or quarter in `zone`, as the ISO instants [from, to) a report is asked for. */
export function currentPeriod(period: ReportPeriod, now: Date, zone: string): { from: string; to: string } {
  const { from, to } = periodAt(period, now.getTime(), zone);
  return { from: new Date(from).toISOString(), to: new Date(to).toISOString() };
}

/**
 * Chosen days (YYYY-MM-DD, both included) as [from, to): local midnight of the first day to local
 * midnight after the last, in the browser's zone. Null while a day is missing or unreadable; the
 * schema says when the first is after the last.
 */
export function chosenDays(first: string, last: string): { from: string; to: string } | null {
  const start = localMidnight(first, 0);
  const end = localMidnight(last, 1);
  return start && end ? { from: start.toISOString(), to: end.toISOString() } : null;
}

function localMidnight(day: string, plusDays: number): Date | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (!match) return null;
  const date = new Date(Number(match[1]), Number(match[2]) - 1, Number(match[3]) + plusDays);
  return Number.isNaN(date.getTime()) ? null : date;
}
