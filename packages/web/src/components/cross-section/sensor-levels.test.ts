import type { CrossSectionSensor, MetricReading } from '@vigil/domain';
import { describe, expect, it } from 'vitest';
import { locationAlong } from './section-geometry.ts';
import {
  isLevelUnit,
  limitLine,
  markerHeight,
  phreaticLine,
  sensorLevels,
  type SensorDevice,
  type SensorLevel,
} from './sensor-levels.ts';

const x0 = { lat: -27.37, lng: -70.33 };
const xMax = { lat: -27.37, lng: -70.327 };
const NOW = new Date('2026-11-20T12:00:00Z');

const sensor = (id: string, fraction: number, extra: Partial<CrossSectionSensor> = {}): CrossSectionSensor => ({
  id,
  device_id: `d-${id}`,
  title: `${id} title`,
  location: locationAlong(x0, xMax, fraction),
  metric_type: 'calculated_metrics',
  metric_field: 'piezometric_level',
  exclude_metric: false,
  ...extra,
});

const device = (id: string, tip: number, extra: Partial<SensorDevice> = {}): SensorDevice => ({
  id: `d-${id}`,
  title: `${id} device`,
  context: { tip_elevation: tip },
  contracted_sla_time: 3600,
  metric_limits: [
    { group: 'calculated_metrics', metric: 'piezometric_level', level: 'warning', bound: 'upper', value: tip + 30 },
    { group: 'calculated_metrics', metric: 'piezometric_level', level: 'critical', bound: 'upper', value: tip + 32 },
  ],
  ...extra,
});

const reading = (id: string, level: number | null, extra: Partial<MetricReading> = {}): MetricReading => ({
  monitored_entity_id: `d-${id}`,
  data_point_id: null,
  read_at: '2026-11-20T11:30:00Z',
  received_at: '2026-11-20T11:30:01Z',
  source: 'device',
  manual: null,
  raw_metrics: {},
  calculated_metrics: level === null ? {} : { piezometric_level: level },
  context_metrics: {},
  invalid_metrics: {},
  ...extra,
});

const section = (sensors: CrossSectionSensor[]) => ({
  sensors,
  x0_location: x0,
  x_max_location: xMax,
  distance: 280,
  altitude_unit: 'm',
});

const metres = () => 'm';

describe('sensorLevels', () => {
  it('places each sensor along the section with its tip, level, limits and title', () => {
    const [pz] = sensorLevels(
      section([sensor('PZ-01', 0.25)]),
      [device('PZ-01', 1141.5)],
      [reading('PZ-01', 1168.4)],
      NOW,
      metres,
    );
    expect(pz).toMatchObject({
      id: 'PZ-01',
      title: 'PZ-01 title',
      tip: 1141.5,
      value: 1168.4,
      isLevel: true,
      dry: false,
      stale: false,
      invalid: false,
      warning: 1171.5,
      critical: 1173.5,
      metric: 'calculated_metrics.piezometric_level',
    });
    expect(pz!.x).toBeCloseTo(70, 3);
  });

  it('calls a piezometer whose level is below its tip dry', () => {
    const [pz] = sensorLevels(section([sensor('A', 0.5)]), [device('A', 1140)], [reading('A', 1139.2)], NOW, metres);
    expect(pz!.dry).toBe(true);
  });

  it('calls a reading older than the contracted SLA stale, and older than a day without one', () => {
    const old = reading('A', 1160, { read_at: '2026-11-20T10:30:00Z' });
    expect(sensorLevels(section([sensor('A', 0.5)]), [device('A', 1140)], [old], NOW, metres)[0]!.stale).toBe(true);
    const noSla = device('A', 1140, { contracted_sla_time: 0 });
    expect(sensorLevels(section([sensor('A', 0.5)]), [noSla], [old], NOW, metres)[0]!.stale).toBe(false);
    const twoDays = reading('A', 1160, { read_at: '2026-11-18T10:00:00Z' });
    expect(sensorLevels(section([sensor('A', 0.5)]), [noSla], [twoDays], NOW, metres)[0]!.stale).toBe(true);
  });

  it('calls a reading whose value was refused invalid', () => {
    const refused = reading('A', null, { invalid_metrics: { pressure: 950 } });
    const [pz] = sensorLevels(section([sensor('A', 0.5)]), [device('A', 1140)], [refused], NOW, metres);
    expect(pz).toMatchObject({ value: null, invalid: true });
  });

  it('has no value and no status without a reading, and no place without a line', () => {
    const [pz] = sensorLevels(section([sensor('A', 0.5)]), [device('A', 1140)], [], NOW, metres);
    expect(pz).toMatchObject({ value: null, invalid: false, stale: false, dry: false, readAt: null });
    const lineless = { ...section([sensor('A', 0.5)]), x0_location: null };
    expect(sensorLevels(lineless, [device('A', 1140)], [], NOW, metres)[0]!.x).toBeNull();
  });

  it('draws a metric in another unit than the altitude at the tip, never as a level', () => {
    const pressure = sensor('A', 0.5, { metric_type: 'raw_metrics', metric_field: 'pressure' });
    const [pz] = sensorLevels(
      section([pressure]),
      [device('A', 1140)],
      [reading('A', null, { raw_metrics: { pressure: 12 } })],
      NOW,
      () => 'kPa',
    );
    expect(pz).toMatchObject({ value: 12, isLevel: false, dry: false });
    expect(markerHeight(pz!)).toBe(1140);
  });
});

