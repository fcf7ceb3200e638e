import {
  GRID_COLUMNS,
  STATE_TYPES,
  childPages,
  dashboardTreeSchema,
  pathSegmentOf,
  type CardLayout,
  type DashboardCard,
  type DashboardTree,
} from '@vigil/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoIds } from '../services/ui/test-fixtures.ts';
import { createTestApp, type TestApp } from '../test-support/test-app.ts';
import { DEMO_PROJECTS } from './site.ts';

let t: TestApp;
let operator: string;
beforeAll(async () => {
  t = await createTestApp();
  operator = await t.login('operator');
});
afterAll(() => t.close());

/** The tree of one project and state type, as GET answers it to an operator. */
async function treeOf(projectId: string, stateType: string) {
  const url = `/ui/api/v1/projects/${projectId}/modules/${await demoIds(t).module(projectId, stateType)}`;
  const res = await t.call('GET', url, { token: operator });
  expect(res.status).toBe(200);
  return { body: res.body, tree: dashboardTreeSchema.parse(res.body.data) };
}

/** Every id a card names, as `kind:id` (entities with their type, data points with their device). */
function namedIds(card: DashboardCard): string[] {
  switch (card.type) {
    case 'device-state':
      return card.target.kind === 'group'
        ? [`group:${card.target.id}`]
        : [`entity:${card.target.id}:${card.target.entity_type}`];
    case 'state-summary':
    case 'device-table':
    case 'aggregation-table':
    case 'heatmap':
    case 'rate-of-change':
    case 'state-map':
      return card.group_id ? [`group:${card.group_id}`] : [];
    case 'gauge':
    case 'inclinometer-profile':
      return [`entity:${card.entity.id}:${card.entity.entity_type}`];
    case 'cross-section':
      return [`section:${card.cross_section_id}`];
    case 'weather':
    case 'cross-sections-map':
      return [];
    case 'chart':
      return card.series.flatMap((s) => [
        `entity:${s.entity_id}:${s.entity_type}`,
        ...(s.data_point_id ? [`point:${s.data_point_id}:${s.entity_id}`] : []),
      ]);
  }
}

const overlap = (a: CardLayout, b: CardLayout) =>
  a.x < b.x + b.w && b.x < a.x + a.w && a.y < b.y + b.h && b.y < a.y + a.h;
const cardsOf = (tree: DashboardTree) => tree.pages.flatMap((page) => page.cards);

