import type { Insertable, Kysely, Selectable, Updateable } from 'kysely';
import type { Db } from './connection.ts';
import type { Database } from './schema.ts';

/** Tables whose rows belong to a project and are known by their `id`. */
export type ProjectTable = {
  [K in keyof Database]: Database[K] extends { id: string; project_id: string } ? K : never;
}[keyof Database];

/** Tables keeping each change of a row: its `id`, when (`at`), and a column naming the row changed. */
type HistoryTable = {
  [K in keyof Database]: Database[K] extends { id: string; at: string } ? K : never;
}[keyof Database];

// Kysely cannot resolve the columns of a generic table: the SQL below is written against any table
// with the columns it reads, and its rows are typed as the table's again.
type AnyProjectTable = Record<string, { id: string; project_id: string }>;
type AnyHistoryTable = Record<string, { id: string; at: string } & Record<string, string>>;

/** The SQL every project table repeats: one of its rows by id, insert, and update or delete by id. */
export function projectRows<T extends ProjectTable>(db: Db, table: T) {
  const tables = db as unknown as Kysely<AnyProjectTable>;
  const name: string = table;
  return {
    find: (projectId: string, id: string) =>
      tables
        .selectFrom(name)
        .selectAll()
        .where('project_id', '=', projectId)
        .where('id', '=', id)
        .executeTakeFirst() as Promise<Selectable<Database[T]> | undefined>,

    async insert(row: Insertable<Database[T]>): Promise<void> {
      await tables
        .insertInto(name)
        .values(row as unknown as AnyProjectTable[string])
        .execute();
    },

    async update(projectId: string, id: string, changes: Updateable<Database[T]>): Promise<void> {
      await tables
        .updateTable(name)
        .set(changes as Updateable<AnyProjectTable[string]>)
        .where('project_id', '=', projectId)
        .where('id', '=', id)
        .execute();
    },

    /** Whether there was such a row. */
    async remove(projectId: string, id: string): Promise<boolean> {
      const result = await tables
        .deleteFrom(name)
        .where('project_id', '=', projectId)
        .where('id', '=', id)
        .executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    },
  };
}

/**
 * A project table whose every insert and update also writes a row of `historyTable` (in one
 * transaction); `rowColumn` is the history's column naming the row changed.
 */
export function projectRowsWithHistory<T extends ProjectTable, H extends HistoryTable>(
  db: Db,
  table: T,
  historyTable: H,
  rowColumn: keyof Database[H] & string,
) {
  const history = db as unknown as Kysely<AnyHistoryTable>;
  const historyName: string = historyTable;
  const addHistory = async (trx: Db, change: Insertable<Database[H]>) => {
    const histories = trx as unknown as Kysely<AnyHistoryTable>;
    await histories
      .insertInto(historyName)
      .values(change as unknown as AnyHistoryTable[string])
      .execute();
  };
  return {
    ...projectRows(db, table),

    async insert(row: Insertable<Database[T]>, change: Insertable<Database[H]>): Promise<void> {
      await db.transaction().execute(async (trx) => {
        await projectRows(trx, table).insert(row);
        await addHistory(trx, change);
      });
    },

    async update(
      projectId: string,
      id: string,
      changes: Updateable<Database[T]>,
      change: Insertable<Database[H]>,
    ): Promise<void> {
      await db.transaction().execute(async (trx) => {
        await projectRows(trx, table).update(projectId, id, changes);
        await addHistory(trx, change);
      });
    },

    /** The changes of a row, oldest first. */
    history: (id: string) =>
      history
        .selectFrom(historyName)
        .selectAll()
        .where(rowColumn as string, '=', id)
        .orderBy('at')
        .orderBy('id')
        .execute() as Promise<Array<Selectable<Database[H]>>>,
  };
}
