import type { Insertable, Selectable } from 'kysely';
import type { Db } from '../../db/connection.ts';
import type { ContactsTable } from '../../db/schema.ts';

export type ContactRow = Selectable<ContactsTable>;

/** The contacts table: only this file writes it (ADR 0050). */
export function contactStore(db: Db) {
  return {
    /** The contacts of these users (an administrator's view: every user of the account). */
    async listOf(userIds: readonly string[]): Promise<ContactRow[]> {
      if (!userIds.length) return [];
      return db
        .selectFrom('contacts')
        .selectAll()
        .where('user_id', 'in', [...userIds])
        .orderBy('created_at')
        .orderBy('id')
        .execute();
    },

    find: (id: string) => db.selectFrom('contacts').selectAll().where('id', '=', id).executeTakeFirst(),

    async insert(row: Insertable<ContactsTable>) {
      await db.insertInto('contacts').values(row).execute();
    },

    async update(id: string, changes: Partial<ContactRow>) {
      await db.updateTable('contacts').set(changes).where('id', '=', id).execute();
    },

    async remove(id: string) {
      await db.deleteFrom('contacts').where('id', '=', id).execute();
    },

    /** The ids of the project's members: whose contacts its administrators see. */
    projectUserIds: async (projectId: string) =>
      (await db.selectFrom('user_profiles').select('user_id').where('project_id', '=', projectId).execute()).map(
        (r) => r.user_id,
      ),
  };
}
