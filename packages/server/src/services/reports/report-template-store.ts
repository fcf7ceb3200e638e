import type { Db } from '../../db/connection.ts';
import { projectRows } from '../../db/project-rows.ts';
import type { ReportTemplatesTable } from '../../db/schema.ts';

/** All SQL of report templates (ADR 0051). */

export type ReportTemplateRow = ReportTemplatesTable;

export function reportTemplateStore(db: Db) {
  const rows = projectRows(db, 'report_templates');
  return {
    ...rows,
    list: (projectId: string): Promise<ReportTemplateRow[]> =>
      db.selectFrom('report_templates').selectAll().where('project_id', '=', projectId).orderBy('name').execute(),

    /** Every template with a schedule, of every project: the scheduler looks at them each minute. */
    scheduled: (): Promise<ReportTemplateRow[]> =>
      db.selectFrom('report_templates').selectAll().where('schedule', 'is not', null).execute(),
  };
}

export type ReportTemplateStore = ReturnType<typeof reportTemplateStore>;
