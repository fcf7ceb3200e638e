import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test-support/test-app.ts';
import { API, CERRO, OUSE, createSite, ingest, tokenIn, type Site } from './test-fixtures.ts';

let t: TestApp;
let token: string;
let site: Site;
let ouse: Site;

const at = (hhmm: string) => `2026-11-01T${hhmm}:00.000Z`;
let id: (eid: string) => string;
let dp: (title: string) => string;

beforeAll(async () => {
  t = await createTestApp();
  site = await createSite(t, CERRO, [
    { eid: 'GA-1', elevation: 400 },
    { eid: 'GA-2', elevation: 410 },
    { eid: 'GA-3', elevation: 420, dataPoints: ['north', 'south'] },
  ]);
  ouse = await createSite(t, OUSE, [{ eid: 'OU-1', elevation: 5 }]);
  id = (eid) => site.ids[eid] ?? ouse.ids[eid]!;
  dp = (title) => site.dataPoints[title]!;
  token = await tokenIn(t, 'operator', site.projectId);
  const admin = await tokenIn(t, 'admin', site.projectId);
  await ingest(t, admin, [
    { eid: 'GA-1', read_at: at('10:00'), raw_metrics: { pore_kpa: 1, temp_c: 11 } },
    { eid: 'GA-1', read_at: at('11:00'), raw_metrics: { pore_kpa: 2, temp_c: 12 } },
    { eid: 'GA-1', read_at: at('12:00'), raw_metrics: { pore_kpa: 3, temp_c: 13 } },
    { eid: 'GA-2', read_at: at('10:30'), raw_metrics: { pore_kpa: 5 } },
    { eid: 'GA-2', read_at: at('11:30'), raw_metrics: { pore_kpa: 2500 } },
    { eid: 'GA-3', read_at: at('10:15'), raw_metrics: { pore_kpa: 7 }, data_point_id: dp('north') },
    { eid: 'GA-3', read_at: at('11:15'), raw_metrics: { pore_kpa: 8 }, data_point_id: dp('south') },
    { eid: 'GA-3', read_at: at('12:15'), raw_metrics: { pore_kpa: 9 }, data_point_id: dp('north') },
    { eid: 'GA-3', read_at: at('13:15'), raw_metrics: { pore_kpa: 10 }, data_point_id: dp('south') },
  ]);
  await ingest(t, await tokenIn(t, 'admin', ouse.projectId), [
    { eid: 'OU-1', read_at: at('14:00'), raw_metrics: { pore_kpa: 99 } },
  ]);
});
afterAll(() => t.close());

/** Only this file's devices: the demo site may hold readings of its own. */
const mine = () => `monitored_entity_ids=${['GA-1', 'GA-2', 'GA-3'].map(id).join(',')}`;
const get = (path: string) => t.call('GET', `${API}${path}`, { token });
const post = (path: string, body: unknown) => t.call('POST', `${API}${path}`, { token, body });
const keysOf = (objects: Array<{ monitored_entity_id: string; read_at: string }>) =>
  objects.map(
    (o) =>
      `${Object.keys(site.ids).find((e) => site.ids[e] === o.monitored_entity_id) ?? o.monitored_entity_id} ${o.read_at.slice(11, 16)}`,
  );

