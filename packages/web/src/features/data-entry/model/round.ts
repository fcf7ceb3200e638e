import { isoFromLocal, localDateTime } from '../../../components/dates/local-date-time.ts';
import type { IngestResult } from '@vigil/domain';
import type { EntityTypeName } from '../../../api/registry.ts';

/** A device of a field round, as it was picked (enough to show and send it without the registry). */
export interface RoundDevice {
  id: string;
  entity_type: EntityTypeName;
  title: string;
  eid: string;
}

/** What was typed for one device: raw values as text (as typed) and the local read time `YYYY-MM-DDTHH:mm`. */
export interface RoundEntry {
  values: Record<string, string>;
  readAt: string;
}

/**
 * How far a submission got, kept with the round so that a lost connection never makes a second
 * session or sends the readings twice: the session made for it, and whether the readings are in.
 */
export interface Submission {
  sessionId: string;
  sessionTitle: string;
  /** the readings were accepted by ingest; what is left is closing the session */
  result: IngestResult | null;
}

/** A field visit being entered: kept in the browser until it is submitted. */
export interface Round {
  /** when the first device was picked (the data session's start) */
  startedAt: string;
  devices: RoundDevice[];
  entries: Record<string, RoundEntry>;
  submission: Submission | null;
}

/** Ingest refuses read times more than 5 minutes ahead of its clock; a minute's grace covers ours. */
const FUTURE_GRACE_MS = 60_000;

export type ReadAtError = 'required' | 'future';

/** What is wrong with a read time, if anything. */
export function readAtError(local: string, now: Date): ReadAtError | null {
  const iso = isoFromLocal(local);
  if (!iso) return 'required';
  return Date.parse(iso) > now.getTime() + FUTURE_GRACE_MS ? 'future' : null;
}

export const emptyRound = (now: Date): Round => ({
  startedAt: now.toISOString(),
  devices: [],
  entries: {},
  submission: null,
});

/** The round with `devices` added at its end (those already in it are left where they are), read now. */
export function addDevices(round: Round, devices: readonly RoundDevice[], now: Date): Round {
  const known = new Set(round.devices.map((d) => d.id));
  const added = devices.filter((d) => !known.has(d.id) && known.add(d.id));
  if (added.length === 0) return round;
  const startedAt = round.devices.length === 0 ? now.toISOString() : round.startedAt;
  const entries = { ...round.entries };
  for (const d of added) entries[d.id] = { values: {}, readAt: localDateTime(now) };
  return { ...round, startedAt, devices: [...round.devices, ...added], entries };
}

export function removeDevice(round: Round, id: string): Round {
  const entries = { ...round.entries };
  delete entries[id];
  return { ...round, devices: round.devices.filter((d) => d.id !== id), entries };
}

export function setValue(round: Round, deviceId: string, key: string, text: string): Round {
  const entry = round.entries[deviceId];
  if (!entry) return round;
  return {
    ...round,
    entries: { ...round.entries, [deviceId]: { ...entry, values: { ...entry.values, [key]: text } } },
  };
}

export function setReadAt(round: Round, deviceId: string, readAt: string): Round {
  const entry = round.entries[deviceId];
  if (!entry) return round;
  return { ...round, entries: { ...round.entries, [deviceId]: { ...entry, readAt } } };
}

/** Whether anything was typed: an empty round need not be kept. */
export const isBlank = (round: Round) => round.devices.length === 0 && !round.submission;
