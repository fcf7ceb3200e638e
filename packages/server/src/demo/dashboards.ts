import {
  BUBBLE_HEATMAP_SIZE,
  CARD_PRESETS,
  DEFAULT_CARD_SIZE,
  firstFit,
  MAP_ZOOM,
  ROOT_PAGE,
  STATE_TYPES,
  dashboardTreeSchema,
  pathSegmentOf,
  type DashboardCard,
  type DashboardPage,
  type DashboardTree,
  type EntityType,
  type SchemeSpec,
  type StateType,
} from '@vigil/domain';
import type { Db } from '../db/connection.ts';
import { insertProjectModuleData } from '../services/ui/module-data-store.ts';
import { DASHBOARD_PLANS, PIEZOMETRIC_LEVEL, type SitePlan } from './dashboard-plans.ts';
import { DEMO_DEVICE_SITES, type DemoDeviceSite } from './devices.ts';

/**
 * The demo's state dashboards (ADR 0020): per project and state type, a site overview and one page
 * per area group (and, for safety, a page of analysis cards), stored as the data of the
 * safety-state and operational-state modules.
 */

/** Ids of one seeded project: devices by eid, groups by title, data points by identifier. */
export interface SeededIds {
  entities: Map<string, { id: string; entityType: EntityType }>;
  groups: Map<string, string>;
  dataPoints: Map<string, string>;
}

/**
 * The overview maps open at most this close (the card's zoom, 4 to 20): a demo site spans about two
 * kilometres, which the maps' general default of 12 shows as one cluster a few pixels wide.
 */
const SITE_ZOOM = Math.min(15, MAP_ZOOM.max);

type Draft = DashboardCard extends infer C ? (C extends DashboardCard ? Omit<C, 'layout'> : never) : never;

/** Cards in the order added, each in the first place it fits (top to bottom, left to right). */
export function demoPage(path: string, title: string) {
  const cards: DashboardCard[] = [];
  return {
    add(card: Draft, size: { w: number; h: number } = DEFAULT_CARD_SIZE[card.type]) {
      const layout = firstFit(
        cards.map((c) => c.layout),
        size,
      );
      cards.push({ ...card, layout } as DashboardCard);
    },
    done: (): DashboardPage => ({ path, title, cards }),
  };
}

function must<T>(map: Map<string, T>, key: string, what: string): T {
  const value = map.get(key);
  if (value === undefined) throw new Error(`The demo dashboards name an unknown ${what}: ${key}`);
  return value;
}

/** The trees of both state types of one demo site, parsed by dashboardTreeSchema; null for another site. */
export function demoDashboards(slug: string, ids: SeededIds): Record<StateType, DashboardTree> | null {
  const site = DEMO_DEVICE_SITES[slug];
  const plan = DASHBOARD_PLANS[slug];
  return site && plan ? siteDashboards(site, plan, ids) : null;
}

