import type { Kysely } from 'kysely';
import { createIndex, creation, historyOf, projectTable } from './migration-helpers.ts';

// Frozen in time: later changes go in new migrations. Issue 39, ADR 0051: report templates, the reports
// made from them (a job any server may claim, its PDF in the media storage) and each report's review steps.

export async function up(db: Kysely<any>): Promise<void> {
  await projectTable(db, 'report_templates')
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('language', 'text', (c) => c.notNull())
    .addColumn('period', 'text', (c) => c.notNull())
    .addColumn('schedule', 'text')
    .addColumn('recipients', 'text', (c) => c.notNull())
    .addColumn('sections', 'text', (c) => c.notNull())
    .$call(creation)
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addColumn('updated_by', 'text')
    .addUniqueConstraint('report_templates_name', ['project_id', 'name'])
    .execute();

  // A report keeps the template it was made from (`template`, JSON): a template changed or deleted later
  // does not change it. `schedule_key` (template and period) is unique, so that one server makes a
  // scheduled report however many see it due.
  await projectTable(db, 'reports')
    .addColumn('template_id', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('template', 'text', (c) => c.notNull())
    .addColumn('range_from', 'text', (c) => c.notNull())
    .addColumn('range_to', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('progress', 'integer', (c) => c.notNull())
    .addColumn('error', 'text')
    .addColumn('pages', 'integer')
    .addColumn('sha256', 'text')
    .addColumn('file_id', 'text')
    .addColumn('origin', 'text', (c) => c.notNull())
    .addColumn('schedule_key', 'text', (c) => c.unique())
    .addColumn('review_status', 'text', (c) => c.notNull())
    .$call(creation)
    .addColumn('started_at', 'text')
    .addColumn('finished_at', 'text')
    .addColumn('heartbeat_at', 'text')
    .execute();
  await createIndex(db, 'reports_project', 'reports', ['project_id', 'created_at']);
  await createIndex(db, 'reports_status', 'reports', ['status']);

  await db.schema
    .createTable('report_reviews')
    .$call(historyOf('reports', 'report_id'))
    .addColumn('comment', 'text', (c) => c.notNull())
    .execute();
  await createIndex(db, 'report_reviews_report', 'report_reviews', ['report_id', 'at']);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('report_reviews').execute();
  await db.schema.dropTable('reports').execute();
  await db.schema.dropTable('report_templates').execute();
}
