import { describe, expect, it } from 'vitest';
import type { DemoInstrument } from './history.ts';
import { INCIDENT_CYCLE_MS, isScriptedSilence, projectIncidents, scriptedReadings } from './incidents.ts';

const MINUTE = 60_000;
const cycle = Date.UTC(2026, 10, 21, 12, 0); // a cycle starts on the hour and the half hour

describe('scripted demo incidents', () => {
  it('sends an unknown eid at minute 1 and a truncated message at minute 4, once per cycle', () => {
    expect(projectIncidents('cerro-azul', cycle, cycle + 30_000)).toEqual([]);
    const [unknown] = projectIncidents('cerro-azul', cycle + 30_000, cycle + MINUTE + 5_000);
    expect(unknown).toMatchObject({ kind: 'unknown_eid', payload: { eid: 'PZ-99' } });
    const [invalid] = projectIncidents('cerro-azul', cycle + 3 * MINUTE, cycle + 4 * MINUTE);
    expect(invalid).toMatchObject({ kind: 'invalid_payload', eid: 'DL-03' });
    expect(() => JSON.parse((invalid as { text: string }).text)).toThrow();
    expect(projectIncidents('cerro-azul', cycle + 4 * MINUTE, cycle + 5 * MINUTE)).toEqual([]);
    expect(projectIncidents('cerro-azul', cycle, cycle + INCIDENT_CYCLE_MS - 1)).toHaveLength(2);
  });

  it('silences the last logger from minute 12 to 29, longer than its 15-minute SLA', () => {
    const logger = { eid: 'DL-03', projectSlug: 'cerro-azul' };
    expect(isScriptedSilence(logger, cycle + 11 * MINUTE)).toBe(false);
    expect(isScriptedSilence(logger, cycle + 12 * MINUTE)).toBe(true);
    expect(isScriptedSilence(logger, cycle + 29 * MINUTE + 59_000)).toBe(true);
    expect(isScriptedSilence(logger, cycle + 30 * MINUTE)).toBe(false);
    expect(isScriptedSilence({ eid: 'DL-01', projectSlug: 'cerro-azul' }, cycle + 20 * MINUTE)).toBe(false);
  });

  it('bends PZ-03: an impossible pressure at minute 7, beyond its critical level at minute 10', () => {
    const pz = {
      eid: 'PZ-03',
      context: { tip_elevation: 1000 },
      limits: [
        { group: 'calculated_metrics', metric: 'piezometric_level', level: 'critical', bound: 'upper', value: 1020 },
      ],
    } as unknown as DemoInstrument;
    const readings = [{ raw_metrics: { pressure: 100, temperature: 12 } }];
    expect(scriptedReadings(pz, cycle + 6 * MINUTE, readings)).toBe(readings);
    expect(scriptedReadings(pz, cycle + 7 * MINUTE, readings)[0]!.raw_metrics.pressure).toBe(99_999);
    const spike = scriptedReadings(pz, cycle + 10 * MINUTE, readings)[0]!.raw_metrics;
    expect(1000 + spike.pressure! / 9.8068).toBeGreaterThan(1020);
    expect(spike.temperature).toBe(12);
  });
});
