import { sql } from 'kysely';
import type { Db, Dialect } from '../../db/connection.ts';

export interface ContextRow {
  entity_id: string;
  data_point_id: string;
  read_at: string;
  value: number | string | null;
}

export interface ContextSelector {
  key: string;
  entityIds?: readonly string[] | undefined;
  dataPointIds?: readonly string[] | undefined;
  ofDataPoints?: boolean;
}

/**
 * Values of a context metric as stored with each reading. Ingest does not index context metrics
 * (they are constants of the entity, ADR 0007), so a chart of one reads the readings themselves:
 * a range scan of the readings' key (read_at first) with the value taken out of the JSON.
 */
export async function findContextValues(
  db: Db,
  dialect: Dialect,
  projectId: string,
  selector: ContextSelector,
  fromIso: string,
  endIso: string,
): Promise<ContextRow[]> {
  if (selector.entityIds?.length === 0 || selector.dataPointIds?.length === 0) return [];
  // The key is a checked metric key (letters, digits, _), bound as a parameter all the same.
  const value =
    dialect === 'postgres'
      ? sql<
          number | null
        >`case when json_typeof((metrics::json -> 'context_metrics') -> ${selector.key}::text) = 'number'
          then ((metrics::json -> 'context_metrics') ->> ${selector.key}::text)::double precision end`
      : sql<number | null>`json_extract(metrics, ${`$.context_metrics.${selector.key}`})`;
  return db
    .selectFrom('readings')
    .select(['entity_id', 'data_point_id', 'read_at', value.as('value')])
    .where('project_id', '=', projectId)
    .where('read_at', '>=', fromIso)
    .where('read_at', '<', endIso)
    .where(value, 'is not', null)
    .$if(selector.entityIds !== undefined, (q) => q.where('entity_id', 'in', [...selector.entityIds!]))
    .$if(selector.dataPointIds !== undefined, (q) => q.where('data_point_id', 'in', [...selector.dataPointIds!]))
    .$if(selector.ofDataPoints === true, (q) => q.where('data_point_id', '<>', ''))
    .execute();
}
