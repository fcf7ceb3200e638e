import type { Kysely } from 'kysely';
import { createIndex, ownedBy, projectTable, timestamps } from './migration-helpers.ts';

// Frozen in time: later changes go in new migrations. See ADR 0050: contacts (verified by a code
// stored hashed), on-call rosters, escalation policies per TARP level, each alarm's call-out (which
// step of which episode comes next, and when), the outbox of deliveries and the acknowledgement links.

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('contacts')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', ownedBy('users.id'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('address', 'text', (c) => c.notNull())
    .addColumn('verified_at', 'text')
    .addColumn('quiet_hours', 'text')
    .addColumn('code_hash', 'text')
    .addColumn('code_expires_at', 'text')
    .addColumn('code_attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await createIndex(db, 'contacts_user', 'contacts', ['user_id', 'kind']);

  await projectTable(db, 'rosters')
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('members', 'text', (c) => c.notNull())
    .addColumn('shift_hours', 'integer', (c) => c.notNull())
    .addColumn('starts_at', 'text', (c) => c.notNull())
    .addColumn('timezone', 'text', (c) => c.notNull())
    .addColumn('overrides', 'text', (c) => c.notNull())
    .$call(timestamps)
    .execute();
  await createIndex(db, 'rosters_project', 'rosters', ['project_id', 'name']);

  await projectTable(db, 'escalation_policies')
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('tarp_level', 'text', (c) => c.notNull())
    .addColumn('steps', 'text', (c) => c.notNull())
    .addColumn('repeat_minutes', 'integer')
    .$call(timestamps)
    .addUniqueConstraint('escalation_policies_level', ['project_id', 'tarp_level'])
    .execute();

  await db.schema
    .createTable('call_outs')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('alarm_id', 'text', (c) => c.notNull().unique().references('alarms.id').onDelete('cascade'))
    .addColumn('project_id', 'text', ownedBy('projects.id'))
    .addColumn('episode', 'integer', (c) => c.notNull())
    .addColumn('started_at', 'text', (c) => c.notNull())
    .addColumn('round', 'integer', (c) => c.notNull())
    .addColumn('next_step', 'integer', (c) => c.notNull())
    .addColumn('next_due_at', 'text')
    .addColumn('policy_id', 'text')
    .addColumn('is_test', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await createIndex(db, 'call_outs_due', 'call_outs', ['next_due_at']);

  await db.schema
    .createTable('deliveries')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('alarm_id', 'text', ownedBy('alarms.id'))
    .addColumn('project_id', 'text', ownedBy('projects.id'))
    .addColumn('episode', 'integer', (c) => c.notNull())
    .addColumn('round', 'integer', (c) => c.notNull())
    .addColumn('step', 'integer', (c) => c.notNull())
    .addColumn('channel', 'text', (c) => c.notNull())
    .addColumn('user_id', 'text')
    .addColumn('contact_id', 'text')
    .addColumn('address', 'text', (c) => c.notNull())
    .addColumn('dedupe_key', 'text', (c) => c.notNull().unique())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull())
    .addColumn('next_attempt_at', 'text', (c) => c.notNull())
    .addColumn('claimed_by', 'text')
    .addColumn('claimed_until', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('sent_at', 'text')
    .addColumn('error', 'text')
    .execute();
  await createIndex(db, 'deliveries_queue', 'deliveries', ['status', 'next_attempt_at']);
  await createIndex(db, 'deliveries_alarm', 'deliveries', ['alarm_id', 'created_at']);

  await db.schema
    .createTable('ack_tokens')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('alarm_id', 'text', ownedBy('alarms.id'))
    .addColumn('delivery_id', 'text', ownedBy('deliveries.id'))
    .addColumn('user_id', 'text')
    .addColumn('channel', 'text', (c) => c.notNull())
    .addColumn('episode', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('used_at', 'text')
    .execute();

  // Alarms waiting for their TARP deadline when this runs keep it: their escalation is a call-out now.
  await db
    .insertInto('call_outs')
    .columns(['id', 'alarm_id', 'project_id', 'episode', 'started_at', 'round', 'next_step', 'next_due_at'])
    .expression((eb) =>
      eb
        .selectFrom('alarms')
        .select([
          'id',
          'id',
          'project_id',
          eb.lit(1).as('episode'),
          'last_raised_at',
          eb.lit(0).as('round'),
          eb.lit(0).as('next_step'),
          'ack_deadline',
        ])
        .where('state', 'in', ['active_unacknowledged', 'cleared_unacknowledged'])
        .where('ack_deadline', 'is not', null)
        .where('escalated_at', 'is', null),
    )
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ['ack_tokens', 'deliveries', 'call_outs', 'escalation_policies', 'rosters', 'contacts'])
    await db.schema.dropTable(table).execute();
}
