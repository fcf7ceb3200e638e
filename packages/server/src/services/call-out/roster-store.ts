import type { Kysely, Selectable, Transaction } from 'kysely';
import type { Db } from '../../db/connection.ts';
import type { Database, RostersTable } from '../../db/schema.ts';

export type RosterRow = Selectable<RostersTable>;
type Reader = Kysely<Database> | Transaction<Database>;

/** The rosters table: only this file writes it (ADR 0050). */
export function rosterStore(db: Db) {
  return {
    list: (projectId: string) =>
      db.selectFrom('rosters').selectAll().where('project_id', '=', projectId).orderBy('name').orderBy('id').execute(),
    find: (projectId: string, id: string) => findRoster(db, projectId, id),
    async insert(row: RosterRow) {
      await db.insertInto('rosters').values(row).execute();
    },
    async update(projectId: string, id: string, changes: Partial<RosterRow>) {
      await db.updateTable('rosters').set(changes).where('project_id', '=', projectId).where('id', '=', id).execute();
    },
    async remove(projectId: string, id: string) {
      await db.deleteFrom('rosters').where('project_id', '=', projectId).where('id', '=', id).execute();
    },
  };
}

export const findRoster = (db: Reader, projectId: string, id: string) =>
  db.selectFrom('rosters').selectAll().where('project_id', '=', projectId).where('id', '=', id).executeTakeFirst();
