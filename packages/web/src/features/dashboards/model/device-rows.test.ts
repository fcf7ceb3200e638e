import type { MetricReading, SchemeObject } from '@vigil/domain';
import { describe, expect, it } from 'vitest';
import type { DeviceSummary } from '../../../api/registry.ts';
import { deviceRows, filterRows, sortRows } from './device-rows.ts';

const scheme = {
  id: 's1',
  name: 'Vibrating wire piezometer',
  spec: {
    metrics: {
      raw_metrics: [{ key: 'pressure', label: 'Pressure', unit: 'kPa' }],
      calculated_metrics: [{ key: 'piezometric_level', label: 'Piezometric level', unit: 'm', formula: 'x' }],
      context_metrics: [],
    },
  },
} as unknown as SchemeObject;
const device = (id: string, state: string, readAt: string | null) =>
  ({
    id,
    title: id,
    eid: `E-${id}`,
    safety_state: state,
    latest_payload_read_at: readAt,
    scheme: { id: 's1', name: scheme.name, type: 'standard' },
  }) as DeviceSummary;
const devices = [device('PZ-10', 'green', '2026-11-25T10:00:00Z'), device('PZ-2', 'red', '2026-11-25T09:00:00Z')];
const manual = {
  id: 'm1',
  data_session: 'ds1',
  entered_by: 'operator',
  entered_at: '2026-11-25T10:05:00Z',
  corrected_by: null,
  corrected_at: null,
};
const latest = [
  { monitored_entity_id: 'PZ-2', calculated_metrics: { piezometric_level: 101.5 }, raw_metrics: {}, source: 'device' },
  { monitored_entity_id: 'PZ-10', calculated_metrics: {}, raw_metrics: {}, source: 'manual', manual },
] as unknown as MetricReading[];

describe('device table rows', () => {
  const rows = deviceRows(devices, 'safety-state', new Map([['s1', scheme]]), latest);

  it("shows each device's first calculated metric with its latest value", () => {
    expect(rows[1]).toMatchObject({ state: 'red', value: 101.5, metric: { label: 'Piezometric level', unit: 'm' } });
    expect(rows[0]!.value).toBeNull();
  });

  it('marks a latest reading entered by hand with who entered it', () => {
    expect(rows[0]!.manual).toEqual(manual);
    expect(rows[1]!.manual).toBeNull();
  });

  it('sorts worst first by default, by title naturally, by latest read newest first', () => {
    expect(sortRows(rows, 'state', false).map((r) => r.device.id)).toEqual(['PZ-2', 'PZ-10']);
    expect(sortRows(rows, 'title', false).map((r) => r.device.id)).toEqual(['PZ-2', 'PZ-10']);
    expect(sortRows(rows, 'title', true).map((r) => r.device.id)).toEqual(['PZ-10', 'PZ-2']);
    expect(sortRows(rows, 'readAt', false).map((r) => r.device.id)).toEqual(['PZ-10', 'PZ-2']);
  });

  it('filters on title, Device Id and scheme', () => {
    expect(filterRows(rows, 'e-pz-1').map((r) => r.device.id)).toEqual(['PZ-10']);
    expect(filterRows(rows, 'VIBRATING')).toHaveLength(2);
    expect(filterRows(rows, 'nothing')).toHaveLength(0);
  });
});
