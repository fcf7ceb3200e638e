import type { Kysely } from 'kysely';

// Frozen in time: later changes go in new migrations. See ADR 0037: every write of a day block gives
// it a new random version, so that readers may keep decoded blocks and ask only for the versions.
// Existing blocks share version 0 until they are next written: a cache fills only from now on.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('metric_blocks')
    .addColumn('version', 'bigint', (c) => c.notNull().defaultTo(0))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('metric_blocks').dropColumn('version').execute();
}
