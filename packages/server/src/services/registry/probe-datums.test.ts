import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test-support/test-app.ts';
import { API } from './test-fixtures.ts';

// Issue 34 and ADR 0041: a probe (traversing) inclinometer gets a datum as a chain does. Its casing is
// surveyed now and then; a survey is the probe's deviation at each depth (a data point), stored with
// the survey's one read_at. The datum is the survey that displacement is measured from.

const DEPTHS = [0.5, 1, 1.5, 2, 2.5, 3];
// monthly surveys, the first one after installation
const SURVEYS = ['2026-01-12T10:30:00.000Z', '2026-02-09T11:05:00.000Z', '2026-03-16T09:40:00.000Z'];

let t: TestApp;
let admin: string;
let operator: string;
let probe: string;
beforeAll(async () => {
  t = await createTestApp();
  [admin, operator] = await Promise.all([t.login('admin'), t.login('operator')]);
  const post = async (path: string, body: unknown) => {
    const res = await t.call('POST', `${API}/${path}`, { token: admin, body });
    if (res.status !== 201) throw new Error(`${path}: ${JSON.stringify(res.body)}`);
    return res.body.id as string;
  };
  const scheme = await post('schemes', {
    name: 'Probe inclinometer',
    type: 'displacement',
    spec: {
      metrics: {
        raw_metrics: [
          { key: 'a_deviation', label: 'A-axis deviation', unit: 'mm', decimals: 2 },
          { key: 'b_deviation', label: 'B-axis deviation', unit: 'mm', decimals: 2 },
        ],
        calculated_metrics: [],
        context_metrics: [{ key: 'reading_interval', label: 'Reading interval', unit: 'm', decimals: 2 }],
        user_metrics: [],
      },
      metric_limits: [],
    },
  });
  probe = await post('instruments', {
    eid: 'INC-P1',
    title: 'INC-P1 Left abutment casing',
    scheme,
    context: { reading_interval: 0.5 },
    contracted_sla_time: 3_000_000,
  });
  const depths = [];
  for (const depth of DEPTHS)
    depths.push(await post('data-points', { monitored_entity_id: probe, title: `${depth.toFixed(1)} m` }));
  for (const [k, readAt] of SURVEYS.entries()) {
    const res = await t.call('POST', '/ingest/api/v1/payloads', {
      token: admin,
      body: depths.map((id, i) => ({
        eid: 'INC-P1',
        data_point_id: id,
        read_at: readAt,
        raw_metrics: { a_deviation: 0.1 * i + 0.3 * k, b_deviation: -0.05 * i },
      })),
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.accepted).toBe(DEPTHS.length);
  }
});
afterAll(() => t.close());

const call = (method: string, path: string, body?: unknown, token = admin) =>
  t.call(method, `${API}/${path}`, { token, body });

describe('the datum of a probe inclinometer', () => {
  it('offers its surveys, months apart, each with its depths, newest first', async () => {
    const res = await call(
      'GET',
      `instruments/${probe}/reading-sets?from_time=2025-12-06T00:00:00Z&to_time=2026-12-06T00:00:00Z`,
      undefined,
      operator,
    );
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.objects).toEqual(
      [...SURVEYS].reverse().map((readAt) => ({ read_at: readAt, readings: DEPTHS.length })),
    );
  });

  it('is set to a survey, kept with its history when another survey becomes the datum', async () => {
    const first = await call('POST', `instruments/${probe}/datums`, { datum_at: SURVEYS[0], notes: 'Initial survey' });
    expect(first.status, JSON.stringify(first.body)).toBe(201);
    const later = await call('POST', `instruments/${probe}/datums`, {
      datum_at: SURVEYS[1],
      notes: 'Probe replaced: new initial survey',
    });
    expect(later.status, JSON.stringify(later.body)).toBe(201);
    const list = await call('GET', `instruments/${probe}/datums`, undefined, operator);
    expect(list.body.objects.map((d: { datum_at: string; notes: string }) => [d.datum_at, d.notes])).toEqual([
      [SURVEYS[1], 'Probe replaced: new initial survey'],
      [SURVEYS[0], 'Initial survey'],
    ]);
    const history = await call('GET', `instruments/${probe}/history`, undefined, operator);
    expect(history.body.objects[0]).toMatchObject({
      action: 'updated',
      fields: {
        datum: {
          old: { datum_at: SURVEYS[0], notes: 'Initial survey' },
          new: { datum_at: SURVEYS[1], notes: 'Probe replaced: new initial survey' },
        },
      },
    });
  });

  it('refuses a day between surveys, and the survey’s day without its time', async () => {
    for (const datumAt of ['2026-02-20T00:00:00Z', '2026-02-09T00:00:00Z']) {
      const res = await call('POST', `instruments/${probe}/datums`, { datum_at: datumAt });
      expect(res.status).toBe(400);
      expect(res.body.details).toHaveProperty('datum_at');
    }
  });
});
