import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Report, ReportCreateBody, ReportTemplateCreateBody, ReviewBody } from '@vigil/domain';
import { queryKeys } from '../../../api/query-keys.ts';
import { useSession } from '../../../session/session-context.ts';
import { reportsApi } from '../api/reports-api.ts';

/** Saves a template: creates it, or writes every field of the builder over the saved ones. */
export function useSaveTemplate() {
  const client = useQueryClient();
  const { project } = useSession();
  return useMutation({
    mutationFn: ({ id, body }: { id: string | null; body: ReportTemplateCreateBody }) =>
      id ? reportsApi.patchTemplate(project.id, id, body) : reportsApi.createTemplate(project.id, body),
    onSettled: () => client.invalidateQueries({ queryKey: queryKeys.reports.templates(project.id) }),
  });
}

export function useDeleteTemplate() {
  const client = useQueryClient();
  const { project } = useSession();
  return useMutation({
    mutationFn: (id: string) => reportsApi.removeTemplate(project.id, id),
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.reports.templates(project.id) }),
  });
}

/** Asks for a report; the list then follows its progress. */
export function useGenerateReport() {
  const client = useQueryClient();
  const { project } = useSession();
  return useMutation({
    mutationFn: (body: ReportCreateBody) => reportsApi.generate(project.id, body),
    onSuccess: (report) => {
      // Shown at once, queued, while the list is asked for again.
      client.setQueryData<Report[]>(queryKeys.reports.list(project.id), (list) =>
        list ? [report, ...list.filter((r) => r.id !== report.id)] : list,
      );
      return client.invalidateQueries({ queryKey: queryKeys.reports.all(project.id) });
    },
  });
}

/** A review step on a report: the answer is the report as it now stands. */
export function useReviewReport() {
  const client = useQueryClient();
  const { project } = useSession();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: ReviewBody }) => reportsApi.review(project.id, id, body),
    onSuccess: (report) =>
      client.setQueryData<Report[]>(queryKeys.reports.list(project.id), (list) =>
        list?.map((r) => (r.id === report.id ? report : r)),
      ),
    onSettled: () => client.invalidateQueries({ queryKey: queryKeys.reports.all(project.id) }),
  });
}
