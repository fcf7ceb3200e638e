import type { Readable } from 'node:stream';
import {
  nextReviewStatus,
  REPORT_MESSAGES,
  type Report,
  type ReportCreateBody,
  type ReviewBody,
  type ReviewStatus,
} from '@vigil/domain';
import type { Db } from '../../db/connection.ts';
import { newId, nowIso, toJson } from '../../db/values.ts';
import { conflict, forbidden, notFound } from '../../http/errors.ts';
import { reportDeliveries } from '../call-out/report-mail.ts';
import { mediaKey, type MediaStorage } from '../media/storage/media-storage.ts';
import { presentReport, presentTemplate } from './report-presenter.ts';
import type { ReportQueue } from './report-queue.ts';
import { reportStore, type ReportRow } from './report-store.ts';
import { reportTemplateService, type ReportCaller } from './report-template-service.ts';
import { requireReferences } from './section-references.ts';

/** The caller of a review: his name and the name of his active role. */
export interface Reviewer extends ReportCaller {
  roleName: string | null;
}

/** Only an Administrator approves (GISTM 7.5: the engineer of record signs off), ADR 0051. */
const APPROVER_ROLE = 'Administrator';

/** Reports of a project: asked for, made in the background, read, reviewed (ADR 0051). */
export function reportService(db: Db, queue: Pick<ReportQueue, 'enqueue'>, storage: MediaStorage) {
  const store = reportStore(db);
  const templates = reportTemplateService(db);

  async function present(rows: readonly ReportRow[]): Promise<Report[]> {
    const ids = rows.map((r) => r.id);
    const steps = Map.groupBy(await store.reviews(ids), (s) => s.report_id);
    const mails = await reportDeliveries(db, ids);
    return rows.map((row) => presentReport(row, steps.get(row.id) ?? [], mails.get(row.id) ?? []));
  }

  async function requireReport(projectId: string, id: string): Promise<ReportRow> {
    const row = await store.find(projectId, id);
    if (!row) throw notFound();
    return row;
  }

  async function get(projectId: string, id: string): Promise<Report> {
    return (await present([await requireReport(projectId, id)]))[0]!;
  }

  return {
    get,

    async list(projectId: string): Promise<Report[]> {
      return present(await store.list(projectId));
    },

    /** Queues a report of the template over [from, to); a section naming a deleted device is refused now. */
    async create(caller: ReportCaller, body: ReportCreateBody): Promise<Report> {
      const template = presentTemplate(await templates.requireTemplate(caller.projectId, body.template_id));
      await requireReferences(db, caller.projectId, template.sections);
      const row: ReportRow = {
        id: newId(),
        project_id: caller.projectId,
        template_id: template.id,
        name: template.name,
        template: toJson(template),
        range_from: new Date(body.from).toISOString(),
        range_to: new Date(body.to).toISOString(),
        status: 'queued',
        progress: 0,
        error: null,
        pages: null,
        sha256: null,
        file_id: null,
        origin: 'manual',
        schedule_key: null,
        review_status: 'draft',
        created_at: nowIso(),
        created_by: caller.username,
        started_at: null,
        finished_at: null,
        heartbeat_at: null,
      };
      await store.insert(row);
      queue.enqueue(row.id);
      return (await present([row]))[0]!;
    },

    /** A review step: an approved or rejected report never changes (409); only an Administrator approves. */
    async review(caller: Reviewer, id: string, body: ReviewBody): Promise<Report> {
      const row = await requireReport(caller.projectId, id);
      const status = row.review_status as ReviewStatus;
      const next = nextReviewStatus(status, body.action);
      if ('refused' in next) throw conflict(next.refused);
      if (row.status !== 'done') throw conflict(REPORT_MESSAGES.notDone);
      if (body.action === 'approve' && caller.roleName !== APPROVER_ROLE) throw forbidden(REPORT_MESSAGES.approverRole);
      const step = {
        id: newId(),
        report_id: id,
        action: body.action,
        at: nowIso(),
        user_name: caller.username,
        comment: body.comment,
      };
      if (!(await store.review(id, status, next.status, step))) {
        // Another reviewer moved it between the read and the write.
        throw conflict(REPORT_MESSAGES.reviewedMeanwhile);
      }
      return get(caller.projectId, id);
    },

    /** The PDF's bytes, once made. */
    async pdf(projectId: string, id: string): Promise<{ stream: Readable; name: string }> {
      const row = await requireReport(projectId, id);
      if (row.status !== 'done' || !row.file_id) throw notFound();
      const stream = await storage.read(mediaKey(projectId, row.file_id));
      if (!stream) throw notFound();
      return { stream, name: `${row.name}-${row.range_from.slice(0, 10)}.pdf` };
    },
  };
}

export type ReportService = ReturnType<typeof reportService>;
