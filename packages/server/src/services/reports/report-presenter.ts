import type {
  Locale,
  Report,
  ReportDelivery,
  ReportPeriod,
  ReportSchedule,
  ReportSection,
  ReportTemplate,
  ReviewAction,
  ReviewStatus,
} from '@vigil/domain';
import { fromJson } from '../../db/values.ts';
import type { ReportRow, ReviewRow } from './report-store.ts';
import type { ReportTemplateRow } from './report-template-store.ts';

/** A template as the API answers it. */
export function presentTemplate(row: ReportTemplateRow): ReportTemplate {
  return {
    id: row.id,
    name: row.name,
    language: row.language as Locale,
    period: row.period as ReportPeriod,
    schedule: fromJson<ReportSchedule | null>(row.schedule, null),
    recipients: fromJson<string[]>(row.recipients, []),
    sections: fromJson<ReportSection[]>(row.sections, []),
    created_at: row.created_at,
    created_by: row.created_by,
    updated_at: row.updated_at,
  };
}

/** A report with its review steps and its e-mails (oldest first). */
export function presentReport(
  row: ReportRow,
  steps: readonly ReviewRow[],
  deliveries: readonly ReportDelivery[],
): Report {
  return {
    id: row.id,
    template_id: row.template_id,
    name: row.name,
    from: row.range_from,
    to: row.range_to,
    status: row.status,
    progress: row.progress,
    error: row.error,
    pages: row.pages,
    sha256: row.sha256,
    file_id: row.file_id,
    origin: row.origin,
    created_at: row.created_at,
    created_by: row.created_by,
    review: {
      status: row.review_status as ReviewStatus,
      history: steps.map((s) => ({
        action: s.action as ReviewAction,
        by: s.user_name ?? '',
        at: s.at,
        comment: s.comment,
      })),
    },
    deliveries: [...deliveries],
  };
}
