/**
 * Dates as the app shows them: 'DD MMMM YYYY, HH:mm:ss' (requirements#monitoring-constants) with the month named in the
 * interface language, and a relative time ("5 minutes ago"), both in the browser's time zone.
 */

const pad = (n: number) => String(n).padStart(2, '0');

/** The month's name as it reads inside a date (Russian uses the genitive, "ноября"). */
function monthName(date: Date, locale: string): string {
  const parts = new Intl.DateTimeFormat(locale, { day: 'numeric', month: 'long', year: 'numeric' }).formatToParts(date);
  return parts.find((p) => p.type === 'month')?.value ?? String(date.getMonth() + 1);
}

export function formatDisplayDate(iso: string, locale: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return (
    `${pad(date.getDate())} ${monthName(date, locale)} ${date.getFullYear()}, ` +
    `${pad(date.getHours())}:${pad(date.getMinutes())}:${pad(date.getSeconds())}`
  );
}

const UNITS: ReadonlyArray<[Intl.RelativeTimeFormatUnit, number]> = [
  ['year', 365 * 86_400],
  ['month', 30 * 86_400],
  ['week', 7 * 86_400],
  ['day', 86_400],
  ['hour', 3600],
  ['minute', 60],
  ['second', 1],
];

/** "3 hours ago", "yesterday", "now": the largest whole unit between `iso` and `now` (never in the future). */
export function relativeTime(iso: string, now: Date, locale: string): string {
  // A time just after `now` is the clocks of browser and server disagreeing, not the future: "now".
  const seconds = Math.min(0, Math.round((Date.parse(iso) - now.getTime()) / 1000));
  if (Number.isNaN(seconds)) return '';
  const format = new Intl.RelativeTimeFormat(locale, { numeric: 'auto' });
  for (const [unit, length] of UNITS) {
    if (Math.abs(seconds) >= length) return format.format(Math.trunc(seconds / length), unit);
  }
  return format.format(0, 'second');
}
