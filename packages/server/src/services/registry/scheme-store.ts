import type { SchemeSpec, SchemeType } from '@vigil/domain';
import type { Db } from '../../db/connection.ts';
import type { SchemesTable } from '../../db/schema.ts';
import { fromJson, toJson } from '../../db/values.ts';
import { runListQuery, type ListQuery, type ListSpec } from '../../http/list-query.ts';

export interface SchemeRecord {
  id: string;
  projectId: string;
  name: string;
  type: SchemeType;
  spec: SchemeSpec;
  createdAt: string;
  updatedAt: string;
}

export const schemeList: ListSpec = {
  columns: { id: 'id', name: 'name', type: 'type', created_at: 'created_at', updated_at: 'updated_at' },
  filters: ['id', 'name', 'type'],
  ranges: ['created_at', 'updated_at'],
  defaultOrdering: 'name',
  tieBreaker: 'id',
};

/** A stored spec, completed with empty groups so that readers never meet a missing list. */
export function normaliseSpec(raw: Partial<SchemeSpec> | null): SchemeSpec {
  const metrics: Partial<SchemeSpec['metrics']> = raw?.metrics ?? {};
  return {
    metrics: {
      raw_metrics: metrics.raw_metrics ?? [],
      calculated_metrics: metrics.calculated_metrics ?? [],
      context_metrics: metrics.context_metrics ?? [],
      user_metrics: metrics.user_metrics ?? [],
    },
    metric_limits: raw?.metric_limits ?? [],
    invalid_bounds: raw?.invalid_bounds ?? [],
  };
}

const toRecord = (row: SchemesTable): SchemeRecord => ({
  id: row.id,
  projectId: row.project_id,
  name: row.name,
  type: row.type as SchemeType,
  spec: normaliseSpec(fromJson<Partial<SchemeSpec> | null>(row.spec, null)),
  createdAt: row.created_at,
  updatedAt: row.updated_at,
});

export const schemeRow = (r: SchemeRecord): SchemesTable => ({
  id: r.id,
  project_id: r.projectId,
  name: r.name,
  type: r.type,
  spec: toJson(r.spec),
  created_at: r.createdAt,
  updated_at: r.updatedAt,
});

export async function listSchemes(db: Db, projectId: string, query: ListQuery) {
  const { count, rows } = await runListQuery(
    db.selectFrom('schemes').selectAll().where('project_id', '=', projectId),
    query,
    schemeList,
  );
  return { count, records: rows.map(toRecord) };
}

export async function findScheme(db: Db, projectId: string, id: string): Promise<SchemeRecord | undefined> {
  const row = await db
    .selectFrom('schemes')
    .selectAll()
    .where('project_id', '=', projectId)
    .where('id', '=', id)
    .executeTakeFirst();
  return row && toRecord(row);
}

/** Every scheme of the project (a handful), by id: device profiles embed theirs. */
export async function findProjectSchemes(db: Db, projectId: string): Promise<Map<string, SchemeRecord>> {
  const rows = await db.selectFrom('schemes').selectAll().where('project_id', '=', projectId).execute();
  return new Map(rows.map((row) => [row.id, toRecord(row)]));
}

export async function schemeNameTaken(db: Db, projectId: string, name: string, exceptId?: string) {
  let query = db.selectFrom('schemes').select('id').where('project_id', '=', projectId).where('name', '=', name);
  if (exceptId) query = query.where('id', '!=', exceptId);
  return !!(await query.executeTakeFirst());
}

export async function insertScheme(db: Db, record: SchemeRecord): Promise<void> {
  await db.insertInto('schemes').values(schemeRow(record)).execute();
}

/** With `version`, only over that version (ADR 0034): false when the scheme has moved on or gone. */
export async function updateScheme(db: Db, record: SchemeRecord, version?: string): Promise<boolean> {
  const { name, type, spec, updated_at } = schemeRow(record);
  const result = await db
    .updateTable('schemes')
    .set({ name, type, spec, updated_at })
    .where('id', '=', record.id)
    .where('project_id', '=', record.projectId)
    .$if(version !== undefined, (qb) => qb.where('updated_at', '=', version!))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** How many of the project's devices of each type use the scheme. */
export async function countSchemeUsers(db: Db, projectId: string, schemeId: string) {
  const rows = await db
    .selectFrom('monitored_entities')
    .select(['entity_type', (eb) => eb.fn.countAll().as('n')])
    .where('project_id', '=', projectId)
    .where('scheme_id', '=', schemeId)
    .groupBy('entity_type')
    .execute();
  return new Map(rows.map((r) => [r.entity_type, Number(r.n)]));
}

/** Deletes a scheme over the version read: false when it has moved on or gone. */
export async function deleteScheme(db: Db, projectId: string, id: string, version: string): Promise<boolean> {
  const result = await db
    .deleteFrom('schemes')
    .where('project_id', '=', projectId)
    .where('id', '=', id)
    .where('updated_at', '=', version)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}