describe('GET metrics/', () => {
  it('lists the project’s readings, newest first, 1000 a page by default', async () => {
    const res = await get(`/metrics/?${mine()}`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ count: 9, page: 1, paginate_by: 1000 });
    expect(keysOf(res.body.objects)).toEqual([
      'GA-3 13:15',
      'GA-3 12:15',
      'GA-1 12:00',
      'GA-2 11:30',
      'GA-3 11:15',
      'GA-1 11:00',
      'GA-2 10:30',
      'GA-3 10:15',
      'GA-1 10:00',
    ]);
  });

  it('presents every metric group of a reading', async () => {
    const res = await get(`/metrics/?monitored_entity_ids=${id('GA-2')}&ordering=read_at`);
    expect(res.body.objects).toEqual([
      {
        monitored_entity_id: id('GA-2'),
        data_point_id: null,
        read_at: at('10:30'),
        received_at: expect.any(String),
        source: 'device',
        manual: null,
        raw_metrics: { pore_kpa: 5 },
        calculated_metrics: { head_m: 410.5 },
        context_metrics: { tip_m: 410 },
        invalid_metrics: {},
      },
      {
        monitored_entity_id: id('GA-2'),
        data_point_id: null,
        read_at: at('11:30'),
        received_at: expect.any(String),
        source: 'device',
        manual: null,
        raw_metrics: {},
        calculated_metrics: {},
        context_metrics: { tip_m: 410 },
        invalid_metrics: { pore_kpa: 2500 },
      },
    ]);
  });

  it('filters by read_at range and entities, orders, pages and selects fields', async () => {
    const ranged = await get(
      `/metrics/?time_field=read_at&read_at.from_time=${at('11:00')}&read_at.to_time=${at('12:00')}&ordering=read_at&${mine()}`,
    );
    expect(keysOf(ranged.body.objects)).toEqual(['GA-1 11:00', 'GA-3 11:15', 'GA-2 11:30', 'GA-1 12:00']);

    const paged = await get(
      `/metrics/?monitored_entity_ids=${id('GA-1')},${id('GA-3')}&ordering=-read_at&paginate_by=2&page=2`,
    );
    expect(paged.body).toMatchObject({ count: 7, page: 2, paginate_by: 2 });
    expect(keysOf(paged.body.objects)).toEqual(['GA-1 12:00', 'GA-3 11:15']);

    const fields = await get(
      `/metrics/?monitored_entity_ids=${id('GA-1')}&fields=raw_metrics.pore_kpa&ordering=read_at&paginate_by=1`,
    );
    expect(fields.body.objects).toEqual([
      { monitored_entity_id: id('GA-1'), data_point_id: null, read_at: at('10:00'), raw_metrics: { pore_kpa: 1 } },
    ]);
  });

  it('never shows readings of another project', async () => {
    const res = await get(`/metrics/?monitored_entity_ids=${ouse.ids['OU-1']}`);
    expect(res.body).toMatchObject({ count: 0, objects: [] });
  });

  it('refuses unknown filters, fields, orderings and bad times', async () => {
    for (const query of [
      'unknown=1',
      'fields=password_hash',
      'ordering=metrics',
      'read_at.from_time=yesterday',
      'time_field=received_at',
      'monitored_entity_ids=a;b',
      'paginate_by=5000',
    ]) {
      const res = await get(`/metrics/?${query}`);
      expect(res.status, query).toBe(400);
      expect(res.body.error_type).toBe('ValidationError');
    }
  });
});