describe('isLevelUnit', () => {
  it('matches the length unit of the altitude axis, whatever its datum', () => {
    expect(isLevelUnit('m', 'm')).toBe(true);
    expect(isLevelUnit('m', 'm AOD')).toBe(true);
    expect(isLevelUnit('ft', 'm')).toBe(false);
    expect(isLevelUnit('kPa', 'm')).toBe(false);
    expect(isLevelUnit(undefined, 'm')).toBe(false);
  });
});

const level = (id: string, x: number | null, value: number | null, extra: Partial<SensorLevel> = {}): SensorLevel => ({
  id,
  deviceId: `d-${id}`,
  title: id,
  metric: 'calculated_metrics.piezometric_level',
  x,
  tip: 1100,
  value,
  unit: 'm',
  isLevel: true,
  readAt: null,
  dry: false,
  stale: false,
  invalid: false,
  excluded: false,
  warning: null,
  critical: null,
  ...extra,
});

describe('phreaticLine', () => {
  it('runs through the levels in order along the section, whatever the order of the sensors', () => {
    expect(phreaticLine([level('c', 200, 1140), level('a', 10, 1168), level('b', 90, 1155)])).toEqual([
      [10, 1168],
      [90, 1155],
      [200, 1140],
    ]);
  });

  it('leaves out excluded, dry, invalid, unplaced sensors, sensors without a value and metrics that are not levels', () => {
    const line = phreaticLine([
      level('a', 10, 1168),
      level('excluded', 20, 1190, { excluded: true }),
      level('dry', 30, 1099, { dry: true }),
      level('invalid', 40, null, { invalid: true }),
      level('unplaced', null, 1160),
      level('silent', 50, null),
      level('pressure', 60, 12, { isLevel: false }),
      level('b', 90, 1155, { stale: true }),
    ]);
    expect(line).toEqual([
      [10, 1168],
      [90, 1155],
    ]);
  });

  it('draws a dry piezometer at its tip, a wet one at its level', () => {
    expect(markerHeight(level('dry', 30, 1099, { dry: true }))).toBe(1100);
    expect(markerHeight(level('wet', 30, 1150))).toBe(1150);
    expect(markerHeight(level('silent', 30, null))).toBe(1100);
  });
});

describe('limitLine', () => {
  it('joins the limits of the sensors that have one, in order along the section', () => {
    const levels = [
      level('b', 90, 1155, { warning: 1160, critical: 1162 }),
      level('a', 10, 1168, { warning: 1171 }),
      level('c', 150, 1150),
    ];
    expect(limitLine(levels, 'warning')).toEqual([
      [10, 1171],
      [90, 1160],
    ]);
    expect(limitLine(levels, 'critical')).toEqual([[90, 1162]]);
  });
});
