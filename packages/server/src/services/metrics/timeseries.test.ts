import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test-support/test-app.ts';
import { API, CERRO, OUSE, createSite, ingest, tokenIn, type Payload, type Site } from './test-fixtures.ts';

/**
 * Time series are checked against values computed here, straight from the payloads sent, with
 * plain loops: no rollups, no windows. The range starts and ends mid-hour so that every source
 * (raw values, hourly and daily rollups) and every edge is exercised.
 */
let t: TestApp;
let token: string;
let site: Site;
let ouse: Site;
const payloads: Payload[] = [];

const START = Date.parse('2026-08-20T00:00:00Z');
const FROM = '2026-08-21T05:17:33Z';
const TO = '2026-09-29T13:41:07.250Z';
const ELEVATION: Record<string, number> = { 'GA-1': 400, 'GA-2': 410, 'GA-3': 420 };
const round3 = (x: number) => Math.round(x * 1000) / 1000;

/** Irregular readings every ~37 minutes: some zero, some beyond the invalid bound (2000). */
function readingsOf(eid: string, n: number, offset: number, dataPoints?: string[]): Payload[] {
  return Array.from({ length: n }, (_, i) => {
    let pore_kpa = round3(100 + 20 * Math.sin(i / 7 + offset));
    if (i % 50 === 0) pore_kpa = 0;
    if (i % 97 === 13) pore_kpa = 2500 + i;
    const t0 = START + i * 37 * 60_000 + ((i * 7919 + offset * 13) % 600) * 1000;
    const payload: Payload = {
      eid,
      read_at: new Date(t0).toISOString(),
      raw_metrics: { pore_kpa, temp_c: 10 + (i % 11) },
    };
    if (dataPoints) payload.data_point_id = dataPoints[i % dataPoints.length]!;
    return payload;
  });
}

type Fn = 'avg' | 'first' | 'min' | 'max' | 'sum' | 'count';
interface Expectation {
  metric?: 'pore_kpa' | 'head_m';
  fn: Fn;
  bucketOf: (t: number) => number;
  validOnly?: boolean;
  excludeZero?: boolean;
  byDataPoint?: boolean;
  eids?: string[];
  from?: string;
  to?: string;
}

const weekOf = (t: number) => {
  const d = new Date(t);
  return Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate() - ((d.getUTCDay() + 6) % 7));
};
const monthOf = (t: number) => Date.UTC(new Date(t).getUTCFullYear(), new Date(t).getUTCMonth(), 1);
const every = (ms: number) => (t: number) => Math.floor(t / ms) * ms;

/** The expected series, computed from the payloads alone. */
function expected(e: Expectation): Record<string, Record<string, number>> {
  const from = Date.parse(e.from ?? FROM);
  const to = Date.parse(e.to ?? TO);
  const groups = new Map<string, Map<number, Array<[number, number]>>>();
  for (const p of payloads) {
    if (e.eids && !e.eids.includes(p.eid)) continue;
    const t0 = Date.parse(p.read_at);
    const pore_kpa = p.raw_metrics.pore_kpa!;
    const valid = pore_kpa >= -50 && pore_kpa <= 2000;
    if (t0 < from || t0 > to || !(p.eid in site.ids)) continue;
    if (e.byDataPoint && !p.data_point_id) continue;
    let value = pore_kpa;
    if (e.metric === 'head_m') {
      if (!valid) continue;
      value = ELEVATION[p.eid]! + pore_kpa / 10;
    } else if (!valid && e.validOnly !== false) continue;
    if (e.excludeZero && value === 0) continue;
    const key = e.byDataPoint ? p.data_point_id! : site.ids[p.eid]!;
    const buckets = groups.get(key) ?? new Map<number, Array<[number, number]>>();
    groups.set(key, buckets);
    const bucket = e.bucketOf(t0);
    buckets.set(bucket, [...(buckets.get(bucket) ?? []), [t0, value]]);
  }
  const out: Record<string, Record<string, number>> = {};
  for (const [key, buckets] of groups) {
    out[key] = {};
    for (const [bucket, points] of [...buckets].sort((a, b) => a[0] - b[0])) {
      const values = points.map((p) => p[1]);
      const sum = values.reduce((a, b) => a + b, 0);
      out[key][new Date(bucket).toISOString()] = {
        avg: sum / values.length,
        sum,
        count: values.length,
        min: Math.min(...values),
        max: Math.max(...values),
        first: [...points].sort((a, b) => a[0] - b[0])[0]![1],
      }[e.fn];
    }
  }
  return out;
}

