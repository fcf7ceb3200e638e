import type { Kysely } from 'kysely';
import { autoIncrementKey, createIndex, optionallyOwnedBy, ownedBy, projectTable } from './migration-helpers.ts';

// Frozen in time: later changes go in new migrations. See ADR 0011 for the rules engine's tables.
export async function up(db: Kysely<any>): Promise<void> {
  // The rules engine looks up an interface node's instruments (data quality issues).
  await createIndex(db, 'monitored_entities_interface_node', 'monitored_entities', ['interface_node_id']);

  await projectTable(db, 'state_rule_executions')
    .addColumn('entity_id', 'text', optionallyOwnedBy('monitored_entities.id'))
    .addColumn('rule_type', 'text', (c) => c.notNull())
    .addColumn('rule_name', 'text', (c) => c.notNull())
    .addColumn('rule', 'text', (c) => c.notNull())
    .addColumn('execution_log', 'text', (c) => c.notNull())
    .addColumn('schedule', 'text')
    .addColumn('repeatability', 'integer')
    .addColumn('rule_execution_result', 'text', (c) => c.notNull())
    .addColumn('schedule_match_result', 'integer')
    .addColumn('repeatability_check_result', 'integer')
    .addColumn('reason', 'text')
    .addColumn('error', 'text')
    .addColumn('advanced_indicators', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await createIndex(db, 'state_rule_executions_entity_time', 'state_rule_executions', ['entity_id', 'created_at']);

  await projectTable(db, 'events')
    .addColumn('entity_id', 'text', optionallyOwnedBy('monitored_entities.id'))
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('rule_type', 'text', (c) => c.notNull())
    .addColumn('rule_execution_id', 'text')
    .addColumn('payload_id', 'text')
    .addColumn('context', 'text', (c) => c.notNull())
    // What makes two events the same one (entity, type, subject, time): a unique key, so that two
    // writers racing on identical input store one event.
    .addColumn('dedupe_key', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('events_dedupe', ['project_id', 'dedupe_key'])
    .execute();
  await createIndex(db, 'events_project_time', 'events', ['project_id', 'created_at']);
  await createIndex(db, 'events_entity_time', 'events', ['entity_id', 'created_at']);

  // seq orders the live stream (its SSE id, for Last-Event-ID); id is the public identifier.
  await db.schema
    .createTable('notifications')
    .$call(autoIncrementKey(db, 'seq', 'serial'))
    .addColumn('id', 'text', (c) => c.notNull().unique())
    .addColumn('project_id', 'text', ownedBy('projects.id'))
    .addColumn('event_id', 'text', ownedBy('events.id'))
    .addColumn('entity_id', 'text')
    .addColumn('scheme_id', 'text')
    .addColumn('notification_type', 'text', (c) => c.notNull())
    .addColumn('level', 'text', (c) => c.notNull())
    .addColumn('text', 'text', (c) => c.notNull())
    .addColumn('icon', 'text', (c) => c.notNull())
    .addColumn('extra', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await createIndex(db, 'notifications_project_time', 'notifications', ['project_id', 'created_at']);

  await db.schema
    .createTable('notification_reads')
    .addColumn('notification_id', 'text', ownedBy('notifications.id'))
    .addColumn('user_id', 'text', ownedBy('users.id'))
    .addColumn('read_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('notification_reads_pk', ['notification_id', 'user_id'])
    .execute();
  await createIndex(db, 'notification_reads_user', 'notification_reads', ['user_id']);

  // What the engine remembers of an entity between evaluations (repeatability counts, the level of
  // each metric, which Nelson rules fired last): read and written under the entity's lock.
  await db.schema
    .createTable('rule_memory')
    .addColumn('entity_id', 'text', (c) => c.primaryKey().references('monitored_entities.id').onDelete('cascade'))
    .addColumn('memory', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('monitored_entities_interface_node').execute();
  for (const table of ['rule_memory', 'notification_reads', 'notifications', 'events', 'state_rule_executions']) {
    await db.schema.dropTable(table).execute();
  }
}
