import { queryOptions } from '@tanstack/react-query';
import type {
  Report,
  ReportCreateBody,
  ReportTemplate,
  ReportTemplateCreateBody,
  ReportTemplatePatchBody,
  ReviewBody,
} from '@vigil/domain';
import { API, api, listAll } from '../../../api/client.ts';
import { queryKeys } from '../../../api/query-keys.ts';

const templatesPath = (projectId: string) => `${API.ui}/projects/${encodeURIComponent(projectId)}/report-templates`;
const reportsPath = (projectId: string) => `${API.ui}/projects/${encodeURIComponent(projectId)}/reports`;
const templatePath = (projectId: string, id: string) => `${templatesPath(projectId)}/${encodeURIComponent(id)}`;
const reportPath = (projectId: string, id: string) => `${reportsPath(projectId)}/${encodeURIComponent(id)}`;

/** How often the list asks again while a report is queued or being made. */
export const REPORT_POLL_MS = 1500;

/**
 * Report templates and reports (DESIGN §3.2, issue 39): members read; administrators and managers edit
 * templates, ask for reports and review them; an administrator approves. Each screen says its own failures.
 */
export const reportsApi = {
  templates: (projectId: string) => listAll<ReportTemplate>(templatesPath(projectId), { quiet: true }),
  template: (projectId: string, id: string) => api.get<ReportTemplate>(templatePath(projectId, id), { quiet: true }),
  createTemplate: (projectId: string, body: ReportTemplateCreateBody) =>
    api.post<ReportTemplate>(templatesPath(projectId), body, { quiet: true }),
  patchTemplate: (projectId: string, id: string, body: ReportTemplatePatchBody) =>
    api.patch<ReportTemplate>(templatePath(projectId, id), body, { quiet: true }),
  removeTemplate: (projectId: string, id: string) =>
    api.delete(templatePath(projectId, id), undefined, { quiet: true }),
  reports: (projectId: string) => listAll<Report>(reportsPath(projectId), { quiet: true }),
  generate: (projectId: string, body: ReportCreateBody) =>
    api.post<Report>(reportsPath(projectId), body, { quiet: true }),
  review: (projectId: string, id: string, body: ReviewBody) =>
    api.post<Report>(`${reportPath(projectId, id)}/review`, body, { quiet: true }),
  /** The PDF as a file: the route takes the session's token in its header only, so it is fetched, not linked. */
  pdf: (projectId: string, id: string) =>
    api.get<Blob>(`${reportPath(projectId, id)}/pdf`, {
      as: 'blob',
      headers: { Accept: 'application/pdf' },
      quiet: true,
    }),
};

export const reportTemplatesQuery = (projectId: string) =>
  queryOptions({
    queryKey: queryKeys.reports.templates(projectId),
    queryFn: () => reportsApi.templates(projectId),
  });

export const reportTemplateQuery = (projectId: string, id: string) =>
  queryOptions({
    queryKey: queryKeys.reports.template(projectId, id),
    queryFn: () => reportsApi.template(projectId, id),
    retry: false,
  });

/** Whether a report is still being made: its list is asked for again until none is. */
export const isInProgress = (report: Pick<Report, 'status'>) =>
  report.status === 'queued' || report.status === 'running';

/** The project's reports, newest first; asked for again every REPORT_POLL_MS while one is being made. */
export const reportsQuery = (projectId: string) =>
  queryOptions({
    queryKey: queryKeys.reports.list(projectId),
    queryFn: () => reportsApi.reports(projectId),
    refetchInterval: (query) => (query.state.data?.some(isInProgress) ? REPORT_POLL_MS : false),
  });