async function timeseries(body: Record<string, unknown>, as = token) {
  return t.call('POST', `${API}/metrics/timeseries/`, { token: as, body });
}

/** The response as {key: {time: value}}, checking the key field's name. */
function byKey(body: { data: Array<Record<string, unknown>> }, keyField = 'monitored_entity') {
  const out: Record<string, Record<string, number>> = {};
  for (const series of body.data) out[series[keyField] as string] = series.values as Record<string, number>;
  return out;
}

function expectSeries(actual: Record<string, Record<string, number>>, wanted: Record<string, Record<string, number>>) {
  expect(Object.keys(actual).sort()).toEqual(Object.keys(wanted).sort());
  for (const key of Object.keys(wanted)) {
    expect(Object.keys(actual[key]!)).toEqual(Object.keys(wanted[key]!));
    for (const [time, value] of Object.entries(wanted[key]!)) {
      expect(actual[key]![time], `${key} ${time}`).toBeCloseTo(value, 6);
    }
  }
}

beforeAll(async () => {
  t = await createTestApp();
  site = await createSite(t, CERRO, [
    { eid: 'GA-1', elevation: ELEVATION['GA-1']! },
    { eid: 'GA-2', elevation: ELEVATION['GA-2']! },
    { eid: 'GA-3', elevation: ELEVATION['GA-3']!, dataPoints: ['north', 'south'] },
  ]);
  ouse = await createSite(t, OUSE, [{ eid: 'OU-1', elevation: 5 }]);
  token = await tokenIn(t, 'admin', site.projectId);
  payloads.push(
    ...readingsOf('GA-1', 1900, 1),
    ...readingsOf('GA-2', 1900, 2),
    ...readingsOf('GA-3', 1900, 3, [site.dataPoints.north!, site.dataPoints.south!]),
  );
  await ingest(t, token, payloads);
  await ingest(t, await tokenIn(t, 'admin', ouse.projectId), readingsOf('OU-1', 200, 4));
});
afterAll(() => t.close());

