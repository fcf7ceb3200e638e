import type { Kysely } from 'kysely';
import { autoIncrementKey } from './migration-helpers.ts';

// Frozen in time: later changes go in new migrations. See ADR 0015 (section "Evaluation backlog"):
// each batch of readings stored for the rules engine is noted in the batch's own transaction and
// forgotten in the transaction that writes its evaluation, so that readings of a server that stops
// in between are evaluated by the next server, or by another instance.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('evaluation_backlog')
    .$call(autoIncrementKey(db, 'id', 'bigserial'))
    .addColumn('project_id', 'text', (c) => c.notNull())
    .addColumn('first_seq', 'bigint', (c) => c.notNull())
    .addColumn('last_seq', 'bigint', (c) => c.notNull())
    .addColumn('seqs', 'text')
    .addColumn('received_at', 'text', (c) => c.notNull())
    .addColumn('owner', 'text', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('evaluation_backlog').execute();
}
