import type { Kysely, Selectable, Transaction } from 'kysely';
import type { Db } from '../../db/connection.ts';
import type { Database, EscalationPoliciesTable } from '../../db/schema.ts';

export type PolicyRow = Selectable<EscalationPoliciesTable>;
type Reader = Kysely<Database> | Transaction<Database>;

/** The escalation_policies table: only this file writes it (ADR 0050). */
export function policyStore(db: Db) {
  return {
    list: (projectId: string) =>
      db
        .selectFrom('escalation_policies')
        .selectAll()
        .where('project_id', '=', projectId)
        .orderBy('name')
        .orderBy('id')
        .execute(),
    find: (projectId: string, id: string) => findPolicy(db, projectId, id),
    async insert(row: PolicyRow) {
      await db.insertInto('escalation_policies').values(row).execute();
    },
    async update(projectId: string, id: string, changes: Partial<PolicyRow>) {
      await db
        .updateTable('escalation_policies')
        .set(changes)
        .where('project_id', '=', projectId)
        .where('id', '=', id)
        .execute();
    },
    async remove(projectId: string, id: string) {
      await db.deleteFrom('escalation_policies').where('project_id', '=', projectId).where('id', '=', id).execute();
    },
  };
}

export const findPolicy = (db: Reader, projectId: string, id: string) =>
  db
    .selectFrom('escalation_policies')
    .selectAll()
    .where('project_id', '=', projectId)
    .where('id', '=', id)
    .executeTakeFirst();

/** The projects' policies of these TARP levels. */
export const findPoliciesOfLevels = (db: Reader, projectId: string, levels: readonly string[]) =>
  levels.length
    ? db
        .selectFrom('escalation_policies')
        .selectAll()
        .where('project_id', '=', projectId)
        .where('tarp_level', 'in', [...levels])
        .execute()
    : Promise.resolve([]);
