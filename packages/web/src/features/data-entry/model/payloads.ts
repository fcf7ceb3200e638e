import type { ManualPayload } from '@vigil/domain';
import { isoFromLocal } from '../../../components/dates/local-date-time.ts';
import { parseTypedNumber } from '../../../components/forms/typed-number.ts';
import type { Round } from './round.ts';

/** The readings of a round as ingest takes them, and which device each one is (to place the server's complaints). */
export interface RoundPayloads {
  payloads: ManualPayload[];
  deviceIds: string[];
}

/**
 * One manual payload per device with a value: the numbers typed (blanks left out), the read time with
 * its zone, `source: "manual"` and the data session's id (ADR 0027).
 */
export function roundPayloads(round: Round, sessionId: string): RoundPayloads {
  const payloads: ManualPayload[] = [];
  const deviceIds: string[] = [];
  for (const device of round.devices) {
    const entry = round.entries[device.id];
    const readAt = entry && isoFromLocal(entry.readAt);
    if (!entry || !readAt) continue;
    const raw: Record<string, number> = {};
    for (const [key, text] of Object.entries(entry.values)) {
      const value = parseTypedNumber(text);
      if (value !== null && Number.isFinite(value)) raw[key] = value;
    }
    if (Object.keys(raw).length === 0) continue;
    payloads.push({ eid: device.eid, read_at: readAt, raw_metrics: raw, source: 'manual', data_session: sessionId });
    deviceIds.push(device.id);
  }
  return { payloads, deviceIds };
}

/** The server's complaints about a body of payloads (`{index}.{field}`), by device and field (`read_at`, a raw key…). */
export type DeviceProblems = Record<string, Record<string, string>>;

export function problemsByDevice(details: Record<string, string[]> | undefined, deviceIds: readonly string[]) {
  const problems: DeviceProblems = {};
  const general: string[] = [];
  for (const [name, messages] of Object.entries(details ?? {})) {
    const match = /^(\d+)\.(.+)$/.exec(name);
    const deviceId = match ? deviceIds[Number(match[1])] : undefined;
    if (!deviceId) {
      general.push(...messages);
      continue;
    }
    const field = match![2]!.replace(/^raw_metrics\./, '');
    (problems[deviceId] ??= {})[field] = messages[0] ?? '';
  }
  return { problems, general };
}