describe('GET metrics/latest/', () => {
  it('gives the newest reading of each entity, newest first, as a list', async () => {
    const res = await get(`/metrics/latest/?time_field=read_at&ordering=-read_at&${mine()}`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ count: 3, page: 1, paginate_by: 100 });
    expect(keysOf(res.body.objects)).toEqual(['GA-3 13:15', 'GA-1 12:00', 'GA-2 11:30']);
    expect(res.body.objects[0]).toMatchObject({ data_point_id: dp('south'), raw_metrics: { pore_kpa: 10 } });
  });

  it('gives the newest reading at or before read_at.to_time, and none older than from_time', async () => {
    const before = await get(`/metrics/latest/?read_at.to_time=${at('11:45')}&ordering=-read_at&${mine()}`);
    expect(keysOf(before.body.objects)).toEqual(['GA-2 11:30', 'GA-3 11:15', 'GA-1 11:00']);
    const between = await get(
      `/metrics/latest/?read_at.from_time=${at('10:10')}&read_at.to_time=${at('10:59')}&${mine()}`,
    );
    expect(keysOf(between.body.objects)).toEqual(['GA-2 10:30', 'GA-3 10:15']);
    const after = await get(`/metrics/latest/?read_at.from_time=${at('12:00')}&${mine()}`);
    expect(keysOf(after.body.objects)).toEqual(['GA-3 13:15', 'GA-1 12:00']);
  });

  it('filters by entities, orders by entity, pages and selects groups', async () => {
    const res = await get(
      `/metrics/latest/?monitored_entity_ids=${id('GA-1')},${id('GA-2')},${ouse.ids['OU-1']}&fields=raw_metrics,invalid_metrics&ordering=monitored_entity_id`,
    );
    const sorted = [id('GA-1'), id('GA-2')].sort();
    expect(res.body.objects.map((o: { monitored_entity_id: string }) => o.monitored_entity_id)).toEqual(sorted);
    for (const o of res.body.objects) {
      expect(Object.keys(o).sort()).toEqual([
        'data_point_id',
        'invalid_metrics',
        'monitored_entity_id',
        'raw_metrics',
        'read_at',
      ]);
    }
    const paged = await get(`/metrics/latest/?paginate_by=2&page=2&${mine()}`);
    expect(paged.body).toMatchObject({ count: 3, page: 2, paginate_by: 2 });
    expect(keysOf(paged.body.objects)).toEqual(['GA-2 11:30']);
  });
});

describe('POST metrics/latest/', () => {
  it('gives the newest reading of each data point with latest_by data_point_id', async () => {
    const res = await post('/metrics/latest/', {
      time_field: 'read_at',
      ordering: '-read_at',
      latest_by: 'data_point_id',
      filters: { monitored_entity_ids: [id('GA-1'), id('GA-2'), id('GA-3')] },
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ count: 2, page: 1, paginate_by: 100 });
    expect(
      res.body.objects.map((o: { data_point_id: string; read_at: string }) => [o.data_point_id, o.read_at]),
    ).toEqual([
      [dp('south'), at('13:15')],
      [dp('north'), at('12:15')],
    ]);
  });

  it('filters by data points or entities and by time, and pages by 100 unless asked', async () => {
    const north = await post('/metrics/latest/', {
      latest_by: 'data_point_id',
      filters: { data_point_ids: [dp('north')] },
      to_time: at('12:00'),
      fields: ['raw_metrics'],
    });
    expect(north.body.objects).toEqual([
      {
        monitored_entity_id: id('GA-3'),
        data_point_id: dp('north'),
        read_at: at('10:15'),
        raw_metrics: { pore_kpa: 7 },
      },
    ]);
    const byEntity = await post('/metrics/latest/?paginate_by=1&page=2', {
      latest_by: 'monitored_entity_id',
      ordering: 'read_at',
      from_time: at('10:20'),
      filters: { monitored_entity_ids: [id('GA-1'), id('GA-2'), id('GA-3'), ouse.ids['OU-1']] },
    });
    expect(byEntity.body).toMatchObject({ count: 3, page: 2, paginate_by: 1 });
    expect(keysOf(byEntity.body.objects)).toEqual(['GA-1 12:00']);
    const none = await post('/metrics/latest/', { filters: { monitored_entity_ids: [] } });
    expect(none.body).toMatchObject({ count: 0, objects: [] });
  });

  it('refuses bad bodies and paging', async () => {
    for (const [url, body] of [
      ['/metrics/latest/', { latest_by: 'project' }],
      ['/metrics/latest/', { ordering: 'metrics' }],
      ['/metrics/latest/', { fields: ['password'] }],
      ['/metrics/latest/', { filters: { eids: ['x'] } }],
      ['/metrics/latest/', { from_time: 'today' }],
      ['/metrics/latest/', { time_field: 'created_at' }],
      ['/metrics/latest/', []],
      ['/metrics/latest/?page=0', {}],
      ['/metrics/latest/?unknown=1', {}],
    ] as const) {
      const res = await post(url, body);
      expect(res.status, `${url} ${JSON.stringify(body)}`).toBe(400);
      expect(res.body.error_type).toBe('ValidationError');
    }
  });
});
