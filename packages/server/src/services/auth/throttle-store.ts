import { sql, type Selectable } from 'kysely';
import type { LoginFailuresTable } from '../../db/schema.ts';
import type { Db } from '../../db/connection.ts';

export type FailureRow = Selectable<LoginFailuresTable>;

/** Failed-login counters live in the database so that every server instance sees them. */
export async function findFailures(db: Db, key: string): Promise<FailureRow | undefined> {
  return db.selectFrom('login_failures').selectAll().where('key', '=', key).executeTakeFirst();
}

export async function saveFailures(
  db: Db,
  row: { key: string; failures: number; first_failure_at: string; locked_until: string | null },
): Promise<void> {
  await db
    .insertInto('login_failures')
    .values(row)
    .onConflict((oc) =>
      oc.column('key').doUpdateSet({
        failures: row.failures,
        first_failure_at: row.first_failure_at,
        locked_until: row.locked_until,
      }),
    )
    .execute();
}

export async function clearFailures(db: Db, key: string): Promise<void> {
  await db.deleteFrom('login_failures').where('key', '=', key).execute();
}

/** Removes the counters whose key starts with `prefix` (a username's per-address counters). */
export async function clearPairFailures(db: Db, prefix: string): Promise<void> {
  const pattern = `${prefix.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  await db
    .deleteFrom('login_failures')
    .where(sql<boolean>`key like ${pattern} escape '\\'`)
    .execute();
}
