import {
  REPORT_MESSAGES,
  type ReportTemplate,
  type ReportTemplateCreateBody,
  type ReportTemplatePatchBody,
} from '@vigil/domain';
import type { Db } from '../../db/connection.ts';
import { isUniqueViolation, newId, nowIso, toJson } from '../../db/values.ts';
import { conflict, notFound } from '../../http/errors.ts';
import { presentTemplate } from './report-presenter.ts';
import { reportTemplateStore, type ReportTemplateRow } from './report-template-store.ts';
import { requireReferences } from './section-references.ts';

/** Who asks: the project and the name recorded as author. */
export interface ReportCaller {
  projectId: string;
  username: string;
}

/** Report templates of a project (ADR 0051): every member reads, administrators and managers edit. */
export function reportTemplateService(db: Db) {
  const store = reportTemplateStore(db);

  async function requireTemplate(projectId: string, id: string): Promise<ReportTemplateRow> {
    const row = await store.find(projectId, id);
    if (!row) throw notFound();
    return row;
  }

  /** Writes, turning a duplicate name into 409. */
  async function write(action: () => Promise<void>) {
    try {
      await action();
    } catch (error) {
      if (isUniqueViolation(error)) throw conflict(REPORT_MESSAGES.nameTaken, { name: [REPORT_MESSAGES.nameTaken] });
      throw error;
    }
  }

  return {
    requireTemplate,

    async list(projectId: string): Promise<ReportTemplate[]> {
      return (await store.list(projectId)).map(presentTemplate);
    },

    async get(projectId: string, id: string): Promise<ReportTemplate> {
      return presentTemplate(await requireTemplate(projectId, id));
    },

    async create(caller: ReportCaller, body: ReportTemplateCreateBody): Promise<ReportTemplate> {
      await requireReferences(db, caller.projectId, body.sections);
      const at = nowIso();
      const row: ReportTemplateRow = {
        id: newId(),
        project_id: caller.projectId,
        name: body.name,
        language: body.language,
        period: body.period,
        schedule: body.schedule ? toJson(body.schedule) : null,
        recipients: toJson(body.recipients),
        sections: toJson(body.sections),
        created_at: at,
        created_by: caller.username,
        updated_at: at,
        updated_by: caller.username,
      };
      await write(() => store.insert(row));
      return presentTemplate(row);
    },

    async patch(caller: ReportCaller, id: string, body: ReportTemplatePatchBody): Promise<ReportTemplate> {
      await requireTemplate(caller.projectId, id);
      if (body.sections) await requireReferences(db, caller.projectId, body.sections);
      const changes: Partial<ReportTemplateRow> = { updated_at: nowIso(), updated_by: caller.username };
      if (body.name !== undefined) changes.name = body.name;
      if (body.language !== undefined) changes.language = body.language;
      if (body.period !== undefined) changes.period = body.period;
      if (body.schedule !== undefined) changes.schedule = body.schedule ? toJson(body.schedule) : null;
      if (body.recipients !== undefined) changes.recipients = toJson(body.recipients);
      if (body.sections !== undefined) changes.sections = toJson(body.sections);
      await write(() => store.update(caller.projectId, id, changes));
      return presentTemplate(await requireTemplate(caller.projectId, id));
    },

    /** Reports made from the template keep their copy of it. */
    async remove(projectId: string, id: string): Promise<void> {
      if (!(await store.remove(projectId, id))) throw notFound();
    },
  };
}

export type ReportTemplateService = ReturnType<typeof reportTemplateService>;
