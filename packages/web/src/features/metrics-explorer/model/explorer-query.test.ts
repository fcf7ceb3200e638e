import type { SchemeObject } from '@vigil/domain';
import { describe, expect, it } from 'vitest';
import type { DeviceChoice } from '../../../api/registry.ts';
import { choicesFromParams } from './explorer-choices.ts';
import { deviceColumns, metricChoices, periodRange, timeseriesBodyOf } from './explorer-query.ts';

const NOW = new Date(2026, 10, 20, 15, 30, 0);
const metric = (key: string, label: string, unit: string, decimals?: number) => ({ key, label, unit, decimals });
const scheme = (id: string, raw: ReturnType<typeof metric>[], calculated: ReturnType<typeof metric>[] = []) =>
  ({
    id,
    name: id,
    spec: {
      metrics: {
        raw_metrics: raw,
        calculated_metrics: calculated,
        context_metrics: [],
        invalid_metrics: [],
        user_metrics: [],
      },
      metric_limits: [],
      invalid_bounds: [],
    },
  }) as unknown as SchemeObject;
const SCHEMES = [
  scheme(
    'piezo',
    [metric('pressure', 'Pore water pressure', 'kPa'), metric('temperature', 'Temperature', '°C', 1)],
    [metric('piezometric_level', 'Piezometric level', 'm', 2)],
  ),
  scheme('pond', [metric('level', 'Pond level', 'm', 3), metric('temperature', 'Water temperature', '°C', 1)]),
];
const device = (id: string, title: string, schemeId: string): DeviceChoice => ({
  id,
  title,
  eid: id.toUpperCase(),
  monitored_entity_type: 'instrument',
  scheme: { id: schemeId, name: schemeId },
});
const DEVICES = [
  device('pz-1', 'PZ-01 Crest', 'piezo'),
  device('pz-2', 'PZ-02 Toe', 'piezo'),
  device('pl-1', 'Pond', 'pond'),
];

describe('the period of the explorer', () => {
  it('a preset runs as the domain’s preset does', () => {
    expect(periodRange({ preset: 'sevenDays' }, NOW)).toEqual({
      range: { from: new Date(2026, 10, 13, 15, 30, 0), to: NOW },
      errors: {},
    });
  });

  it('a custom range covers its days whole', () => {
    expect(periodRange({ start: '2026-11-01', end: '2026-11-03' }, NOW).range).toEqual({
      from: new Date(2026, 10, 1),
      to: new Date(2026, 10, 3, 23, 59, 59, 999),
    });
  });

  it('a custom range with a future date, or a start after its end, has its errors and no range', () => {
    expect(periodRange({ start: '2026-11-01', end: '2026-11-21' }, NOW)).toEqual({
      range: null,
      errors: { end: 'future' },
    });
    expect(periodRange({ start: '2026-11-10', end: '2026-11-09' }, NOW)).toEqual({
      range: null,
      errors: { start: 'afterEnd' },
    });
    expect(periodRange({ start: '', end: '2026-11-09' }, NOW).errors).toEqual({ start: 'required' });
  });
});

describe('the metrics to choose from', () => {
  it('are those of the chosen devices’ schemes, raw then calculated, each once', () => {
    expect(metricChoices(DEVICES.slice(0, 2), SCHEMES).map((m) => m.metric)).toEqual([
      'raw_metrics.pressure',
      'raw_metrics.temperature',
      'calculated_metrics.piezometric_level',
    ]);
    expect(metricChoices([DEVICES[0]!, DEVICES[2]!], SCHEMES).map((m) => m.metric)).toEqual([
      'raw_metrics.pressure',
      'raw_metrics.temperature',
      'calculated_metrics.piezometric_level',
      'raw_metrics.level',
    ]);
  });

  it('are none before a device is chosen', () => {
    expect(metricChoices([], SCHEMES)).toEqual([]);
  });
});

describe('the columns of the chosen devices', () => {
  it('follow the order of choice, each with the unit and decimals its own scheme gives the metric', () => {
    expect(deviceColumns(['pl-1', 'pz-2'], DEVICES, SCHEMES, 'raw_metrics.temperature')).toEqual([
      { key: 'pl-1', label: 'Pond', unit: '°C', decimals: 1 },
      { key: 'pz-2', label: 'PZ-02 Toe', unit: '°C', decimals: 1 },
    ]);
  });

  it('a device whose scheme lacks the metric gets no unit', () => {
    expect(deviceColumns(['pl-1'], DEVICES, SCHEMES, 'raw_metrics.pressure')[0]).toMatchObject({ unit: '' });
  });
});

describe('the timeseries call of the choices', () => {
  it('aggregates per device with the chosen function and window over the period', () => {
    const choices = choicesFromParams(new URLSearchParams('devices=pz-1,pz-2&fn=max&window=day'));
    const range = { from: new Date('2026-11-01T00:00:00Z'), to: new Date('2026-11-20T12:00:00Z') };
    expect(timeseriesBodyOf(choices, 'raw_metrics.pressure', range)).toEqual({
      time_field: 'read_at',
      from_time: '2026-11-01T00:00:00.000Z',
      to_time: '2026-11-20T12:00:00.000Z',
      metric: 'raw_metrics.pressure',
      aggregation: { function: 'max', interval: 'day', group_by: 'monitored_entity' },
      filters: { monitored_entity_ids: ['pz-1', 'pz-2'] },
    });
  });
});
