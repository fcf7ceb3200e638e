/**
 * A custom date range picked as two local calendar dates (YYYY-MM-DD), and its rule
 * (requirements#monitoring-validation).
 */

/** A local date as YYYY-MM-DD. */
export function localDate(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** The first instant of a local date (YYYY-MM-DD). */
export function startOfLocalDay(text: string): Date {
  const [y, m, d] = text.split('-').map(Number) as [number, number, number];
  return new Date(y, m - 1, d);
}

/** The last millisecond of a local date (YYYY-MM-DD). */
export function endOfLocalDay(text: string): Date {
  const start = startOfLocalDay(text);
  return new Date(start.getFullYear(), start.getMonth(), start.getDate() + 1, 0, 0, 0, -1);
}

export type DateError = 'required' | 'future' | 'afterEnd';
export interface CustomRangeErrors {
  start?: DateError;
  end?: DateError;
}

/**
 * Custom range rules (requirements#monitoring-validation): both dates given, none in the future, start not after end.
 */
export function customRangeErrors(start: string | null, end: string | null, now: Date): CustomRangeErrors {
  const today = localDate(now);
  const errors: CustomRangeErrors = {};
  if (!start) errors.start = 'required';
  else if (start > today) errors.start = 'future';
  if (!end) errors.end = 'required';
  else if (end > today) errors.end = 'future';
  if (!errors.start && !errors.end && start! > end!) errors.start = 'afterEnd';
  return errors;
}

/** The range of a valid custom period: from the start of its first day to the end of its last. */
export function customRange(start: string, end: string) {
  return { from: startOfLocalDay(start), to: endOfLocalDay(end) };
}
