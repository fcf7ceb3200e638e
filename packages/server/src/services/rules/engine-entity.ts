import {
  DEFAULT_ENTITY_STATES,
  effectiveMetricLimits,
  parseEntityRules,
  type EntityRules,
  type EntityStates,
  type EntityType,
  type InvalidBound,
  type MetricLimit,
  type SchemeSpec,
  type TrendNotifications,
} from '@vigil/domain';
import type { Transaction } from 'kysely';
import { holdCompactionLock } from '../metrics/compaction-lock-store.ts';
import type { Dialect } from '../../db/connection.ts';
import type { Database } from '../../db/schema.ts';
import { registryVersion } from '../../db/registry-version.ts';
import { fromFlag, fromJson } from '../../db/values.ts';
import {
  findEntitiesToEvaluate,
  findEntityVersions,
  findProjectAttrs,
  findSchemesById,
  lockEntitiesForEvaluation,
} from '../registry/entity-evaluation-store.ts';

export type Trx = Transaction<Database>;

/** An entity as the rules engine sees it: identity, switches, states, rules and limits. */
export interface EngineEntity {
  id: string;
  projectId: string;
  eid: string;
  title: string;
  description: string;
  entityType: EntityType;
  schemeId: string | null;
  schemeName: string | null;
  interfaceNodeId: string | null;
  contractedSlaTime: number;
  maintenanceMode: boolean;
  turnedOff: boolean;
  decommissioned: boolean;
  latestPayloadReadAt: string | null;
  latestPayloadReceivedAt: string | null;
  context: Record<string, number>;
  states: EntityStates;
  rules: EntityRules;
  limits: MetricLimit[];
  invalidBounds: InvalidBound[];
  /** metric key → label, over every group of the scheme */
  labels: Map<string, string>;
  /** metric key → unit, where the scheme gives one */
  units: Map<string, string>;
  /** metric key → seconds per mean of the trend rules, where the scheme sets one (ADR 0023) */
  statisticsPeriods: Map<string, number>;
  /** how the project's trend events notify (ADR 0023) */
  trendNotifications: TrendNotifications;
  /** the entity's and its scheme's updated_at: a registry edit changes it */
  version: string;
}

/** Whether notifications of the entity are held back (its history is kept all the same). */
export const isSuppressed = (e: EngineEntity) => e.maintenanceMode || e.turnedOff || e.decommissioned;

/**
 * Loads entities for evaluation. On PostgreSQL each entity's advisory lock is taken (in one order,
 * so that two instances never deadlock) until the transaction ends: one evaluation of an entity at a time.
 */
export async function loadEngineEntities(trx: Trx, dialect: Dialect, ids: string[]): Promise<EngineEntity[]> {
  if (!ids.length) return [];
  const sorted = await lockForEvaluation(trx, dialect, ids);
  return readEngineEntities(trx, sorted);
}

/**
 * Takes what an evaluation of `ids` holds until its transaction ends (on PostgreSQL: each entity's
 * advisory lock, and the compaction lock shared); returns the ids sorted, without repeats.
 */
export async function lockForEvaluation(trx: Trx, dialect: Dialect, ids: readonly string[]): Promise<string[]> {
  const sorted = [...new Set(ids)].sort();
  await lockEntitiesForEvaluation(trx, dialect, sorted);
  // The statistics windows read series values, blocks and tail alike (ADR 0014).
  await holdCompactionLock(trx, dialect, 'shared');
  return sorted;
}

/** The entities of `sortedIds` as they are stored, in id order; an id that is no entity is left out. */
export async function readEngineEntities(trx: Trx, sortedIds: readonly string[]): Promise<EngineEntity[]> {
  if (!sortedIds.length) return [];
  const rows = await findEntitiesToEvaluate(trx, sortedIds);
  const schemes = await schemeViews(trx, rows);
  const trendsOf = await trendNotificationsOf(
    trx,
    rows.map((row) => row.project_id),
  );
  return rows.map((row) => {
    const scheme = (row.scheme_id && schemes.get(row.scheme_id)) || NO_SCHEME;
    const ownLimits = fromJson<MetricLimit[]>(row.metric_limits, []);
    return {
      id: row.id,
      projectId: row.project_id,
      eid: row.eid,
      title: row.title,
      description: row.description,
      entityType: row.entity_type,
      schemeId: row.scheme_id,
      schemeName: scheme.name,
      interfaceNodeId: row.interface_node_id,
      contractedSlaTime: row.contracted_sla_time,
      maintenanceMode: fromFlag(row.maintenance_mode),
      turnedOff: fromFlag(row.turned_off),
      decommissioned: fromFlag(row.decommissioned),
      latestPayloadReadAt: row.latest_payload_read_at,
      latestPayloadReceivedAt: row.latest_payload_received_at,
      context: fromJson<Record<string, number>>(row.context, {}),
      states: { ...DEFAULT_ENTITY_STATES, ...fromJson<Partial<EntityStates>>(row.states, {}) },
      rules: parseEntityRules(fromJson<unknown>(row.rules, {})),
      // the scheme's own array when the entity overrides none: rules cache what they derive from it
      limits: ownLimits.length ? effectiveMetricLimits(scheme.limits, ownLimits) : scheme.limits,
      invalidBounds: scheme.invalidBounds,
      labels: scheme.labels,
      units: scheme.units,
      statisticsPeriods: scheme.statisticsPeriods,
      trendNotifications: trendsOf(row.project_id),
      version: versionOf(row),
    };
  });
}