describe('POST metrics/timeseries/', () => {
  const intervals: Array<[string, Record<string, unknown>, (t: number) => number]> = [
    ['hour', { interval: 'hour' }, every(3_600_000)],
    ['day', { interval: 'day' }, every(86_400_000)],
    ['week (from Monday)', { interval: 'week' }, weekOf],
    ['month', { interval: 'month' }, monthOf],
    ['interval_sec of 2 hours', { interval_sec: 7200 }, every(7_200_000)],
    ['interval_sec of 2 days', { interval_sec: 172_800 }, every(172_800_000)],
    ['interval_sec of 1000 s', { interval_sec: 1000 }, every(1_000_000)],
  ];
  for (const [label, aggregation, bucketOf] of intervals) {
    it(`aggregates by ${label} with each function, as computed from the raw readings`, async () => {
      for (const fn of ['avg', 'first', 'min', 'max', 'sum', 'count'] as const) {
        const res = await timeseries({
          time_field: 'read_at',
          from_time: FROM,
          to_time: TO,
          metric: 'raw_metrics.pore_kpa',
          aggregation: { function: fn, ...aggregation },
        });
        expect(res.status, JSON.stringify(res.body)).toBe(200);
        expectSeries(byKey(res.body), expected({ fn, bucketOf }));
      }
    });
  }

  for (const [label, aggregation, bucketOf] of intervals) {
    it(`gives each ${label} bucket's least and greatest value and count with envelope: true`, async () => {
      const res = await timeseries({
        from_time: FROM,
        to_time: TO,
        metric: 'raw_metrics.pore_kpa',
        aggregation: { function: 'avg', envelope: true, ...aggregation },
      });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expectSeries(byKey(res.body), expected({ fn: 'avg', bucketOf }));
      const mins = expected({ fn: 'min', bucketOf });
      const maxes = expected({ fn: 'max', bucketOf });
      const counts = expected({ fn: 'count', bucketOf });
      for (const series of res.body.data) {
        const key = series.monitored_entity as string;
        expect(Object.keys(series.envelope)).toEqual(Object.keys(series.values));
        for (const [time, [min, max]] of Object.entries(series.envelope as Record<string, [number, number]>)) {
          expect(min, `${key} ${time} min`).toBeCloseTo(mins[key]![time]!, 6);
          expect(max, `${key} ${time} max`).toBeCloseTo(maxes[key]![time]!, 6);
        }
        expect(series.counts).toEqual(counts[key]);
      }
    });
  }

  it('adds no envelope unless asked', async () => {
    const res = await timeseries({ from_time: FROM, to_time: TO, metric: 'raw_metrics.pore_kpa' });
    expect(res.body.data[0]).not.toHaveProperty('envelope');
    expect(res.body.data[0]).not.toHaveProperty('counts');
  });

  it('gives the same raw-value buckets when each entity or data point is a single series', async () => {
    const cases: Array<
      [Record<string, unknown>, Record<string, unknown>, (t: number) => number, Partial<Expectation>]
    > = [
      [
        { interval_sec: 1000 },
        { monitored_entity_ids: [site.ids['GA-1'], site.ids['GA-2']] },
        every(1_000_000),
        { eids: ['GA-1', 'GA-2'] },
      ],
      [
        { interval: 'week' },
        { monitored_entity_ids: [site.ids['GA-2']], exclude_zero_values: true },
        weekOf,
        { eids: ['GA-2'], excludeZero: true },
      ],
      [
        { interval_sec: 7200, group_by: 'data_point_id' },
        { exclude_zero_values: true },
        every(7_200_000),
        { byDataPoint: true, excludeZero: true },
      ],
    ];
    for (const [aggregation, filters, bucketOf, more] of cases) {
      for (const fn of ['avg', 'first', 'min', 'max', 'sum', 'count'] as const) {
        const res = await timeseries({
          from_time: FROM,
          to_time: TO,
          metric: 'pore_kpa',
          aggregation: { function: fn, ...aggregation },
          filters,
        });
        const keyField = more.byDataPoint ? 'data_point_id' : 'monitored_entity';
        expectSeries(byKey(res.body, keyField), expected({ fn, bucketOf, ...more }));
      }
    }
  });

  it('makes range / sample_size buckets when no interval is given, 2000 by default', async () => {
    const rangeSeconds = (Date.parse(TO) - Date.parse(FROM)) / 1000;
    const res = await timeseries({ from_time: FROM, to_time: TO, metric: 'pore_kpa', sample_size: 300 });
    expectSeries(byKey(res.body), expected({ fn: 'avg', bucketOf: every(Math.floor(rangeSeconds / 300) * 1000) }));
    const byDefault = await timeseries({ from_time: FROM, to_time: TO, metric: 'pore_kpa' });
    expectSeries(
      byKey(byDefault.body),
      expected({ fn: 'avg', bucketOf: every(Math.floor(rangeSeconds / 2000) * 1000) }),
    );
  });

  it('uses buckets of at least one second', async () => {
    const to = '2026-08-21T06:00:00Z';
    const from = '2026-08-21T05:59:59Z';
    const res = await timeseries({
      from_time: from,
      to_time: to,
      metric: 'pore_kpa',
      aggregation: { function: 'count' },
    });
    expectSeries(byKey(res.body), expected({ fn: 'count', bucketOf: every(1000), from, to }));
  });

  it('includes a reading exactly at to_time', async () => {
    const at = payloads.find((p) => p.eid === 'GA-1' && p.raw_metrics.pore_kpa! > 0 && p.read_at > FROM)!.read_at;
    const res = await timeseries({
      from_time: '2026-08-01T00:00:00Z',
      to_time: at,
      metric: 'pore_kpa',
      aggregation: { function: 'count', interval: 'month' },
      filters: { monitored_entity_ids: [site.ids['GA-1']] },
    });
    expectSeries(
      byKey(res.body),
      expected({ fn: 'count', bucketOf: monthOf, from: '2026-08-01T00:00:00Z', to: at, eids: ['GA-1'] }),
    );
  });

  it('leaves out invalid values unless valid_only is false', async () => {
    for (const validOnly of [true, false]) {
      const res = await timeseries({
        from_time: FROM,
        to_time: TO,
        metric: 'pore_kpa',
        aggregation: { function: 'max', interval: 'day' },
        filters: { valid_only: validOnly },
      });
      expectSeries(byKey(res.body), expected({ fn: 'max', bucketOf: every(86_400_000), validOnly }));
    }
    const invalid = await timeseries({
      from_time: FROM,
      to_time: TO,
      metric: 'invalid_metrics.pore_kpa',
      aggregation: { function: 'count', interval: 'month' },
    });
    const counts = Object.values(byKey(invalid.body)).flatMap((v) => Object.values(v));
    const invalidSent = payloads.filter(
      (p) => p.raw_metrics.pore_kpa! > 2000 && p.read_at >= FROM && p.read_at <= TO,
    ).length;
    expect(counts.reduce((a, b) => a + b, 0)).toBe(invalidSent);
  });

  it('leaves out zero values when exclude_zero_values is set', async () => {
    for (const fn of ['min', 'count', 'avg'] as const) {
      const res = await timeseries({
        from_time: FROM,
        to_time: TO,
        metric: 'pore_kpa',
        aggregation: { function: fn, interval: 'week' },
        filters: { exclude_zero_values: true },
      });
      expectSeries(byKey(res.body), expected({ fn, bucketOf: weekOf, excludeZero: true }));
    }
  });

  it('groups by data point and filters by data points and entities', async () => {
    const res = await timeseries({
      from_time: FROM,
      to_time: TO,
      metric: 'pore_kpa',
      aggregation: { function: 'sum', interval: 'day', group_by: 'data_point_id' },
    });
    expect(res.body.data.every((s: Record<string, unknown>) => !('monitored_entity' in s))).toBe(true);
    expectSeries(
      byKey(res.body, 'data_point_id'),
      expected({ fn: 'sum', bucketOf: every(86_400_000), byDataPoint: true }),
    );

    const north = site.dataPoints.north!;
    const filtered = await timeseries({
      from_time: FROM,
      to_time: TO,
      metric: 'pore_kpa',
      aggregation: { function: 'sum', interval: 'day', group_by: 'data_point_id' },
      filters: { data_point_ids: [north] },
    });
    expect(filtered.body.data.map((s: { data_point_id: string }) => s.data_point_id)).toEqual([north]);

    const entities = await timeseries({
      from_time: FROM,
      to_time: TO,
      metric: 'pore_kpa',
      aggregation: { interval: 'day' },
      filters: { monitored_entity_ids: [site.ids['GA-2'], site.ids['GA-3']] },
    });
    expectSeries(byKey(entities.body), expected({ fn: 'avg', bucketOf: every(86_400_000), eids: ['GA-2', 'GA-3'] }));
  });

  it('reads calculated metrics by group.key or by key alone', async () => {
    for (const metric of ['calculated_metrics.head_m', 'head_m']) {
      const res = await timeseries({ from_time: FROM, to_time: TO, metric, aggregation: { interval: 'day' } });
      expectSeries(byKey(res.body), expected({ metric: 'head_m', fn: 'avg', bucketOf: every(86_400_000) }));
    }
  });

  it('charts context metrics from the readings', async () => {
    const res = await timeseries({
      from_time: FROM,
      to_time: TO,
      metric: 'context_metrics.tip_m',
      aggregation: { function: 'max', interval: 'week' },
    });
    const counts = expected({ fn: 'count', bucketOf: weekOf, validOnly: false });
    const wanted = Object.fromEntries(
      Object.entries(counts).map(([id, buckets]) => {
        const eid = Object.keys(site.ids).find((e) => site.ids[e] === id)!;
        return [id, Object.fromEntries(Object.keys(buckets).map((time) => [time, ELEVATION[eid]!]))];
      }),
    );
    expectSeries(byKey(res.body), wanted);
  });

  it('never reads entities of another project', async () => {
    const res = await timeseries({
      from_time: FROM,
      to_time: TO,
      metric: 'pore_kpa',
      aggregation: { interval: 'day' },
      filters: { monitored_entity_ids: [ouse.ids['OU-1'], site.ids['GA-1']] },
    });
    expect(res.body.data.map((s: { monitored_entity: string }) => s.monitored_entity)).toEqual([site.ids['GA-1']]);
  });

  it('answers an empty list for the default range (the last 168 hours) without readings', async () => {
    const res = await timeseries({ metric: 'pore_kpa' });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ data: [] });
  });

  it('refuses bad bodies with a 400 naming the field', async () => {
    const cases: Array<[Record<string, unknown>, string]> = [
      [{}, 'metric'],
      [{ metric: 'pore_kpa; drop table readings' }, 'metric'],
      [{ metric: 'nope_metrics.pore_kpa' }, 'metric'],
      [{ metric: 'pore_kpa', aggregation: { function: 'median' } }, 'aggregation.function'],
      [{ metric: 'pore_kpa', aggregation: { interval: 'fortnight' } }, 'aggregation.interval'],
      [{ metric: 'pore_kpa', aggregation: { interval: 'day', interval_sec: 60 } }, 'aggregation.interval_sec'],
      [{ metric: 'pore_kpa', aggregation: { interval_sec: 0 } }, 'aggregation.interval_sec'],
      [{ metric: 'pore_kpa', aggregation: { group_by: 'project' } }, 'aggregation.group_by'],
      [{ metric: 'pore_kpa', from_time: 'yesterday' }, 'from_time'],
      [{ metric: 'pore_kpa', from_time: TO, to_time: FROM }, 'from_time'],
      [{ metric: 'pore_kpa', time_field: 'received_at' }, 'time_field'],
      [{ metric: 'pore_kpa', filters: { valid_only: 'yes' } }, 'filters.valid_only'],
      [{ metric: 'pore_kpa', filters: { monitored_entity_ids: ["1' or '1'='1"] } }, 'filters.monitored_entity_ids.0'],
      [{ metric: 'pore_kpa', sample_size: 0 }, 'sample_size'],
      [{ metric: 'pore_kpa', extra: 1 }, 'extra'],
      [
        { metric: 'pore_kpa', from_time: '1970-01-01T00:00:00Z', to_time: TO, aggregation: { interval_sec: 1 } },
        'aggregation.interval_sec',
      ],
    ];
    for (const [body, field] of cases) {
      const res = await timeseries(body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.error_type).toBe('ValidationError');
      expect(Object.keys(res.body.details ?? {}), JSON.stringify(body)).toContain(field);
    }
  });

  it('needs a session with a project', async () => {
    expect((await timeseries({ metric: 'pore_kpa' }, 'not-a-token')).status).toBe(401);
  });
});
