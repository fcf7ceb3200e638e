import { PostgresAdapter, type Kysely } from 'kysely';

// Frozen in time: later changes go in new migrations. See ADR 0011 for the rules engine's tables.
export async function up(db: Kysely<any>): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;

  // The rules engine looks up an interface node's instruments (data quality issues).
  await db.schema
    .createIndex('monitored_entities_interface_node')
    .on('monitored_entities')
    .column('interface_node_id')
    .execute();

  await db.schema
    .createTable('state_rule_executions')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('project_id', 'text', (c) => c.notNull().references('projects.id').onDelete('cascade'))
    .addColumn('entity_id', 'text', (c) => c.references('monitored_entities.id').onDelete('cascade'))
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
  await db.schema
    .createIndex('state_rule_executions_entity_time')
    .on('state_rule_executions')
    .columns(['entity_id', 'created_at'])
    .execute();

  await db.schema
    .createTable('events')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('project_id', 'text', (c) => c.notNull().references('projects.id').onDelete('cascade'))
    .addColumn('entity_id', 'text', (c) => c.references('monitored_entities.id').onDelete('cascade'))
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
  await db.schema.createIndex('events_project_time').on('events').columns(['project_id', 'created_at']).execute();
  await db.schema.createIndex('events_entity_time').on('events').columns(['entity_id', 'created_at']).execute();

  // seq orders the live stream (its SSE id, for Last-Event-ID); id is the public identifier.
  await db.schema
    .createTable('notifications')
    .addColumn('seq', postgres ? 'serial' : 'integer', (c) =>
      postgres ? c.primaryKey() : c.primaryKey().autoIncrement(),
    )
    .addColumn('id', 'text', (c) => c.notNull().unique())
    .addColumn('project_id', 'text', (c) => c.notNull().references('projects.id').onDelete('cascade'))
    .addColumn('event_id', 'text', (c) => c.notNull().references('events.id').onDelete('cascade'))
    .addColumn('entity_id', 'text')
    .addColumn('scheme_id', 'text')
    .addColumn('notification_type', 'text', (c) => c.notNull())
    .addColumn('level', 'text', (c) => c.notNull())
    .addColumn('text', 'text', (c) => c.notNull())
    .addColumn('icon', 'text', (c) => c.notNull())
    .addColumn('extra', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('notifications_project_time')
    .on('notifications')
    .columns(['project_id', 'created_at'])
    .execute();

  await db.schema
    .createTable('notification_reads')
    .addColumn('notification_id', 'text', (c) => c.notNull().references('notifications.id').onDelete('cascade'))
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('read_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('notification_reads_pk', ['notification_id', 'user_id'])
    .execute();
  await db.schema.createIndex('notification_reads_user').on('notification_reads').column('user_id').execute();

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
