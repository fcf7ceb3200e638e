import { describe, expect, it } from 'vitest';
import type { DemoInstrument } from './history.ts';
import { INCIDENT_CYCLE_MS, isScriptedSilence, projectIncidents, scriptedReadings } from './incidents.ts';

const MINUTE = 60_000;
const origin = Date.UTC(2026, 10, 21, 12, 7, 13); // the simulator's start
const cycle = origin + 2 * INCIDENT_CYCLE_MS; // a later cycle: the script repeats

describe('scripted demo incidents', () => {
  it('sends an unknown eid at minute 1 and a truncated message at minute 4, once per cycle', () => {
    expect(projectIncidents('cerro-azul', origin, cycle, cycle + 30_000)).toEqual([]);
    const [unknown] = projectIncidents('cerro-azul', origin, cycle + 30_000, cycle + MINUTE + 5_000);
    expect(unknown).toMatchObject({ kind: 'unknown_eid', payload: { eid: 'PZ-99' } });
    const [invalid] = projectIncidents('cerro-azul', origin, cycle + 3 * MINUTE, cycle + 4 * MINUTE);
    expect(invalid).toMatchObject({ kind: 'invalid_payload', eid: 'DL-03' });
    expect(() => JSON.parse((invalid as { text: string }).text)).toThrow();
    expect(projectIncidents('cerro-azul', origin, cycle + 4 * MINUTE, cycle + 5 * MINUTE)).toEqual([]);
    expect(projectIncidents('cerro-azul', origin, cycle, cycle + INCIDENT_CYCLE_MS - 1)).toHaveLength(2);
  });

  it('silences the last logger from minute 8 to 25, longer than its 15-minute SLA', () => {
    const logger = { eid: 'DL-03', projectSlug: 'cerro-azul' };
    expect(isScriptedSilence(logger, origin, cycle + 7 * MINUTE)).toBe(false);
    expect(isScriptedSilence(logger, origin, cycle + 8 * MINUTE)).toBe(true);
    expect(isScriptedSilence(logger, origin, cycle + 25 * MINUTE + 59_000)).toBe(true);
    expect(isScriptedSilence(logger, origin, cycle + 26 * MINUTE)).toBe(false);
    expect(isScriptedSilence(logger, origin, origin - MINUTE)).toBe(false);
    expect(isScriptedSilence({ eid: 'DL-01', projectSlug: 'cerro-azul' }, origin, cycle + 20 * MINUTE)).toBe(false);
  });

  it('bends PZ-03: beyond its critical level at minute 2, an impossible pressure at minute 6', () => {
    const pz = {
      eid: 'PZ-03',
      context: { tip_elevation: 1000 },
      limits: [
        { group: 'calculated_metrics', metric: 'piezometric_level', level: 'critical', bound: 'upper', value: 1020 },
      ],
    } as unknown as DemoInstrument;
    const readings = [{ raw_metrics: { pressure: 100, temperature: 12 } }];
    expect(scriptedReadings(pz, origin, cycle + MINUTE, readings)).toBe(readings);
    const spike = scriptedReadings(pz, origin, cycle + 2 * MINUTE, readings)[0]!.raw_metrics;
    expect(1000 + spike.pressure! / 9.8068).toBeGreaterThan(1020);
    expect(spike.temperature).toBe(12);
    expect(scriptedReadings(pz, origin, cycle + 6 * MINUTE, readings)[0]!.raw_metrics.pressure).toBe(99_999);
  });
});
