import type { FieldChange, RegistryHistoryEntry } from '@vigil/domain';
import type { Db } from '../../db/connection.ts';
import type { RegistryHistoryTable } from '../../db/schema.ts';
import { fromJson, newId, toJson } from '../../db/values.ts';
import { runListQuery, type ListQuery, type ListSpec } from '../../http/list-query.ts';

export type HistorySubject = RegistryHistoryTable['subject_type'];
export type HistoryAction = RegistryHistoryTable['action'];
export type FieldChanges = Record<string, FieldChange>;

/** Who changes the registry: the project and the username its history records. */
export interface Editor {
  projectId: string;
  username: string;
}

/** One change as a service hands it to the store, written in the transaction of the change itself. */
export interface HistoryChange {
  projectId: string;
  subjectType: HistorySubject;
  subjectId: string;
  action: HistoryAction;
  changedAt: string;
  changedBy: string | null;
  fields: FieldChanges;
}

/** A change by `editor` of one thing. */
export const historyChange = (
  editor: Editor,
  subjectType: HistorySubject,
  subjectId: string,
  action: HistoryAction,
  changedAt: string,
  fields: FieldChanges,
): HistoryChange => ({
  projectId: editor.projectId,
  subjectType,
  subjectId,
  action,
  changedAt,
  changedBy: editor.username,
  fields,
});

/** Every field of a new thing (old null) or of a deleted one (new null). */
export const allFields = (values: Record<string, unknown>, action: 'created' | 'deleted'): FieldChanges =>
  Object.fromEntries(
    Object.entries(values).map(([field, value]) =>
      action === 'created' ? [field, { old: null, new: value ?? null }] : [field, { old: value ?? null, new: null }],
    ),
  );

const row = (c: HistoryChange): RegistryHistoryTable => ({
  id: newId(),
  project_id: c.projectId,
  subject_type: c.subjectType,
  subject_id: c.subjectId,
  action: c.action,
  changed_at: c.changedAt,
  changed_by: c.changedBy,
  fields: toJson(c.fields),
});

/** Records changes (an update that changed nothing is not recorded); call inside the change's transaction. */
export async function recordHistory(trx: Db, changes: HistoryChange[]): Promise<void> {
  const rows = changes.filter((c) => c.action !== 'updated' || Object.keys(c.fields).length).map(row);
  for (let i = 0; i < rows.length; i += 500) {
    await trx
      .insertInto('registry_history')
      .values(rows.slice(i, i + 500))
      .execute();
  }
}

export const historyList: ListSpec = {
  columns: { changed_at: 'changed_at', changed_by: 'changed_by', action: 'action' },
  filters: ['changed_by', 'action'],
  ranges: ['changed_at'],
  orderings: ['changed_at'],
  defaultOrdering: '-changed_at',
  tieBreaker: 'id',
};

/** Whether the project ever had this thing (it may have been deleted since). */
export async function hasHistory(db: Db, projectId: string, subjectType: HistorySubject, id: string) {
  const found = await db
    .selectFrom('registry_history')
    .select('id')
    .where('project_id', '=', projectId)
    .where('subject_type', '=', subjectType)
    .where('subject_id', '=', id)
    .executeTakeFirst();
  return !!found;
}

/** One page of a thing's history, newest first. */
export async function listHistory(
  db: Db,
  projectId: string,
  subjectType: HistorySubject,
  id: string,
  query: ListQuery,
): Promise<{ count: number; objects: RegistryHistoryEntry[] }> {
  const { count, rows } = await runListQuery(
    db
      .selectFrom('registry_history')
      .selectAll()
      .where('project_id', '=', projectId)
      .where('subject_type', '=', subjectType)
      .where('subject_id', '=', id),
    query,
    historyList,
  );
  return {
    count,
    objects: rows.map((r) => ({
      id: r.id,
      action: r.action,
      changed_at: r.changed_at,
      changed_by: r.changed_by,
      fields: fromJson<FieldChanges>(r.fields, {}),
    })),
  };
}