function siteDashboards(site: DemoDeviceSite, plan: SitePlan, ids: SeededIds): Record<StateType, DashboardTree> {
  const devices = new Map(site.devices.map((d) => [d.eid, d]));
  const device = (eid: string) => must(devices, eid, 'device');
  const declares = (eid: string, metric: string) => {
    const [groupName, key] = metric.split('.') as [keyof SchemeSpec['metrics'], string];
    const scheme = site.schemes.find((s) => s.name === device(eid).scheme);
    return !!scheme?.spec.metrics[groupName]?.some((m) => m.key === key);
  };
  // Every metric shown is one the device's scheme declares.
  const metricOf = (eid: string, metric: string) => {
    if (!declares(eid, metric)) throw new Error(`The demo dashboards show ${metric}, which ${eid} does not have`);
    return metric;
  };
  const entity = (eid: string) => {
    const { id, entityType } = must(ids.entities, eid, 'device');
    return { id, entity_type: entityType };
  };
  const group = (title: string) => must(ids.groups, title, 'group');
  // A device read through data points (an inclinometer chain) is charted at its first, top node.
  const firstPoint = (eid: string) => {
    const top = device(eid).dataPoints[0];
    return top ? must(ids.dataPoints, top.identifier, 'data point') : null;
  };
  const series = (eids: string[], metric: string) =>
    eids.map((eid) => ({
      entity_id: entity(eid).id,
      entity_type: entity(eid).entity_type,
      metric: metricOf(eid, metric),
      data_point_id: firstPoint(eid),
    }));
  const stateCard = (eid: string): Draft => ({
    id: `state-${eid.toLowerCase()}`,
    title: '',
    type: 'device-state',
    target: { kind: 'entity', ...entity(eid) },
  });
  const isPiezometer = (eid: string) => declares(eid, PIEZOMETRIC_LEVEL);

  function rootPage(type: StateType) {
    const root = demoPage(ROOT_PAGE, plan.title);
    root.add({ id: 'summary', title: '', type: 'state-summary', group_id: null });
    // Beside the summary: where the devices are and which are in trouble.
    root.add({
      id: 'map',
      title: '',
      type: 'state-map',
      group_id: null,
      display_names: false,
      cross_sections_layer: false,
      zoom: SITE_ZOOM,
    });
    plan.gauges[type].forEach(({ eid, metric }, i) =>
      root.add({ id: `gauge-${i + 1}`, title: '', type: 'gauge', entity: entity(eid), metric: metricOf(eid, metric) }),
    );
    // Rain drives pore pressures: the site's weather comes with the first things the engineers read.
    if (type === 'safety-state')
      root.add({ id: 'weather', title: '', type: 'weather', coordinates: null, units: 'celsius' });
    plan.keyDevices.forEach((eid) => root.add(stateCard(eid)));
    plan.keyGroups.forEach((title, i) =>
      root.add({ id: `group-${i + 1}`, title, type: 'device-state', target: { kind: 'group', id: group(title) } }),
    );
    for (const chart of plan.charts[type])
      root.add({
        id: chart.id,
        title: chart.title,
        type: 'chart',
        series: series(chart.eids, chart.metric),
        period: 'sevenDays',
      });
    if (type === 'safety-state') {
      root.add(
        {
          id: plan.levels.id,
          title: plan.levels.title,
          type: 'chart',
          series: plan.levels.series.flatMap(({ eid, metric, ...options }) =>
            series([eid], metric).map((s) => ({ ...s, ...options })),
          ),
          period: 'sevenDays',
        },
        CARD_PRESETS.fullWidth,
      );
    }
    root.add({ id: 'devices', title: 'All devices', type: 'device-table', group_id: null });
    return root.done();
  }

  function areaPage(area: DemoDeviceSite['groups'][number]) {
    const groupId = group(area.title);
    const at = demoPage(`${ROOT_PAGE}/${pathSegmentOf(area.title)}`, area.title);
    at.add({ id: 'summary', title: '', type: 'state-summary', group_id: groupId });
    const members = area.members.filter(isPiezometer).slice(0, 8);
    if (members.length)
      at.add({
        id: 'piezometers',
        title: 'Piezometric levels',
        type: 'chart',
        series: series(members, PIEZOMETRIC_LEVEL),
        period: 'sevenDays',
      });
    area.members.forEach((eid) => at.add(stateCard(eid)));
    at.add({ id: 'devices', title: '', type: 'device-table', group_id: groupId });
    return at.done();
  }

  /** Engineers investigating: how the piezometric levels spread and change, an area's daily maxima, a chain's profile. */
  function analysisPage() {
    const { piezometers, area, chain } = plan.analysis;
    const at = demoPage(`${ROOT_PAGE}/analysis`, 'Analysis');
    const level = { group_id: group(piezometers), metric: PIEZOMETRIC_LEVEL } as const;
    at.add({
      id: 'heatmap',
      title: 'Piezometric level across the site',
      type: 'heatmap',
      ...level,
      method: 'idw',
      display: 'interpolated',
      bubble_size: BUBBLE_HEATMAP_SIZE,
      time_interval_oversampling: 3_600,
    });
    at.add({
      id: 'change',
      title: 'Piezometric level change',
      type: 'rate-of-change',
      ...level,
      interval_days: 7,
      result_type: 'delta',
      group_by: 'monitored_entity',
    });
    if (chain)
      at.add(
        {
          id: 'profile',
          title: '',
          type: 'inclinometer-profile',
          entity: entity(chain),
          mode: 'cumulative',
          datum: null,
          overlay_days: [0, 7, 30],
          limit: 40,
        },
        CARD_PRESETS.fullWidthTall,
      );
    at.add({
      id: 'daily-maxima',
      title: `Daily highest piezometric levels, ${area}`,
      type: 'aggregation-table',
      group_id: group(area),
      metric: PIEZOMETRIC_LEVEL,
      function: 'max',
      interval: 'day',
      period: 'sevenDays',
    });
    return at.done();
  }

  const areas = site.groups.filter((g) => g.type === 'area');
  const tree = (type: StateType) =>
    dashboardTreeSchema.parse({
      version: 1,
      pages: [rootPage(type), ...areas.map(areaPage), ...(type === 'safety-state' ? [analysisPage()] : [])],
    });
  return { 'safety-state': tree('safety-state'), 'operational-state': tree('operational-state') };
}

/** Writes both dashboard trees of a seeded project, saved by `userId` at `now`. */
export async function seedDashboards(db: Db, projectId: string, slug: string, userId: string, now: string) {
  const [entities, groups, dataPoints, modules] = await Promise.all([
    db
      .selectFrom('monitored_entities')
      .select(['id', 'eid', 'entity_type'])
      .where('project_id', '=', projectId)
      .execute(),
    db.selectFrom('basic_groups').select(['id', 'title']).where('project_id', '=', projectId).execute(),
    db.selectFrom('data_points').select(['id', 'identifier']).where('project_id', '=', projectId).execute(),
    db
      .selectFrom('modules')
      .select(['id', 'path'])
      .where('project_id', '=', projectId)
      .where('path', 'in', STATE_TYPES)
      .execute(),
  ]);
  const trees = demoDashboards(slug, {
    entities: new Map(entities.map((e) => [e.eid, { id: e.id, entityType: e.entity_type }])),
    groups: new Map(groups.map((g) => [g.title, g.id])),
    dataPoints: new Map(dataPoints.map((p) => [p.identifier, p.id])),
  });
  if (!trees) return;
  for (const module of modules) {
    const data = trees[module.path as StateType];
    await insertProjectModuleData(db, {
      projectId,
      moduleId: module.id,
      userId,
      action: 'persist',
      timestamp: now,
      data,
    });
  }
}
