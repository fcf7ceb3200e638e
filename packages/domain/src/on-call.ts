import type { OnCall, QuietHours, RosterOverride } from './call-out.ts';

/** What the rotation reads of a roster. */
export interface RotationRoster {
  members: readonly string[];
  shift_hours: number;
  starts_at: string;
  timezone: string;
  overrides: readonly RosterOverride[];
}

const HOUR = 3_600_000;

/** The zone's offset from UTC (ms) at a UTC instant. */
function offsetAt(zone: string): (utcMs: number) => number {
  if (zone === 'UTC' || zone === 'Etc/UTC') return () => 0;
  const format = new Intl.DateTimeFormat('en-US', {
    timeZone: zone,
    hourCycle: 'h23',
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
    second: 'numeric',
  });
  return (utcMs) => {
    const at = Math.floor(utcMs / 1000) * 1000;
    const p: Record<string, number> = {};
    for (const part of format.formatToParts(new Date(at)))
      if (part.type !== 'literal') p[part.type] = Number(part.value);
    return Date.UTC(p.year!, p.month! - 1, p.day!, p.hour!, p.minute!, p.second!) - at;
  };
}

/**
 * The UTC instant of a wall-clock time of the zone (wall time written as if it were UTC). A time the
 * clocks skip (spring forward) comes out as the instant after the gap; one they pass twice (fall
 * back) as its first occurrence.
 */
function wallToUtc(offset: (utcMs: number) => number, wall: number): number {
  const before = offset(wall - 14 * HOUR);
  const after = offset(wall + 14 * HOUR);
  const first = wall - before;
  if (offset(first) === before) return first;
  const second = wall - after;
  // neither reads back: the wall time is in the gap, and `first` lands just after it
  return offset(second) === after ? second : first;
}

/** Shift k of the rotation: its start and end in UTC ms. */
function shiftBounds(roster: RotationRoster): (k: number) => [number, number] {
  const offset = offsetAt(roster.timezone);
  const start = Date.parse(roster.starts_at);
  const wallStart = start + offset(start);
  const length = roster.shift_hours * HOUR;
  return (k) => [wallToUtc(offset, wallStart + k * length), wallToUtc(offset, wallStart + (k + 1) * length)];
}

/**
 * Who is on call at `at` (ISO or ms) and the span of that turn: the latest-added override covering
 * it, else the member whose shift it is. Shifts follow the wall clock of the roster's time zone, so
 * a 12-hour shift from 07:00 starts at 07:00 on both sides of a DST change (that night's shift is an
 * hour longer or shorter); the rotation runs backwards before `starts_at`. Null without members.
 */
export function onCallAt(roster: RotationRoster, at: string | number): OnCall | null {
  const t = typeof at === 'number' ? at : Date.parse(at);
  const overrides = roster.overrides.map((o) => ({ ...o, f: Date.parse(o.from), e: Date.parse(o.to) }));
  for (let i = overrides.length - 1; i >= 0; i--) {
    const o = overrides[i]!;
    if (o.f <= t && t < o.e) {
      // a later override starting inside this one ends this turn
      const cut = overrides.slice(i + 1).filter((later) => later.f > t && later.f < o.e);
      const to = Math.min(o.e, ...cut.map((later) => later.f));
      return { user_id: o.user_id, from: new Date(o.f).toISOString(), to: new Date(to).toISOString() };
    }
  }
  if (!roster.members.length) return null;
  const bounds = shiftBounds(roster);
  const length = roster.shift_hours * HOUR;
  let k = Math.floor((t - Date.parse(roster.starts_at)) / length);
  // the estimate is off by at most the DST changes between start and now: walk to the right shift
  while (bounds(k)[1] <= t) k++;
  while (bounds(k)[0] > t) k--;
  const [start, end] = bounds(k);
  const n = roster.members.length;
  // an override ending inside the shift starts this turn; one starting inside it ends it
  const from = Math.max(start, ...overrides.filter((o) => o.e > start && o.e <= t).map((o) => o.e));
  const to = Math.min(end, ...overrides.filter((o) => o.f > t && o.f < end).map((o) => o.f));
  return {
    user_id: roster.members[((k % n) + n) % n]!,
    from: new Date(from).toISOString(),
    to: new Date(to).toISOString(),
  };
}

/** Who is on call at `at`, and whose turn comes after (the top bar's "now and next"). */
export function onCallNowAndNext(
  roster: RotationRoster,
  at: string | number,
): { now: OnCall | null; next: OnCall | null } {
  const now = onCallAt(roster, at);
  return { now, next: now ? onCallAt(roster, now.to) : null };
}

/** Whether `at` falls in a contact's quiet hours (local `from`–`to` of its zone; `from` after `to` spans midnight). */
export function inQuietHours(quiet: QuietHours | null, at: string | number): boolean {
  if (!quiet) return false;
  const t = typeof at === 'number' ? at : Date.parse(at);
  const wall = new Date(t + offsetAt(quiet.timezone)(t));
  const minute = wall.getUTCHours() * 60 + wall.getUTCMinutes();
  const toMinutes = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));
  const from = toMinutes(quiet.from);
  const to = toMinutes(quiet.to);
  if (from === to) return false;
  return from < to ? minute >= from && minute < to : minute >= from || minute < to;
}
