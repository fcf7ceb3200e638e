import { z } from 'zod';
import { idSchema } from './api.ts';
import { emailSchema } from './auth.ts';
import { DELIVERY_STATUSES } from './call-out.ts';
import { chartSeriesSchema, MAX_CHART_SERIES } from './dashboards.ts';
import { LOCALES } from './locales.ts';
import { isTimeZone } from './logger-imports.ts';
import { metricName } from './metrics.ts';

/**
 * Monitoring reports (issue 39, DESIGN §3.2, ADR 0051): a project's report templates, the reports made
 * from them over a period, and their review (draft → reviewed → approved, or rejected with a comment).
 */

export const REPORT_PERIODS = ['week', 'month', 'quarter'] as const;
export type ReportPeriod = (typeof REPORT_PERIODS)[number];
export const REPORT_STATUSES = ['queued', 'running', 'done', 'failed'] as const;
export type ReportStatus = (typeof REPORT_STATUSES)[number];
export const REVIEW_STATUSES = ['draft', 'reviewed', 'approved', 'rejected'] as const;
export type ReviewStatus = (typeof REVIEW_STATUSES)[number];
export const REVIEW_ACTIONS = ['review', 'approve', 'reject'] as const;
export type ReviewAction = (typeof REVIEW_ACTIONS)[number];

/** Most sections a template holds, charts a charts section holds, days a report spans. */
export const MAX_REPORT_SECTIONS = 30;
export const MAX_REPORT_CHARTS = 24;
export const MAX_REPORT_DAYS = 400;

export const REPORT_MESSAGES = {
  noSections: 'A template needs at least one section',
  unknownTimeZone: 'Unknown time zone',
  fromAfterTo: 'Must be before to',
  tooLong: `A report spans at most ${MAX_REPORT_DAYS} days`,
  commentRequired: 'A rejection needs a comment',
  approved: 'An approved report never changes: generate a new version instead',
  rejected: 'A rejected report is closed: generate a new version instead',
  notDone: 'Only a generated report can be reviewed',
  alreadyReviewed: 'This report is already reviewed',
  reviewedMeanwhile: 'Someone else reviewed this report meanwhile: reload it',
  approverRole: 'Approving a report needs the Administrator role',
  noSuchDevice: 'No such device in this project (deleted?)',
  noSuchGroup: 'No such group in this project (deleted?)',
  noSuchCrossSection: 'No such cross section in this project (deleted?)',
  noSuchTemplate: 'No such report template',
  nameTaken: 'A template of this project already has this name',
} as const;

const timeZone = z.string().trim().min(1).max(64).refine(isTimeZone, REPORT_MESSAGES.unknownTimeZone);

/**
 * When a template's report is made: once per `every` period, on its `day` (1–7, Monday first, for a
 * week; 1–28 of the month, or of a quarter's first month), at `at` (HH:MM) in `timezone`; it reports the
 * period before.
 */
export const reportScheduleSchema = z
  .strictObject({
    every: z.enum(REPORT_PERIODS),
    day: z.number().int().min(1).max(28).default(1),
    at: z
      .string()
      .regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'Use HH:MM')
      .default('06:00'),
    timezone: timeZone.default('UTC'),
  })
  .refine((s) => s.every !== 'week' || s.day <= 7, { path: ['day'], message: 'A week has days 1 (Monday) to 7' });
export type ReportSchedule = z.infer<typeof reportScheduleSchema>;

const deviceIds = z.array(idSchema).min(1).max(200);
const sectionTitle = z.string().trim().max(200).default('');

/** A chart of a report: the dashboards' chart series, or one metric of every device of a group. */
export const reportChartSchema = z.union([
  z.strictObject({
    title: sectionTitle,
    series: z.array(chartSeriesSchema).min(1).max(MAX_CHART_SERIES),
  }),
  z.strictObject({ title: sectionTitle, group_id: idSchema, metric: metricName }),
]);
export type ReportChart = z.infer<typeof reportChartSchema>;

/** The sections a template is made of, in the order the report shows them. */
export const reportSectionSchema = z.discriminatedUnion('kind', [
  /** states now and their changes in the period, and every instrument's last value against its limits */
  z.strictObject({ kind: z.literal('site_summary'), title: sectionTitle }),
  /** readings received against those expected from each instrument's contracted SLA, gaps listed */
  z.strictObject({
    kind: z.literal('data_completeness'),
    title: sectionTitle,
    /** null: every instrument of the project */
    group_id: idSchema.nullable().default(null),
  }),
  z.strictObject({ kind: z.literal('alarms'), title: sectionTitle }),
  z.strictObject({
    kind: z.literal('charts'),
    title: sectionTitle,
    charts: z.array(reportChartSchema).min(1).max(MAX_REPORT_CHARTS),
  }),
  z.strictObject({ kind: z.literal('inclinometer_profiles'), title: sectionTitle, device_ids: deviceIds }),
  z.strictObject({ kind: z.literal('cross_sections'), title: sectionTitle, cross_section_ids: deviceIds }),
  z.strictObject({ kind: z.literal('manual_readings_and_journal'), title: sectionTitle }),
  z.strictObject({ kind: z.literal('weather'), title: sectionTitle, device_id: idSchema }),
  z.strictObject({
    kind: z.literal('free_text'),
    title: z.string().trim().min(1).max(200),
    text: z.string().max(20_000),
  }),
]);
export type ReportSection = z.infer<typeof reportSectionSchema>;
export type ReportSectionKind = ReportSection['kind'];

