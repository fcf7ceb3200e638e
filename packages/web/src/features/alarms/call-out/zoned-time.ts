/**
 * Wall-clock times of a named time zone as a datetime-local input holds them (`YYYY-MM-DDTHH:mm`): a
 * roster's start and overrides are entered in the roster's zone, not the browser's.
 */

const pad = (n: number) => String(n).padStart(2, '0');

/** The zone's wall-clock fields at an instant. */
function fieldsIn(ms: number, zone: string) {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone: zone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  }).formatToParts(new Date(ms));
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value);
  return { y: get('year'), mo: get('month'), d: get('day'), h: get('hour'), mi: get('minute'), s: get('second') };
}

/** How far the zone's clock is ahead of UTC at an instant, in ms. */
function offsetAt(ms: number, zone: string): number {
  const f = fieldsIn(ms, zone);
  return Date.UTC(f.y, f.mo - 1, f.d, f.h, f.mi, f.s) - Math.floor(ms / 1000) * 1000;
}

/** An instant as the zone's wall clock shows it, to the minute. */
export function zonedLocal(iso: string, zone: string): string {
  const ms = Date.parse(iso);
  if (Number.isNaN(ms)) return '';
  const f = fieldsIn(ms, zone);
  return `${f.y}-${pad(f.mo)}-${pad(f.d)}T${pad(f.h)}:${pad(f.mi)}`;
}

/**
 * The instant (ISO, UTC) at which the zone's wall clock shows `local`; null when it is not a time. A
 * time skipped by a DST change is read with the offset before it.
 */
export function isoFromZoned(local: string, zone: string): string | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/.exec(local);
  if (!match) return null;
  const [y, mo, d, h, mi] = match.slice(1).map(Number) as [number, number, number, number, number];
  const asUtc = Date.UTC(y, mo - 1, d, h, mi);
  if (Number.isNaN(asUtc)) return null;
  try {
    const first = asUtc - offsetAt(asUtc, zone);
    const second = asUtc - offsetAt(first, zone);
    return new Date(second).toISOString();
  } catch {
    return null;
  }
}
