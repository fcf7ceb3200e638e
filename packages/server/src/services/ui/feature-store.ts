import type { Db } from '../../db/connection.ts';
import { fromJson, toJson } from '../../db/values.ts';

/**
 * A project's attrs read for a change: on PostgreSQL the row stays locked until the transaction ends,
 * so two concurrent changes cannot lose each other's (SQLite runs one write transaction at a time).
 */
export async function findProjectAttrsForUpdate(
  trx: Db,
  projectId: string,
  lockRow: boolean,
): Promise<Record<string, unknown> | undefined> {
  const query = trx.selectFrom('projects').select('attrs').where('id', '=', projectId);
  const row = await (lockRow ? query.forUpdate() : query).executeTakeFirst();
  return row && fromJson<Record<string, unknown>>(row.attrs, {});
}

export async function saveProjectAttrs(trx: Db, projectId: string, attrs: Record<string, unknown>): Promise<void> {
  await trx
    .updateTable('projects')
    .set({ attrs: toJson(attrs) })
    .where('id', '=', projectId)
    .execute();
}
