import { KPA_PER_METRE_OF_WATER } from '@vigil/domain';
import type { IngestHost } from '../services/ingest/pipeline.ts';
import { loadDemoInstruments } from './history.ts';

/** How far each hand reading of a round is from its logger's level, m: a readout's scatter of a few centimetres of head. */
export const HAND_OFFSETS_M = [0.03, -0.02, 0.04, -0.01];
const MINUTES_APART = 6;

export interface HandReading {
  eid: string;
  read_at: string;
  raw_metrics: Record<string, number>;
}

/**
 * A round of hand readings of `eids` from `start` on, six minutes apart, each a few centimetres
 * (HAND_OFFSETS_M) from the level its logger stores at the nearest instant of the history's grid: the
 * same signal the history writes, so that a check of the round against the loggers passes as on a
 * sound site: the digits and temperature a hand-held readout shows at the terminal box for that
 * level. Null when a device or its logger is down then: the technician would have come another day.
 */
export async function handReadings(
  app: Pick<IngestHost, 'db'>,
  projectId: string,
  eids: readonly string[],
  start: number,
): Promise<HandReading[] | null> {
  const devices = (await loadDemoInstruments(app)).filter((d) => d.projectId === projectId && eids.includes(d.eid));
  const out: HandReading[] = [];
  for (const [i, device] of devices.sort((a, b) => a.eid.localeCompare(b.eid)).entries()) {
    const t = start + i * MINUTES_APART * 60_000;
    const step = device.historyCadenceMs;
    const loggerAt = Math.round(t / step) * step;
    const logged = device.model.readingsAt(loggerAt, step)?.[0]?.raw_metrics;
    const tip = device.context.tip_elevation;
    if (!logged || logged.pressure === undefined || tip === undefined) return null;
    const level = tip + logged.pressure / KPA_PER_METRE_OF_WATER + HAND_OFFSETS_M[i % HAND_OFFSETS_M.length]!;
    const pressure = (level - tip) * KPA_PER_METRE_OF_WATER;
    const [sent] = device.model.toPayload([{ raw_metrics: { ...logged, pressure } }], t);
    if (!sent) return null;
    out.push({ eid: device.eid, read_at: new Date(t).toISOString(), raw_metrics: sent.raw_metrics });
  }
  return out;
}
