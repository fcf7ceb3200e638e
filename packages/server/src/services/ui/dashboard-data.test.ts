import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toJson } from '../../db/values.ts';
import { createTestApp, type TestApp } from '../../test-support/test-app.ts';
import { CERRO, demoIds, OUSE } from './test-fixtures.ts';

/** The data of the safety-state and operational-state modules is a dashboard tree (ADR 0020). */
let t: TestApp;
let cerro: string;
let ouse: string;
let token: string;
beforeAll(async () => {
  t = await createTestApp();
  [cerro, ouse] = [await demoIds(t).project(CERRO), await demoIds(t).project(OUSE)];
  token = await t.login('manager');
});
afterAll(() => t.close());

const urlOf = async (path: string) => `/ui/api/v1/projects/${cerro}/modules/${await demoIds(t).module(cerro, path)}`;
const entity = async (projectId: string, eid: string) =>
  t.db
    .selectFrom('monitored_entities')
    .select(['id', 'entity_type'])
    .where('project_id', '=', projectId)
    .where('eid', '=', eid)
    .executeTakeFirstOrThrow();
const groupId = async (projectId: string, title: string) =>
  (
    await t.db
      .selectFrom('basic_groups')
      .select('id')
      .where('project_id', '=', projectId)
      .where('title', '=', title)
      .executeTakeFirstOrThrow()
  ).id;
const pointId = async (identifier: string) =>
  (
    await t.db
      .selectFrom('data_points')
      .select('id')
      .where('project_id', '=', cerro)
      .where('identifier', '=', identifier)
      .executeTakeFirstOrThrow()
  ).id;

const layout = (y: number) => ({ x: 0, y, w: 8, h: 2 });
const rootWith = (cards: unknown[]) => ({ pages: [{ path: 'root', title: 'Site', cards }] });

async function save(path: string, data: unknown) {
  const url = await urlOf(path);
  const read = (await t.call('GET', url, { token })).body;
  const res = await t.call('PUT', url, { token, body: { action: 'persist', timestamp: read.timestamp, data } });
  return { res, read, after: (await t.call('GET', url, { token })).body };
}