const templateFields = {
  name: z.string().trim().min(1).max(200),
  /** the language the report is written in */
  language: z.enum(LOCALES).default('en-US'),
  period: z.enum(REPORT_PERIODS),
  schedule: reportScheduleSchema.nullable().default(null),
  recipients: z.array(emailSchema).max(50).default([]),
  sections: z.array(reportSectionSchema).min(1, REPORT_MESSAGES.noSections).max(MAX_REPORT_SECTIONS),
};

export const reportTemplateCreateBody = z.strictObject(templateFields);
export type ReportTemplateCreateBody = z.infer<typeof reportTemplateCreateBody>;
/** PATCH: only the fields sent change. */
export const reportTemplatePatchBody = z.strictObject({
  name: templateFields.name.optional(),
  language: z.enum(LOCALES).optional(),
  period: templateFields.period.optional(),
  schedule: reportScheduleSchema.nullable().optional(),
  recipients: z.array(emailSchema).max(50).optional(),
  sections: templateFields.sections.optional(),
});
export type ReportTemplatePatchBody = z.infer<typeof reportTemplatePatchBody>;

export const reportTemplateSchema = z.object({
  id: z.string(),
  name: z.string(),
  language: z.enum(LOCALES),
  period: z.enum(REPORT_PERIODS),
  schedule: reportScheduleSchema.nullable(),
  recipients: z.array(z.string()),
  sections: z.array(reportSectionSchema),
  created_at: z.string(),
  created_by: z.string().nullable(),
  updated_at: z.string(),
});
export type ReportTemplate = z.infer<typeof reportTemplateSchema>;

const isoTime = z.iso.datetime({ offset: true });

/** POST …/reports: the template and the period [from, to). */
export const reportCreateBody = z
  .strictObject({ template_id: idSchema, from: isoTime, to: isoTime })
  .superRefine((body, ctx) => {
    const from = Date.parse(body.from);
    const to = Date.parse(body.to);
    if (from >= to) ctx.addIssue({ code: 'custom', path: ['from'], message: REPORT_MESSAGES.fromAfterTo });
    else if (to - from > MAX_REPORT_DAYS * 86_400_000)
      ctx.addIssue({ code: 'custom', path: ['to'], message: REPORT_MESSAGES.tooLong });
  });
export type ReportCreateBody = z.infer<typeof reportCreateBody>;

export const reviewBody = z
  .strictObject({ action: z.enum(REVIEW_ACTIONS), comment: z.string().trim().max(2000).default('') })
  .superRefine((body, ctx) => {
    if (body.action === 'reject' && !body.comment)
      ctx.addIssue({ code: 'custom', path: ['comment'], message: REPORT_MESSAGES.commentRequired });
  });
export type ReviewBody = z.infer<typeof reviewBody>;

export const reviewStepSchema = z.object({
  action: z.enum(REVIEW_ACTIONS),
  by: z.string(),
  at: z.string(),
  comment: z.string(),
});
export type ReviewStep = z.infer<typeof reviewStepSchema>;

/**
 * A scheduled report's e-mail to one of its template's recipients, sent through the call-out's outbox
 * (ADR 0051): queued (tries left), sent, or failed for good with the mail server's last error.
 */
export const reportDeliverySchema = z.object({
  address: z.string(),
  status: z.enum(DELIVERY_STATUSES),
  /** tries so far */
  attempts: z.number().int(),
  sent_at: z.string().nullable(),
  /** the last failed try's error */
  error: z.string().nullable(),
});
export type ReportDelivery = z.infer<typeof reportDeliverySchema>;

export const reportSchema = z.object({
  id: z.string(),
  template_id: z.string(),
  /** the template's name when the report was made */
  name: z.string(),
  from: z.string(),
  to: z.string(),
  status: z.enum(REPORT_STATUSES),
  /** 0 to 100 while it is made */
  progress: z.number(),
  /** why it failed */
  error: z.string().nullable(),
  pages: z.number().nullable(),
  sha256: z.string().nullable(),
  file_id: z.string().nullable(),
  /** manual, or schedule */
  origin: z.enum(['manual', 'schedule']),
  created_at: z.string(),
  created_by: z.string().nullable(),
  review: z.object({ status: z.enum(REVIEW_STATUSES), history: z.array(reviewStepSchema) }),
  /** a scheduled report's e-mails, one per recipient (none for a report asked for by hand) */
  deliveries: z.array(reportDeliverySchema),
});
export type Report = z.infer<typeof reportSchema>;

/** The review status after `action` from `status`, or the reason it is refused. */
export function nextReviewStatus(
  status: ReviewStatus,
  action: ReviewAction,
): { status: ReviewStatus } | { refused: string } {
  if (status === 'approved') return { refused: REPORT_MESSAGES.approved };
  if (status === 'rejected') return { refused: REPORT_MESSAGES.rejected };
  if (action === 'review')
    return status === 'draft' ? { status: 'reviewed' } : { refused: REPORT_MESSAGES.alreadyReviewed };
  return { status: action === 'approve' ? 'approved' : 'rejected' };
}
