import type { DatedFactors } from '@vigil/domain';
import type { Db } from '../../db/connection.ts';
import type { CalibrationsTable } from '../../db/schema.ts';
import { fromJson } from '../../db/values.ts';
import { runListQuery, type ListQuery, type ListSpec } from '../../http/list-query.ts';

// All SQL of calibrations (requirements#site-contracts), their one writer; rows are presented by
// calibration-presenter.ts.

export type CalibrationRow = CalibrationsTable;

export const calibrationList: ListSpec = {
  columns: { effective_from: 'effective_from', created_at: 'created_at', created_by: 'created_by' },
  filters: ['created_by'],
  ranges: ['effective_from'],
  orderings: ['effective_from', 'created_at'],
  defaultOrdering: '-effective_from',
  tieBreaker: 'id',
};

/** The project's calibrations, of the instruments asked for (`monitored_entity_id=a,b`) or all. */
export const projectCalibrationList: ListSpec = {
  ...calibrationList,
  columns: { ...calibrationList.columns, monitored_entity_id: 'entity_id' },
  filters: ['created_by', 'monitored_entity_id'],
};

export async function listProjectCalibrations(db: Db, projectId: string, query: ListQuery) {
  return runListQuery(
    db.selectFrom('calibrations').selectAll().where('project_id', '=', projectId),
    query,
    projectCalibrationList,
  );
}

/** One page of an instrument's calibrations, newest effective date first unless asked otherwise. */
export async function listCalibrations(db: Db, entityId: string, query: ListQuery) {
  return runListQuery(
    db.selectFrom('calibrations').selectAll().where('entity_id', '=', entityId),
    query,
    calibrationList,
  );
}

export async function findCalibration(db: Db, entityId: string, id: string): Promise<CalibrationRow | undefined> {
  return db
    .selectFrom('calibrations')
    .selectAll()
    .where('entity_id', '=', entityId)
    .where('id', '=', id)
    .executeTakeFirst();
}

export async function insertCalibration(trx: Db, row: CalibrationRow): Promise<void> {
  await trx.insertInto('calibrations').values(row).execute();
}

export async function updateCalibration(trx: Db, row: CalibrationRow): Promise<void> {
  const { id, effective_from, factors, serial_number, certificate_file_id, notes } = row;
  await trx
    .updateTable('calibrations')
    .set({ effective_from, factors, serial_number, certificate_file_id, notes })
    .where('id', '=', id)
    .execute();
}

export async function deleteCalibration(trx: Db, id: string): Promise<void> {
  await trx.deleteFrom('calibrations').where('id', '=', id).execute();
}

/**
 * The calibrations of `entityIds`, per entity in effective order: what formulas read as `cal.<name>`
 * (ingest reads them once a batch, the formula preview once a device).
 */
export async function findCalibrations(db: Db, entityIds: readonly string[]): Promise<Map<string, DatedFactors[]>> {
  const out = new Map<string, DatedFactors[]>();
  for (let i = 0; i < entityIds.length; i += 500) {
    const ids = entityIds.slice(i, i + 500);
    const rows = await db
      .selectFrom('calibrations')
      .select(['entity_id', 'effective_from', 'factors'])
      .where('entity_id', 'in', ids)
      .orderBy('entity_id')
      .orderBy('effective_from')
      .execute();
    for (const r of rows) {
      let list = out.get(r.entity_id);
      if (!list) out.set(r.entity_id, (list = []));
      list.push({ from: Date.parse(r.effective_from), factors: fromJson<Record<string, number>>(r.factors, {}) });
    }
  }
  return out;
}

/**
 * Where the readings a calibration change at `at` covers end: the next calibration's effective_from
 * after `at` among the others of the entity, or null (no end).
 */
export async function nextEffectiveFrom(
  db: Db,
  entityId: string,
  at: string,
  exceptId: string,
): Promise<string | null> {
  const row = await db
    .selectFrom('calibrations')
    .select('effective_from')
    .where('entity_id', '=', entityId)
    .where('id', '!=', exceptId)
    .where('effective_from', '>', at)
    .orderBy('effective_from')
    .limit(1)
    .executeTakeFirst();
  return row?.effective_from ?? null;
}