describe('dashboard module data', () => {
  it('stores a tree of the project’s devices, groups and data points with its defaults filled', async () => {
    const pz = await entity(cerro, 'PZ-03');
    const chain = await entity(cerro, 'IPI-02');
    const series = [
      { entity_id: chain.id, entity_type: chain.entity_type, metric: 'calculated_metrics.resultant' },
      {
        entity_id: chain.id,
        entity_type: chain.entity_type,
        metric: 'resultant',
        data_point_id: await pointId('IPI-02-N01'),
      },
    ];
    const chart = { id: 'chart', type: 'chart', series, layout: layout(6) };
    const cards = [
      { id: 'summary', type: 'state-summary', layout: layout(0) },
      { id: 'pz', type: 'device-state', target: { kind: 'entity', ...pz }, layout: layout(2) },
      { id: 'area', type: 'device-table', group_id: await groupId(cerro, 'Decant pond'), layout: layout(4) },
      chart,
    ];
    const { res, after } = await save('operational-state', { pages: [{ path: 'root', title: ' Site ', cards }] });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({
      version: 1,
      pages: [
        {
          path: 'root',
          title: 'Site',
          cards: [
            { ...cards[0], title: '', group_id: null },
            { ...cards[1], title: '' },
            { ...cards[2], title: '' },
            { ...chart, title: '', period: 'sevenDays', series: [{ ...series[0], data_point_id: null }, series[1]] },
          ],
        },
      ],
    });
    expect(after).toEqual(res.body);
  });

  it('refuses a tree that does not parse, naming each field under data, and keeps the stored one', async () => {
    const { res, read, after } = await save('safety-state', {
      pages: [
        {
          path: 'home',
          title: '',
          cards: [
            { id: 'a', type: 'state-summary', layout: { x: 10, y: 0, w: 8, h: 2 } },
            { id: 'a', type: 'state-summary', layout: layout(2), colour: 'red' },
            { id: 'b', type: 'clock', layout: layout(4) },
          ],
        },
      ],
    });
    expect(res.status).toBe(400);
    expect(res.body.error_type).toBe('ValidationError');
    expect(Object.keys(res.body.details).sort()).toEqual([
      'data.pages.0.cards.0.layout',
      'data.pages.0.cards.1.colour',
      'data.pages.0.cards.2.type',
      'data.pages.0.path',
      'data.pages.0.title',
    ]);
    expect(res.body.details['data.pages.0.cards.1.colour']).toEqual(['Unknown field']);
    expect(after).toEqual(read);

    const notATree = await save('safety-state', [1, 2]);
    expect(notATree.res.status).toBe(400);
    expect(Object.keys(notATree.res.body.details)).toEqual(['data']);
  });

  it('refuses ids that are not the project’s, naming the card that holds each', async () => {
    const foreign = await entity(ouse, 'PZ-02');
    const logger = await entity(cerro, 'DL-01');
    const pz = await entity(cerro, 'PZ-01');
    const sectionIn = async (projectId: string, as: string) => {
      const created = await t.call('POST', `/ui/api/v1/projects/${projectId}/cross-sections/`, { token: as, body: {} });
      expect(created.status).toBe(201);
      return created.body as { id: string };
    };
    const section = await sectionIn(cerro, token);
    const foreignSection = await sectionIn(ouse, await t.login('admin'));
    const deleted = await sectionIn(cerro, token);
    expect(
      (await t.call('DELETE', `/ui/api/v1/projects/${cerro}/cross-sections/${deleted.id}/`, { token })).status,
    ).toBe(204);
    const { res, read, after } = await save(
      'safety-state',
      rootWith([
        { id: 'ok', type: 'device-state', target: { kind: 'entity', ...pz }, layout: layout(0) },
        { id: 'foreign', type: 'device-state', target: { kind: 'entity', ...foreign }, layout: layout(2) },
        { id: 'group', type: 'state-summary', group_id: await groupId(ouse, 'Piezometers'), layout: layout(4) },
        { id: 'as-group', type: 'device-state', target: { kind: 'group', id: pz.id }, layout: layout(6) },
        {
          id: 'type',
          type: 'gauge',
          entity: { id: logger.id, entity_type: 'instrument' },
          metric: 'x',
          layout: layout(8),
        },
        {
          id: 'point',
          type: 'chart',
          series: [
            { entity_id: pz.id, entity_type: 'instrument', metric: 'a', data_point_id: await pointId('IPI-01-N01') },
            { entity_id: 'no-such-device', entity_type: 'instrument', metric: 'a' },
          ],
          layout: layout(10),
        },
        { id: 'section', type: 'cross-section', cross_section_id: section.id, layout: layout(12) },
        { id: 'foreign-section', type: 'cross-section', cross_section_id: foreignSection.id, layout: layout(14) },
        // A card of a section deleted since blocks no save of its page.
        { id: 'deleted-section', type: 'cross-section', cross_section_id: deleted.id, layout: layout(16) },
      ]),
    );
    expect(res.status).toBe(400);
    expect(res.body.error_type).toBe('ValidationError');
    expect(res.body.details).toEqual({
      'data.pages.0.cards.1.target.id': ['Unknown device'],
      'data.pages.0.cards.2.group_id': ['Unknown group'],
      'data.pages.0.cards.3.target.id': ['Unknown group'],
      'data.pages.0.cards.4.entity.entity_type': ['The device is of type interface-node'],
      'data.pages.0.cards.5.series.0.data_point_id': ['Unknown data point'],
      'data.pages.0.cards.5.series.1.entity_id': ['Unknown device'],
      'data.pages.0.cards.7.cross_section_id': ['Unknown cross section'],
    });
    expect(after).toEqual(read);
  });

  it('answers a stored tree as the schema reads it, and null for data that is no tree', async () => {
    const url = await urlOf('operational-state');
    const moduleId = url.split('/').at(-1)!;
    const store = (data: unknown) =>
      t.db
        .updateTable('project_module_data')
        .set({ data: toJson(data) })
        .where('project_id', '=', cerro)
        .where('module_id', '=', moduleId)
        .execute();
    await save('operational-state', rootWith([]));
    // as saved before a field had its default: the app is given the default, as a save would store it
    await store({
      pages: [{ path: 'root', title: 'Site', cards: [{ id: 'a', type: 'state-summary', layout: layout(0) }] }],
    });
    const read = (await t.call('GET', url, { token })).body;
    expect(read.data.version).toBe(1);
    expect(read.data.pages[0].cards[0]).toEqual(
      (await save('operational-state', read.data)).after.data.pages[0].cards[0],
    );
    for (const data of [{ pages: [] }, { pages: [{ path: 'north', title: 'North', cards: [] }] }, 'text']) {
      await store(data);
      const answer = (await t.call('GET', url, { token })).body;
      expect(answer.data).toBeNull();
      expect(answer.timestamp).toEqual(expect.any(String));
    }
  });
});
