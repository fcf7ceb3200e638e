import { zodResolver } from '@hookform/resolvers/zod';
import { rosterBody, type Roster, type RosterBody } from '@vigil/domain';
import type { Resolver } from 'react-hook-form';
import { browserTimeZone } from '../../../components/forms/time-zone-field.tsx';
import { isoFromZoned, zonedLocal } from './zoned-time.ts';

/** A roster as its form holds it: times as the roster zone's wall clock, the shift length as typed. */
export interface RosterFormValues {
  name: string;
  members: string[];
  shift_hours: string;
  starts_at: string;
  timezone: string;
  overrides: { user_id: string; from: string; to: string }[];
}

/** A new roster: twelve-hour shifts from 07:00 today, in the browser's zone. */
export function emptyRosterForm(today = new Date()): RosterFormValues {
  const zone = browserTimeZone();
  return {
    name: '',
    members: [],
    shift_hours: '12',
    starts_at: `${zonedLocal(today.toISOString(), zone).slice(0, 10)}T07:00`,
    timezone: zone,
    overrides: [],
  };
}

export function rosterFormOf(roster: Roster): RosterFormValues {
  const local = (iso: string) => zonedLocal(iso, roster.timezone);
  return {
    name: roster.name,
    members: [...roster.members],
    shift_hours: String(roster.shift_hours),
    starts_at: local(roster.starts_at),
    timezone: roster.timezone,
    overrides: roster.overrides.map((o) => ({ user_id: o.user_id, from: local(o.from), to: local(o.to) })),
  };
}

/** What is sent: wall-clock times of the roster's zone as UTC instants (blank where they are not times). */
export function bodyOfRosterForm(values: RosterFormValues): RosterBody {
  const iso = (local: string) => isoFromZoned(local, values.timezone) ?? '';
  return {
    name: values.name,
    members: values.members,
    shift_hours: values.shift_hours.trim() === '' ? Number.NaN : Number(values.shift_hours),
    starts_at: iso(values.starts_at),
    timezone: values.timezone,
    overrides: values.overrides.map((o) => ({ user_id: o.user_id, from: iso(o.from), to: iso(o.to) })),
  };
}

const checkBody = zodResolver(rosterBody);

/**
 * Checks the form with the server's own schema, on the body it would send: the form's fields have the
 * body's names, so each message lands on its field.
 */
export const rosterFormResolver: Resolver<RosterFormValues> = async (values, context, options) => {
  const checked = await checkBody(bodyOfRosterForm(values), context, options as never);
  return Object.keys(checked.errors).length ? { values: {}, errors: checked.errors } : { values, errors: {} };
};