describe.each(DEMO_PROJECTS.map((p) => [p.name, p.slug]))('the demo dashboards of %s', (_name, slug) => {
  let projectId: string;
  beforeAll(async () => {
    projectId = (await t.db.selectFrom('projects').select('id').where('slug', '=', slug).executeTakeFirstOrThrow()).id;
  });

  it('has a tree for both state types, saved by the demo administrator', async () => {
    for (const stateType of STATE_TYPES) {
      const { body, tree } = await treeOf(projectId, stateType);
      expect(body).toMatchObject({ user: await demoIds(t).userId('admin'), action: 'persist' });
      expect(Date.parse(body.timestamp)).not.toBeNaN();
      expect(tree.pages[0]!.path).toBe('root');
      expect(body.data).toEqual(tree);
    }
  });

  it('names only devices, groups and data points of the project', async () => {
    const [entities, groups, points] = await Promise.all([
      t.db.selectFrom('monitored_entities').select(['id', 'entity_type']).where('project_id', '=', projectId).execute(),
      t.db.selectFrom('basic_groups').select('id').where('project_id', '=', projectId).execute(),
      t.db.selectFrom('data_points').select(['id', 'entity_id']).where('project_id', '=', projectId).execute(),
    ]);
    const known = new Set([
      ...entities.map((e) => `entity:${e.id}:${e.entity_type}`),
      ...groups.map((g) => `group:${g.id}`),
      ...points.map((p) => `point:${p.id}:${p.entity_id}`),
    ]);
    for (const stateType of STATE_TYPES) {
      const named = cardsOf((await treeOf(projectId, stateType)).tree).flatMap(namedIds);
      expect(named.length).toBeGreaterThan(20);
      expect(named.filter((id) => !known.has(id))).toEqual([]);
    }
  });

  it('has one page under the overview per area group, showing that group', async () => {
    const areas = await t.db
      .selectFrom('basic_groups')
      .select(['id', 'title'])
      .where('project_id', '=', projectId)
      .where('type', '=', 'area')
      .execute();
    expect(areas.length).toBeGreaterThan(1);
    for (const stateType of STATE_TYPES) {
      const { tree } = await treeOf(projectId, stateType);
      const analysis = stateType === 'safety-state' ? ['Analysis'] : [];
      expect(tree.pages).toHaveLength(areas.length + 1 + analysis.length);
      const children = childPages(tree, 'root');
      expect(children.map((p) => p.title).sort()).toEqual([...areas.map((a) => a.title), ...analysis].sort());
      for (const area of areas) {
        const page = children.find((p) => p.title === area.title)!;
        expect(page.path).toBe(`root/${pathSegmentOf(area.title)}`);
        const groupCards = page.cards.filter((c) => 'group_id' in c && c.group_id === area.id).map((c) => c.type);
        expect(groupCards.sort()).toEqual(['device-table', 'state-summary']);
      }
    }
  });

  it('opens on the whole site: its state summary, key piezometers, devices and groups, and every device', async () => {
    const { tree } = await treeOf(projectId, 'safety-state');
    const root = tree.pages[0]!;
    const types = root.cards.map((c) => c.type);
    expect(types).toEqual(expect.arrayContaining(['state-summary', 'device-state', 'chart', 'gauge', 'device-table']));
    expect(root.cards.find((c) => c.type === 'state-summary')).toMatchObject({ group_id: null });
    expect(root.cards.find((c) => c.type === 'device-table')).toMatchObject({
      group_id: null,
      layout: { x: 0, w: 16 },
    });
    const targets = root.cards.flatMap((c) => (c.type === 'device-state' ? [c.target.kind] : []));
    expect(targets).toEqual(expect.arrayContaining(['entity', 'group']));
    const piezometers = root.cards.find(
      (c) => c.type === 'chart' && c.series.every((s) => s.metric === 'calculated_metrics.piezometric_level'),
    );
    expect(piezometers?.type === 'chart' && piezometers.series.length).toBeGreaterThanOrEqual(3);
  });

  it('maps every device of the site beside the state summary on both overviews', async () => {
    for (const stateType of STATE_TYPES) {
      const root = (await treeOf(projectId, stateType)).tree.pages[0]!;
      const maps = root.cards.filter((c) => c.type === 'state-map');
      expect(maps).toEqual([
        expect.objectContaining({ group_id: null, display_names: false, zoom: 15, layout: { x: 8, y: 0, w: 8, h: 4 } }),
      ]);
      expect(root.cards.find((c) => c.type === 'state-summary')?.layout).toMatchObject({ x: 0, y: 0 });
    }
  });

  it('plots key piezometric levels against the pond or river level and the rainfall sum as bars, full width', async () => {
    const { tree } = await treeOf(projectId, 'safety-state');
    const card = tree.pages[0]!.cards.find((c) => c.id === 'levels-and-rainfall');
    expect(card?.layout).toMatchObject({ x: 0, w: GRID_COLUMNS });
    if (card?.type !== 'chart') throw new Error('no levels chart on the safety-state overview');
    const metrics = card.series.map((s) => s.metric);
    expect(metrics.filter((m) => m === 'calculated_metrics.piezometric_level').length).toBeGreaterThanOrEqual(3);
    expect(metrics).toContain(
      slug === 'cerro-azul' ? 'calculated_metrics.water_level' : 'calculated_metrics.river_level',
    );
    const rain = card.series.filter((s) => s.metric === 'raw_metrics.rainfall');
    expect(rain).toEqual([expect.objectContaining({ function: 'sum', style: 'bars' })]);
    expect(card.series.filter((s) => s.style === 'bars')).toHaveLength(1);
    const operational = (await treeOf(projectId, 'operational-state')).tree.pages[0]!.cards;
    expect(operational.some((c) => c.id === 'levels-and-rainfall')).toBe(false);
  });

  it("shows the site's weather on the safety-state overview, at the project's first place, above the charts", async () => {
    const root = (await treeOf(projectId, 'safety-state')).tree.pages[0]!;
    const weather = root.cards.filter((c) => c.type === 'weather');
    expect(weather).toEqual([
      expect.objectContaining({ coordinates: null, units: 'celsius', layout: expect.objectContaining({ w: 8, h: 2 }) }),
    ]);
    const charts = root.cards.filter((c) => c.type === 'chart');
    for (const chart of charts) expect(weather[0]!.layout.y + weather[0]!.layout.h).toBeLessThanOrEqual(chart.layout.y);
  });

  it('has a safety-state page of analysis cards over the piezometers, an area and, with chains, a profile', async () => {
    const { tree } = await treeOf(projectId, 'safety-state');
    const analysis = tree.pages.find((p) => p.path === 'root/analysis');
    const types = analysis?.cards.map((c) => c.type);
    expect(types).toEqual(expect.arrayContaining(['heatmap', 'rate-of-change', 'aggregation-table']));
    expect(types?.includes('inclinometer-profile')).toBe(slug === 'cerro-azul');
    expect(analysis?.cards.find((c) => c.type === 'heatmap')).toMatchObject({ method: 'idw', bubble_size: 8 });
    expect(analysis?.cards.find((c) => c.type === 'rate-of-change')).toMatchObject({ interval_days: 7 });
  });

  it('lays every page out within the grid without overlaps', async () => {
    for (const stateType of STATE_TYPES) {
      for (const page of (await treeOf(projectId, stateType)).tree.pages) {
        const layouts = page.cards.map((c) => c.layout);
        for (const [i, a] of layouts.entries()) {
          expect(a.x + a.w).toBeLessThanOrEqual(GRID_COLUMNS);
          for (const b of layouts.slice(i + 1))
            expect(overlap(a, b), `${page.path}: ${JSON.stringify([a, b])}`).toBe(false);
        }
      }
    }
  });
});
