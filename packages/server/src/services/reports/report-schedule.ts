import { dueReport, type Locale, type ReportSchedule, type ReportTemplate } from '@vigil/domain';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/connection.ts';
import { fromJson, newId, toJson } from '../../db/values.ts';
import { queueReportMail } from '../call-out/report-mail.ts';
import { presentTemplate } from './report-presenter.ts';
import type { ReportQueue } from './report-queue.ts';
import type { ReportRow, ReportStore } from './report-store.ts';
import type { ReportTemplateStore } from './report-template-store.ts';
import { fill, REPORT_TEXTS } from './report-texts.ts';

/** How often templates' schedules are looked at. */
export const SCHEDULE_TICK_MS = 60_000;

/**
 * Scheduled reports (ADR 0051): each minute every server looks for templates whose schedule has fired
 * in the current period and asks for the previous period's report; the report's unique `schedule_key`
 * makes it once however many servers see it due. A template made after its period's firing waits for
 * the next one.
 */
export function reportScheduler(deps: {
  templates: ReportTemplateStore;
  store: ReportStore;
  queue: Pick<ReportQueue, 'enqueue'>;
  clock: () => Date;
  log: FastifyBaseLogger;
}) {
  let timer: NodeJS.Timeout | null = null;

  /** Asks for the reports due now; answers the ids of those this server asked for. */
  async function tick(): Promise<string[]> {
    const now = deps.clock().getTime();
    const made: string[] = [];
    for (const row of await deps.templates.scheduled()) {
      const schedule = fromJson<ReportSchedule | null>(row.schedule, null);
      if (!schedule) continue;
      const due = dueReport(schedule, now);
      if (!due || Date.parse(row.created_at) > due.firedAt) continue;
      const template = presentTemplate(row);
      const report: ReportRow = {
        id: newId(),
        project_id: row.project_id,
        template_id: row.id,
        name: row.name,
        template: toJson(template),
        range_from: new Date(due.from).toISOString(),
        range_to: new Date(due.to).toISOString(),
        status: 'queued',
        progress: 0,
        error: null,
        pages: null,
        sha256: null,
        file_id: null,
        origin: 'schedule',
        schedule_key: `${row.id}|${due.key}`,
        review_status: 'draft',
        created_at: new Date(now).toISOString(),
        created_by: null,
        started_at: null,
        finished_at: null,
        heartbeat_at: null,
      };
      if (await deps.store.insertOnce(report)) {
        made.push(report.id);
        deps.queue.enqueue(report.id);
      }
    }
    return made;
  }

  return {
    tick,
    start() {
      timer ??= setInterval(() => {
        tick().catch((error: unknown) => deps.log.error({ err: error }, 'report schedules could not be read'));
      }, SCHEDULE_TICK_MS);
      timer.unref();
    },
    stop() {
      if (timer) clearInterval(timer);
      timer = null;
    },
  };
}

export type ReportScheduler = ReturnType<typeof reportScheduler>;

/**
 * Queues a made scheduled report's e-mail to its template's recipients, in the template's language, in
 * the call-out's outbox (ADR 0051), which sends it with its PDF, retries and logs it per recipient.
 */
export async function emailReport(db: Db, row: ReportRow): Promise<void> {
  const template = fromJson<ReportTemplate | null>(row.template, null);
  if (!template?.recipients.length || !row.file_id) return;
  const texts = REPORT_TEXTS[template.language as Locale] ?? REPORT_TEXTS['en-US'];
  const period = `${row.range_from.slice(0, 10)} – ${new Date(Date.parse(row.range_to) - 1).toISOString().slice(0, 10)}`;
  const values = { name: row.name, period, pages: row.pages ?? 0, sha256: row.sha256 ?? '' };
  await queueReportMail(db, {
    projectId: row.project_id,
    reportId: row.id,
    addresses: template.recipients,
    subject: fill(texts.mailSubject, values),
    text: fill(texts.mailBody, values),
    attachment: { fileId: row.file_id, filename: `${row.name} ${row.range_from.slice(0, 10)}.pdf` },
  });
}
