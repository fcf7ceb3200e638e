/** Times as a datetime-local input holds them: the browser's local time, `YYYY-MM-DDTHH:mm`. */

const pad = (n: number) => String(n).padStart(2, '0');

/** A time as a datetime-local input shows it, to the minute. */
export function localDateTime(date: Date): string {
  return (
    `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}` +
    `T${pad(date.getHours())}:${pad(date.getMinutes())}`
  );
}

/** A datetime-local text as an ISO instant with its zone; null when it is not a time. */
export function isoFromLocal(local: string): string | null {
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?$/.test(local)) return null;
  const date = new Date(local);
  return Number.isNaN(date.getTime()) ? null : date.toISOString();
}
