import type { TimeseriesResult } from '@vigil/domain';
import { describe, expect, it } from 'vitest';
import { dailyLevels, historicalLines, historyRequests, levelEnvelope, levelsOnDay } from './level-history.ts';
import type { SensorLevel } from './sensor-levels.ts';

const METRIC = 'calculated_metrics.piezometric_level';
const D1 = '2026-11-18T00:00:00.000Z';
const D2 = '2026-11-19T00:00:00.000Z';

const level = (id: string, x: number | null, extra: Partial<SensorLevel> = {}): SensorLevel => ({
  id,
  deviceId: `d-${id}`,
  title: id,
  metric: METRIC,
  x,
  tip: 1140,
  value: 1160,
  unit: 'm',
  isLevel: true,
  readAt: '2026-11-20T10:00:00Z',
  dry: false,
  stale: true,
  invalid: false,
  excluded: false,
  warning: null,
  critical: null,
  ...extra,
});

const range = { from: new Date('2026-11-13T12:00:00Z'), to: new Date('2026-11-20T12:00:00Z') };

describe('historyRequests', () => {
  it('asks per metric for the daily minimum, maximum and mean of its devices over the period', () => {
    const requests = historyRequests(
      [
        { device_id: 'd-b', metric_type: 'calculated_metrics', metric_field: 'piezometric_level' },
        { device_id: 'd-a', metric_type: 'calculated_metrics', metric_field: 'piezometric_level' },
        { device_id: 'd-c', metric_type: 'raw_metrics', metric_field: 'pressure' },
      ],
      range,
    );
    expect(requests.map((r) => [r.metric, r.aggregation?.function, r.filters?.monitored_entity_ids])).toEqual([
      [METRIC, 'min', ['d-a', 'd-b']],
      [METRIC, 'max', ['d-a', 'd-b']],
      [METRIC, 'avg', ['d-a', 'd-b']],
      ['raw_metrics.pressure', 'min', ['d-c']],
      ['raw_metrics.pressure', 'max', ['d-c']],
      ['raw_metrics.pressure', 'avg', ['d-c']],
    ]);
    expect(requests[0]).toMatchObject({
      from_time: '2026-11-13T12:00:00.000Z',
      to_time: '2026-11-20T12:00:00.000Z',
      aggregation: { interval: 'day' },
    });
  });
});

/** The answers of the metrics provider: per function, each device's values per day. */
function answers(values: Record<'min' | 'max' | 'avg', Record<string, Record<string, number>>>) {
  const levels = [level('a', 10), level('b', 200), level('excluded', 100, { excluded: true })];
  const requests = historyRequests(
    levels.map((l) => ({
      device_id: l.deviceId,
      metric_type: 'calculated_metrics',
      metric_field: 'piezometric_level',
    })),
    range,
  );
  const results: TimeseriesResult[] = requests.map((r) => ({
    data: Object.entries(values[r.aggregation!.function as 'min' | 'max' | 'avg']).map(([device, byDay]) => ({
      monitored_entity: device,
      values: byDay,
    })),
  }));
  return { levels, daily: dailyLevels(requests, results) };
}

const { levels, daily } = answers({
  min: { 'd-a': { [D1]: 1165, [D2]: 1164 }, 'd-b': { [D1]: 1150, [D2]: 1139 }, 'd-excluded': { [D1]: 1100 } },
  max: { 'd-a': { [D1]: 1169, [D2]: 1170 }, 'd-b': { [D1]: 1152, [D2]: 1151 }, 'd-excluded': { [D1]: 1200 } },
  avg: { 'd-a': { [D1]: 1167, [D2]: 1166 }, 'd-b': { [D2]: 1139.5 }, 'd-excluded': { [D1]: 1150 } },
});

describe('dailyLevels', () => {
  it('collects every day with a value, oldest first', () => {
    expect(daily.days).toEqual([Date.parse(D1), Date.parse(D2)]);
  });

  it('ignores answers to other calls and values that are not numbers', () => {
    const odd = dailyLevels(
      [{ metric: METRIC, aggregation: { function: 'count', interval: 'day' } }],
      [{ data: [{ monitored_entity: 'd-a', values: { [D1]: 4 } }] }],
    );
    expect(odd.days).toEqual([]);
  });
});

describe('levelEnvelope', () => {
  it("runs through each sensor's lowest minimum and highest maximum, leaving excluded sensors out", () => {
    const envelope = levelEnvelope(levels, daily);
    expect(envelope.ranges).toEqual([
      { id: 'a', x: 10, min: 1164, max: 1170 },
      { id: 'b', x: 200, min: 1139, max: 1152 },
    ]);
    expect(envelope.upper).toEqual([
      [10, 1170],
      [200, 1152],
    ]);
    expect(envelope.lower).toEqual([
      [10, 1164],
      [200, 1139],
    ]);
  });

  it('has nothing for sensors without history or a place', () => {
    expect(levelEnvelope([level('a', null), level('z', 50)], daily).ranges).toEqual([]);
  });
});

describe('levelsOnDay', () => {
  it("replays a day: each sensor's mean of that day, none when it read nothing, dry judged again", () => {
    const [a, b] = levelsOnDay(levels, daily, Date.parse(D1));
    expect(a).toMatchObject({ value: 1167, readAt: D1, stale: false, dry: false });
    expect(b).toMatchObject({ value: null, readAt: null });
    const [, dryB] = levelsOnDay(levels, daily, Date.parse(D2));
    expect(dryB).toMatchObject({ value: 1139.5, dry: true });
  });
});

describe('historicalLines', () => {
  it('draws the phreatic surface of each day, without dry or excluded sensors', () => {
    expect(historicalLines(levels, daily)).toEqual([
      { day: Date.parse(D1), points: [[10, 1167]] },
      { day: Date.parse(D2), points: [[10, 1166]] },
    ]);
  });
});
