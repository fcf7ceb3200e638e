import {
  chartableMetrics,
  type BasicGroup,
  type MetricInfo,
  type ReportChart,
  type ReportSectionKind,
  type ReportTemplate,
  type ReportTemplateCreateBody,
  type SchemeObject,
} from '@vigil/domain';
import type { z } from 'zod';
import type { reportChartSchema, reportSectionSchema, reportTemplateCreateBody } from '@vigil/domain';

/** The kinds of section a template may hold, in the order the builder's menu offers them. */
export const SECTION_KINDS = [
  'site_summary',
  'data_completeness',
  'alarms',
  'charts',
  'inclinometer_profiles',
  'cross_sections',
  'manual_readings_and_journal',
  'weather',
  'free_text',
] as const satisfies readonly ReportSectionKind[];

/** A section as the builder holds it: the schema's input, whose titles and options may still be missing. */
export type SectionDraft = z.input<typeof reportSectionSchema>;
export type TemplateFormValues = z.input<typeof reportTemplateCreateBody>;
export type ChartDraft = z.input<typeof reportChartSchema>;

/** A chart before its devices are chosen: the schema says what is missing when the template is saved. */
export const newChart = (): ChartDraft => ({ title: '', series: [] });

/** A new section of `kind` with empty options, for the user to fill in. */
export function newSection(kind: ReportSectionKind): SectionDraft {
  switch (kind) {
    case 'data_completeness':
      return { kind, title: '', group_id: null };
    case 'charts':
      return { kind, title: '', charts: [newChart()] };
    case 'inclinometer_profiles':
      return { kind, title: '', device_ids: [] };
    case 'cross_sections':
      return { kind, title: '', cross_section_ids: [] };
    case 'weather':
      return { kind, title: '', device_id: '' };
    case 'free_text':
      return { kind, title: '', text: '' };
    default:
      return { kind, title: '' };
  }
}

/** `items` with the one at `index` moved by `by` places (−1 up, +1 down); unchanged at either end. */
export function moved<T>(items: readonly T[], index: number, by: -1 | 1): T[] {
  const to = index + by;
  if (to < 0 || to >= items.length || index < 0 || index >= items.length) return [...items];
  const next = [...items];
  [next[index], next[to]] = [next[to]!, next[index]!];
  return next;
}

/** What a new template starts with: a month, no schedule, a site summary and the data completeness. */
export function emptyTemplate(language: ReportTemplateCreateBody['language']): TemplateFormValues {
  return {
    name: '',
    language,
    period: 'month',
    schedule: null,
    recipients: [],
    sections: [newSection('site_summary'), newSection('data_completeness')],
  };
}

/** A saved template as the builder edits it. */
export function formOfTemplate(template: ReportTemplate): TemplateFormValues {
  const { name, language, period, schedule, recipients, sections } = template;
  return { name, language, period, schedule, recipients, sections };
}

/** Whether a chart shows one metric of a group's devices rather than chosen series. */
export const isGroupChart = (chart: ChartDraft | ReportChart): chart is Extract<ChartDraft, { group_id: string }> =>
  'group_id' in chart;

/** Every metric the devices of some schemes have, each once, in the order of the schemes. */
export function metricsOfSchemes(schemeIds: ReadonlySet<string | undefined>, schemes: readonly SchemeObject[]) {
  const byMetric = new Map<string, MetricInfo>();
  for (const scheme of schemes.filter((s) => schemeIds.has(s.id)))
    for (const info of chartableMetrics(scheme)) if (!byMetric.has(info.metric)) byMetric.set(info.metric, info);
  return [...byMetric.values()];
}

/** The ids of the schemes of a group's devices. */
export function schemesOfGroup(
  group: Pick<BasicGroup, 'device_profiles'> | undefined,
  devices: ReadonlyArray<{ id: string; scheme: { id: string } | null }>,
): Set<string | undefined> {
  const members = new Set(group?.device_profiles ?? []);
  return new Set(devices.filter((d) => members.has(d.id)).map((d) => d.scheme?.id));
}