/** What the engine takes from a scheme, parsed once per scheme version rather than per entity and batch. */
interface SchemeView {
  updatedAt: string;
  name: string | null;
  limits: MetricLimit[];
  invalidBounds: InvalidBound[];
  /** metric key → label, over every group */
  labels: Map<string, string>;
  /** metric key → unit, where given */
  units: Map<string, string>;
  /** metric key → statistics_period, where given */
  statisticsPeriods: Map<string, number>;
}

const NO_SCHEME: SchemeView = {
  updatedAt: '',
  name: null,
  limits: [],
  invalidBounds: [],
  labels: new Map(),
  units: new Map(),
  statisticsPeriods: new Map(),
};
/** By scheme id (ids are random, so one cache serves every database of the process). */
const schemeCache = new Map<string, SchemeView>();

async function schemeViews(
  trx: Trx,
  rows: Array<{ scheme_id: string | null; scheme_updated_at: string | null }>,
): Promise<Map<string, SchemeView>> {
  const stale = new Set<string>();
  for (const row of rows) {
    if (row.scheme_id && schemeCache.get(row.scheme_id)?.updatedAt !== row.scheme_updated_at) stale.add(row.scheme_id);
  }
  if (stale.size) {
    if (schemeCache.size > 10_000) schemeCache.clear();
    const found = await findSchemesById(trx, [...stale]);
    for (const row of found) {
      const spec = fromJson<Partial<SchemeSpec>>(row.spec, {});
      const labels = new Map<string, string>();
      const units = new Map<string, string>();
      const statisticsPeriods = new Map<string, number>();
      for (const list of Object.values(spec.metrics ?? {})) {
        for (const m of list ?? []) {
          labels.set(m.key, m.label);
          if (m.unit) units.set(m.key, m.unit);
          if (m.statistics_period) statisticsPeriods.set(m.key, m.statistics_period);
        }
      }
      schemeCache.set(row.id, {
        updatedAt: row.updated_at,
        name: row.name,
        limits: spec.metric_limits ?? [],
        invalidBounds: spec.invalid_bounds ?? [],
        labels,
        units,
        statisticsPeriods,
      });
    }
  }
  return schemeCache;
}

/**
 * How each project's trend events notify (attrs.alarmSettings.trendNotifications, ADR 0023;
 * 'advisory' unless set): one small query an evaluation (a project's settings are no registry edit,
 * so they are read each time).
 */
export async function trendNotificationsOf(
  trx: Trx,
  ofProjects: Iterable<string>,
): Promise<(projectId: string) => TrendNotifications> {
  const projectIds = [...new Set(ofProjects)];
  const rows = projectIds.length ? await findProjectAttrs(trx, projectIds) : [];
  const alarming = new Set(
    rows
      .filter((row) => {
        const settings = fromJson<{ alarmSettings?: { trendNotifications?: unknown } }>(row.attrs, {}).alarmSettings;
        return settings?.trendNotifications === 'alarm';
      })
      .map((row) => row.id),
  );
  return (projectId) => (alarming.has(projectId) ? 'alarm' : 'advisory');
}

const versionOf = (row: { updated_at: string; scheme_updated_at: string | null }) =>
  `${row.updated_at}/${row.scheme_updated_at ?? ''}`;

/**
 * Whether no registry edit changed `entities` (or their schemes) since they were loaded, at
 * `version` of the registry: while it has not moved, nothing was edited (ADR 0018); when it has, the
 * entities' own updated_at tell.
 */
export async function unchangedSince(trx: Trx, entities: EngineEntity[], version: number | null): Promise<boolean> {
  if (!entities.length) return true;
  if (version !== null && (await registryVersion(trx)) === version) return true;
  const rows = await findEntityVersions(
    trx,
    entities.map((e) => e.id),
  );
  const now = new Map(rows.map((row) => [row.id, versionOf(row)]));
  return entities.every((e) => now.get(e.id) === e.version);
}
