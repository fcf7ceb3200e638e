import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test-support/test-app.ts';
import { API, CERRO, OUSE, createSite, ingest, tokenIn, type Payload, type Site } from './test-fixtures.ts';

let t: TestApp;
let token: string;
let site: Site;
let ouse: Site;
const payloads: Payload[] = [];

const TO = '2026-10-31T18:20:00.000Z';
const DAY = 86_400_000;

/** A reading every ~5 hours for 40 days; RC-2 is zero at the start of the last 30 days, RC-3 alternates data points. */
function readingsOf(eid: string, slope: number, start: number, dataPoints?: string[]): Payload[] {
  return Array.from({ length: 192 }, (_, i) => {
    const payload: Payload = {
      eid,
      read_at: new Date(Date.parse(TO) - 40 * DAY + i * 5 * 3_600_000 + ((i * 613) % 900) * 1000).toISOString(),
      raw_metrics: { pore_kpa: eid === 'RC-2' && i === 48 ? 0 : start + slope * i + (i % 3) },
    };
    if (dataPoints) payload.data_point_id = dataPoints[i % 2]!;
    return payload;
  });
}

beforeAll(async () => {
  t = await createTestApp();
  site = await createSite(t, CERRO, [
    { eid: 'RC-1', elevation: 1 },
    { eid: 'RC-2', elevation: 2 },
    { eid: 'RC-3', elevation: 3, dataPoints: ['left', 'right'] },
  ]);
  ouse = await createSite(t, OUSE, [{ eid: 'OU-2', elevation: 1 }]);
  token = await tokenIn(t, 'admin', site.projectId);
  payloads.push(
    ...readingsOf('RC-1', 0.5, 100),
    ...readingsOf('RC-2', -0.25, 10),
    ...readingsOf('RC-3', 1, 50, [site.dataPoints.left!, site.dataPoints.right!]),
  );
  await ingest(t, token, payloads);
  await ingest(t, await tokenIn(t, 'admin', ouse.projectId), readingsOf('OU-2', 1, 1));
});
afterAll(() => t.close());

const rateOfChange = (body: unknown) => t.call('POST', `${API}/metrics/rate-of-change/`, { token, body });

/** First and last reading of each key in the days before TO, from the payloads. */
function expectedChanges(days: number, percentage: boolean, byDataPoint = false) {
  const from = Date.parse(TO) - days * DAY;
  const out: Record<string, { value: number | null; first: number; last: number }> = {};
  const byKey = new Map<string, Payload[]>();
  for (const p of payloads) {
    const time = Date.parse(p.read_at);
    if (time < from || time > Date.parse(TO) || (byDataPoint && !p.data_point_id)) continue;
    const key = byDataPoint ? p.data_point_id! : site.ids[p.eid]!;
    byKey.set(key, [...(byKey.get(key) ?? []), p]);
  }
  for (const [key, list] of byKey) {
    list.sort((a, b) => Date.parse(a.read_at) - Date.parse(b.read_at));
    const first = list[0]!.raw_metrics.pore_kpa!;
    const last = list.at(-1)!.raw_metrics.pore_kpa!;
    const delta = last - first;
    out[key] = { first, last, value: percentage ? (first === 0 ? null : (delta / Math.abs(first)) * 100) : delta };
  }
  return out;
}

function actualChanges(body: { data: Array<Record<string, any>> }, keyField = 'monitored_entity') {
  return Object.fromEntries(
    body.data.map((d) => [d[keyField], { value: d.value, first: d.first.value, last: d.last.value }]),
  );
}

describe('POST metrics/rate-of-change/', () => {
  it('gives each entity’s change over the last 7 days by default, as a delta', async () => {
    const res = await rateOfChange({ metric: 'raw_metrics.pore_kpa', to_time: TO });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({
      interval_days: 7,
      result_type: 'delta',
      to_time: TO,
      from_time: new Date(Date.parse(TO) - 7 * DAY).toISOString(),
    });
    const actual = actualChanges(res.body);
    const wanted = expectedChanges(7, false);
    expect(Object.keys(actual).sort()).toEqual(Object.keys(wanted).sort());
    for (const [key, w] of Object.entries(wanted)) {
      expect(actual[key].first).toBe(w.first);
      expect(actual[key].last).toBe(w.last);
      expect(actual[key].value).toBeCloseTo(w.value!, 9);
    }
  });

  it('gives percentages over 1, 14 and 30 days, null when the first value is zero', async () => {
    for (const days of [1, 14, 30]) {
      const res = await rateOfChange({
        metric: 'pore_kpa',
        to_time: TO,
        interval_days: days,
        result_type: 'percentage',
      });
      const actual = actualChanges(res.body);
      for (const [key, w] of Object.entries(expectedChanges(days, true))) {
        if (w.value === null) expect(actual[key].value).toBeNull();
        else expect(actual[key].value, `${days} days`).toBeCloseTo(w.value, 9);
      }
    }
    const fromZero = await rateOfChange({
      metric: 'pore_kpa',
      to_time: TO,
      interval_days: 30,
      result_type: 'percentage',
    });
    const rc2 = fromZero.body.data.find((d: { monitored_entity: string }) => d.monitored_entity === site.ids['RC-2']);
    expect(rc2).toMatchObject({ value: null, first: { value: 0 } });
  });

  it('groups by data point and filters by entity, within the project only', async () => {
    const res = await rateOfChange({ metric: 'pore_kpa', to_time: TO, interval_days: 14, group_by: 'data_point_id' });
    const actual = actualChanges(res.body, 'data_point_id');
    const wanted = expectedChanges(14, false, true);
    expect(Object.keys(actual).sort()).toEqual([site.dataPoints.left, site.dataPoints.right].sort());
    for (const [key, w] of Object.entries(wanted)) expect(actual[key].value).toBeCloseTo(w.value!, 9);

    const filtered = await rateOfChange({
      metric: 'pore_kpa',
      to_time: TO,
      filters: { monitored_entity_ids: [site.ids['RC-1'], ouse.ids['OU-2']] },
    });
    expect(filtered.body.data.map((d: { monitored_entity: string }) => d.monitored_entity)).toEqual([site.ids['RC-1']]);
  });

  it('refuses windows other than 1, 7, 14 and 30 days and other bad bodies', async () => {
    for (const body of [
      { metric: 'pore_kpa', interval_days: 3 },
      { metric: 'pore_kpa', interval_days: '7' },
      { metric: 'pore_kpa', result_type: 'ratio' },
      { metric: 'pore_kpa', group_by: 'scheme' },
      { metric: 'pore_kpa', to_time: 'now' },
      { interval_days: 7 },
      { metric: 'pore_kpa', extra: true },
    ]) {
      const res = await rateOfChange(body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.error_type).toBe('ValidationError');
    }
  });
});
