import type { Kysely } from 'kysely';

// Frozen in time: later changes go in new migrations. See ADR 0031: a notification addressed to the
// users of one role (an alarm's escalation); null, as before, is every member of the project.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('notifications').addColumn('recipient_role', 'text').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('notifications').dropColumn('recipient_role').execute();
}
