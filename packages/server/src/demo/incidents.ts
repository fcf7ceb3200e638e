import type { DemoReading } from './device-models.ts';
import type { DemoInstrument } from './history.ts';
import { MINUTE_MS } from './signals.ts';

/**
 * The demo's scripted incidents, so that a short visit sees every kind of event arrive (the
 * signals' own outages and breaches are days apart). In cycles of an hour from the simulator's
 * start (`origin`), in each demo project (an hour, so that the demo's steady state keeps within
 * ISA-18.2's 6 alarms an hour, ADR 0024):
 *   minute 1   a payload from an eid nobody registered (unknown_payload_received)
 *   minute 2   a pressure spike on PZ-03 beyond its critical limit (limits, safety, operational,
 *              advanced indicator, abnormality, the logger's data quality)
 *   minute 4   a truncated message from a logger (invalid_payload_received)
 *   minute 6   an impossible pressure on PZ-03 (invalid_metric_received, metric quality)
 *   8–25       the project's last logger falls silent (connectivity, then health), and recovers
 */
export const INCIDENT_CYCLE_MS = 60 * MINUTE_MS;
const SPIKE_EID = 'PZ-03';
const SILENT_LOGGER: Record<string, string> = { 'cerro-azul': 'DL-03', 'ouse-embankment': 'DL-02' };
const KPA_PER_M = 9.8068;

const minuteOfCycle = (origin: number, t: number) =>
  Math.floor(((((t - origin) % INCIDENT_CYCLE_MS) + INCIDENT_CYCLE_MS) % INCIDENT_CYCLE_MS) / MINUTE_MS);

/** Whether the device is silenced by the script at `t`. */
export function isScriptedSilence(
  device: Pick<DemoInstrument, 'eid' | 'projectSlug'>,
  origin: number,
  t: number,
): boolean {
  const minute = minuteOfCycle(origin, t);
  return SILENT_LOGGER[device.projectSlug] === device.eid && minute >= 8 && minute < 26;
}

/** The device's readings at `t` as the script bends them (an impossible value, a spike), or as they are. */
export function scriptedReadings(
  device: DemoInstrument,
  origin: number,
  t: number,
  readings: DemoReading[],
): DemoReading[] {
  if (device.eid !== SPIKE_EID) return readings;
  const minute = minuteOfCycle(origin, t);
  if (minute === 6) return readings.map((r) => ({ ...r, raw_metrics: { ...r.raw_metrics, pressure: 99_999 } }));
  if (minute !== 2) return readings;
  const critical = device.limits.find(
    (l) => l.metric === 'piezometric_level' && l.level === 'critical' && l.bound === 'upper',
  );
  const tip = device.context.tip_elevation;
  if (!critical || tip === undefined) return readings;
  const pressure = Math.round((critical.value + 0.8 - tip) * KPA_PER_M * 100) / 100;
  return readings.map((r) => ({ ...r, raw_metrics: { ...r.raw_metrics, pressure } }));
}

export type ProjectIncident =
  | { kind: 'unknown_eid'; payload: { eid: string; read_at: string; raw_metrics: Record<string, number> } }
  | { kind: 'invalid_payload'; eid: string; text: string; reason: string };

/** The project-wide incidents due in (from, to]: at most one of each kind per cycle. */
export function projectIncidents(slug: string, origin: number, from: number, to: number): ProjectIncident[] {
  const out: ProjectIncident[] = [];
  const cycleStart = origin + Math.floor((to - origin) / INCIDENT_CYCLE_MS) * INCIDENT_CYCLE_MS;
  const due = (minute: number) => {
    const at = cycleStart + minute * MINUTE_MS;
    return at > from && at <= to ? at : null;
  };
  const unknownAt = due(1);
  if (unknownAt !== null) {
    out.push({
      kind: 'unknown_eid',
      payload: { eid: 'PZ-99', read_at: new Date(unknownAt).toISOString(), raw_metrics: { pressure: 212.4 } },
    });
  }
  const invalidAt = due(4);
  if (invalidAt !== null) {
    const logger = SILENT_LOGGER[slug] ?? 'DL-01';
    out.push({
      kind: 'invalid_payload',
      eid: logger,
      text: `{"eid": "${logger}", "read_at": "${new Date(invalidAt).toISOString()}", "raw_metrics": {"battery_voltage": 12.`,
      reason: 'Unexpected end of JSON input (message truncated in transit)',
    });
  }
  return out;
}
