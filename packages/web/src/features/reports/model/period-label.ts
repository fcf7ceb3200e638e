/**
 * A report's period [from, to) as people read it: its first and last day ("1 Dec 2026 – 31 Dec 2026"),
 * the last being the day before `to` when `to` is a midnight, in the browser's zone and `locale`.
 */
export function periodLabel(from: string, to: string, locale: string): string {
  const start = new Date(from);
  const end = new Date(Date.parse(to) - 1);
  if (Number.isNaN(start.getTime()) || Number.isNaN(end.getTime())) return '';
  const format = new Intl.DateTimeFormat(locale, { day: 'numeric', month: 'short', year: 'numeric' });
  const first = format.format(start);
  const last = format.format(end);
  return first === last ? first : `${first} – ${last}`;
}

/** A moment (a review step, a report's making) as people read it, in the browser's zone. */
export function momentLabel(iso: string, locale: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }).format(date);
}
