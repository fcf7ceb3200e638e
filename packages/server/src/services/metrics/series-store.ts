import type { Db } from '../../db/connection.ts';

/** One indexed series (ADR 0007): a metric of a group of an entity, or of one of its data points. */
export interface SeriesRef {
  id: number;
  entityId: string;
  /** '' when the values are not of a data point */
  dataPointId: string;
  /** where its values are in a reading: metrics[group][metric] */
  group: string;
  metric: string;
}

export interface SeriesSelector {
  metric: string;
  groups: readonly string[];
  entityIds?: readonly string[] | undefined;
  dataPointIds?: readonly string[] | undefined;
  /** only series of data points */
  ofDataPoints?: boolean;
}

/**
 * The project's series of a metric. Driven from the project's entities (index on project_id), then
 * the series key (entity_id first), so entities of other projects never match.
 */
export async function findSeries(db: Db, projectId: string, selector: SeriesSelector): Promise<SeriesRef[]> {
  if (selector.entityIds?.length === 0 || selector.dataPointIds?.length === 0) return [];
  const rows = await db
    .selectFrom('monitored_entities as e')
    .innerJoin('metric_series as s', 's.entity_id', 'e.id')
    .select(['s.id', 's.entity_id', 's.data_point_id', 's.metric_group', 's.metric'])
    .where('e.project_id', '=', projectId)
    .where('s.metric', '=', selector.metric)
    .where('s.metric_group', 'in', [...selector.groups])
    .$if(selector.entityIds !== undefined, (q) => q.where('s.entity_id', 'in', [...selector.entityIds!]))
    .$if(selector.dataPointIds !== undefined, (q) => q.where('s.data_point_id', 'in', [...selector.dataPointIds!]))
    .$if(selector.ofDataPoints === true, (q) => q.where('s.data_point_id', '<>', ''))
    .orderBy('s.id')
    .execute();
  return rows.map((r) => ({
    id: Number(r.id),
    entityId: r.entity_id,
    dataPointId: r.data_point_id,
    group: r.metric_group,
    metric: r.metric,
  }));
}

/** Every entity (or data point) of the project a series could be keyed by, filtered as asked. */
export async function findOutputKeys(
  db: Db,
  projectId: string,
  groupBy: 'monitored_entity' | 'data_point_id',
  filters: {
    monitored_entity_ids?: readonly string[] | undefined;
    data_point_ids?: readonly string[] | undefined;
  } = {},
): Promise<string[]> {
  if (filters.monitored_entity_ids?.length === 0 || filters.data_point_ids?.length === 0) return [];
  if (groupBy === 'monitored_entity') {
    const rows = await db
      .selectFrom('monitored_entities')
      .select('id')
      .where('project_id', '=', projectId)
      .$if(filters.monitored_entity_ids !== undefined, (q) => q.where('id', 'in', [...filters.monitored_entity_ids!]))
      .orderBy('id')
      .execute();
    return rows.map((r) => r.id).sort();
  }
  const rows = await db
    .selectFrom('data_points')
    .select('id')
    .where('project_id', '=', projectId)
    .$if(filters.monitored_entity_ids !== undefined, (q) =>
      q.where('entity_id', 'in', [...filters.monitored_entity_ids!]),
    )
    .$if(filters.data_point_ids !== undefined, (q) => q.where('id', 'in', [...filters.data_point_ids!]))
    .orderBy('id')
    .execute();
  return rows.map((r) => r.id).sort();
}

/** Located entities of the project (for maps): id, longitude, latitude and context (JSON). */
export async function findLocatedEntities(db: Db, projectId: string, entityIds?: readonly string[]) {
  if (entityIds?.length === 0) return [];
  const rows = await db
    .selectFrom('monitored_entities')
    .select(['id', 'longitude', 'latitude', 'context'])
    .where('project_id', '=', projectId)
    .where('longitude', 'is not', null)
    .where('latitude', 'is not', null)
    .$if(entityIds !== undefined, (q) => q.where('id', 'in', [...entityIds!]))
    .orderBy('id')
    .execute();
  return rows.map((r) => ({
    id: r.id,
    longitude: Number(r.longitude),
    latitude: Number(r.latitude),
    context: r.context,
  }));
}

/** Every series of the entities (in the metric groups, when given), whatever project they are of. */
export const findSeriesOfEntities = (db: Db, entityIds: readonly string[], groups?: readonly string[]) =>
  db
    .selectFrom('metric_series')
    .select(['id', 'entity_id', 'data_point_id', 'metric_group', 'metric'])
    .where('entity_id', 'in', [...entityIds])
    .$if(groups !== undefined, (q) => q.where('metric_group', 'in', [...groups!]))
    .execute();

/** The series of one channel: an entity's own values, or one of its data points'. */
export const findSeriesOfChannel = (db: Db, entityId: string, dataPointId: string) =>
  db
    .selectFrom('metric_series')
    .select(['id', 'metric_group', 'metric'])
    .where('entity_id', '=', entityId)
    .where('data_point_id', '=', dataPointId)
    .execute();
