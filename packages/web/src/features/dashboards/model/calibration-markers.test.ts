import type { Calibration, ChartSeries } from '@vigil/domain';
import { describe, expect, it } from 'vitest';
import { calibrationMarkers, chartedInstruments } from './calibration-markers.ts';

const calibration = (id: string, effective_from: string): Calibration => ({
  id,
  monitored_entity_id: 'pz-1',
  effective_from,
  factors: { R0: 1 },
  serial_number: '',
  certificate_file_id: null,
  notes: '',
  created_at: effective_from,
  created_by: null,
});
const label = (time: number, device: string | null) => `${device ?? 'one'} ${new Date(time).toISOString()}`;

describe('the calibration marks of a chart', () => {
  it('charts the instruments only, once each', () => {
    const series: ChartSeries[] = [
      { entity_id: 'pz', entity_type: 'instrument', metric: 'raw_metrics.reading', data_point_id: null },
      { entity_id: 'pz', entity_type: 'instrument', metric: 'calculated_metrics.level', data_point_id: null },
      { entity_id: 'node', entity_type: 'interface-node', metric: 'raw_metrics.battery', data_point_id: null },
    ];
    expect(chartedInstruments(series)).toEqual(['pz']);
  });

  it('marks each calibration change at its instant, oldest first, naming the device only among several', () => {
    const pz = { id: 'pz', title: 'PZ-01' };
    const list = [calibration('b', '2026-11-23T06:30:00Z'), calibration('a', '2026-10-30T00:00:00Z')];
    expect(calibrationMarkers([{ instrument: pz, list }], label)).toEqual([
      { time: Date.parse('2026-10-30T00:00:00Z'), label: 'one 2026-10-30T00:00:00.000Z' },
      { time: Date.parse('2026-11-23T06:30:00Z'), label: 'one 2026-11-23T06:30:00.000Z' },
    ]);
    const other = { instrument: { id: 'pz2', title: 'PZ-02' }, list: [calibration('c', '2026-11-01T00:00:00Z')] };
    expect(calibrationMarkers([{ instrument: pz, list }, other], label).map((m) => m.label)).toEqual([
      'PZ-01 2026-10-30T00:00:00.000Z',
      'PZ-02 2026-11-01T00:00:00.000Z',
      'PZ-01 2026-11-23T06:30:00.000Z',
    ]);
  });
});
