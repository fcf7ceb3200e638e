import type { Kysely } from 'kysely';

// Frozen in time: later changes go in new migrations. See ADR 0028: a cross section's fields as one
// JSON document beside its name, and every change to it in its history.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('cross_sections')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('project_id', 'text', (c) => c.notNull().references('projects.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('data', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('created_by', 'text')
    .addColumn('modified_at', 'text', (c) => c.notNull())
    .addColumn('modified_by', 'text')
    .execute();
  await db.schema.createIndex('cross_sections_project').on('cross_sections').columns(['project_id', 'name']).execute();

  await db.schema
    .createTable('cross_section_history')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('cross_section_id', 'text', (c) => c.notNull().references('cross_sections.id').onDelete('cascade'))
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('at', 'text', (c) => c.notNull())
    .addColumn('user_name', 'text')
    .addColumn('changes', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('cross_section_history_section')
    .on('cross_section_history')
    .columns(['cross_section_id', 'at'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('cross_section_history').execute();
  await db.schema.dropTable('cross_sections').execute();
}
