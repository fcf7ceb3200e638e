import { createHash } from 'node:crypto';
import type { Locale, ReportSection, ReportTemplate } from '@vigil/domain';
import type { FastifyBaseLogger } from 'fastify';
import type { Db, Dialect } from '../../db/connection.ts';
import { fromJson, nowIso } from '../../db/values.ts';
import { wording } from '../../i18n/wording.ts';
import type { MediaStorage } from '../media/storage/media-storage.ts';
import { alarmSection } from './alarm-section.ts';
import { chartData } from './chart-section.ts';
import { completenessSection } from './completeness-section.ts';
import { crossSectionSection } from './cross-section-section.ts';
import { inclinometerSection } from './inclinometer-section.ts';
import { fieldRecordsSection } from './field-records-section.ts';
import { lastValuesSection } from './last-values-section.ts';
import { reportArchive, type ArchivedPdf } from './report-archive.ts';
import { loadReportDevices, type ReportDevices } from './report-devices.ts';
import { renderReportPdf, type ReportContent, type SectionBody } from './report-pdf.ts';
import { reportStore, type ReportRow, type ReportStore } from './report-store.ts';
import { REPORT_TEXTS } from './report-texts.ts';
import { loadReportTheme } from './report-theme.ts';
import { missingReferences } from './section-references.ts';
import { siteChanges } from './site-changes.ts';
import { weatherSection } from './weather-section.ts';

export interface GenerationHost {
  db: Db;
  dialect: Dialect;
  log: FastifyBaseLogger;
  storage: MediaStorage;
  webDist: string;
}

/** Why a report could not be made, in words for the people who asked for it. */
export class ReportFailure extends Error {}

interface Period {
  projectId: string;
  from: number;
  to: number;
}

async function sectionBody(
  host: GenerationHost,
  devices: ReportDevices,
  period: Period,
  section: ReportSection,
): Promise<SectionBody> {
  const { db, dialect } = host;
  const { projectId, from, to } = period;
  switch (section.kind) {
    case 'site_summary':
      return {
        kind: 'last_values',
        rows: await lastValuesSection(db, projectId, devices, to),
        changes: await siteChanges(db, projectId, new Date(from).toISOString(), new Date(to).toISOString()),
      };
    case 'inclinometer_profiles':
      return {
        kind: 'profiles',
        profiles: await inclinometerSection(db, projectId, devices, section.device_ids, from, to),
      };
    case 'cross_sections':
      return {
        kind: 'cross_sections',
        figures: await crossSectionSection(db, dialect, projectId, devices, section.cross_section_ids, from, to),
      };
    case 'data_completeness':
      return {
        kind: 'completeness',
        rows: await completenessSection(db, dialect, projectId, devices, section.group_id, from, to),
      };
    case 'alarms':
      return {
        kind: 'alarms',
        section: await alarmSection(db, dialect, projectId, new Date(from).toISOString(), new Date(to).toISOString()),
      };
    case 'charts': {
      const charts = [];
      for (const chart of section.charts)
        charts.push(await chartData(db, dialect, projectId, devices, chart, from, to));
      return { kind: 'charts', charts };
    }
    case 'manual_readings_and_journal':
      return { kind: 'field_records', records: await fieldRecordsSection(db, projectId, devices, from, to) };
    case 'weather':
      return {
        kind: 'weather',
        section: await weatherSection(db, dialect, projectId, devices, section.device_id, from, to),
      };
    case 'free_text':
      return { kind: 'text', text: section.text };
    default:
      return { kind: 'not_yet' };
  }
}

/**
 * Makes a claimed report (ADR 0051): every section's data first, then the PDF, then the file; a failure
 * at any step leaves the report `failed` with the reason and no file. `onDone` (a scheduled report's
 * e-mail) is written in the transaction that marks the report done: both happen, or neither.
 */
export async function makeReport(
  host: GenerationHost,
  store: ReportStore,
  row: ReportRow,
  onDone: (trx: Db, made: ReportRow) => Promise<void> = async () => undefined,
): Promise<void> {
  const archive = reportArchive(host.db, host.storage);
  let archived: ArchivedPdf | null = null;
  try {
    const template = fromJson<ReportTemplate | null>(row.template, null);
    if (!template) throw new ReportFailure('The report has no template');
    const missing = await missingReferences(host.db, row.project_id, template.sections);
    if (Object.keys(missing).length) {
      throw new ReportFailure(
        Object.entries(missing)
          .map(([field, messages]) => `${field}: ${messages.join(', ')}`)
          .join('; '),
      );
    }
    const period = { projectId: row.project_id, from: Date.parse(row.range_from), to: Date.parse(row.range_to) };
    const devices = await loadReportDevices(host.db, row.project_id);
    const texts = REPORT_TEXTS[template.language as Locale] ?? REPORT_TEXTS['en-US'];
    const steps = template.sections.length + 2;
    const sections: ReportContent['sections'] = [];
    for (const [i, section] of template.sections.entries()) {
      const body = await sectionBody(host, devices, period, section);
      sections.push({ kind: section.kind, title: section.title || texts.sections[section.kind], body });
      await store.update(row.id, { progress: Math.round(((i + 1) / steps) * 100), heartbeat_at: nowIso() });
    }
    const theme = await loadReportTheme(host.db, row.project_id, host.webDist);
    const { bytes, pages } = await renderReportPdf(
      {
        language: template.language,
        timezone: template.schedule?.timezone ?? 'UTC',
        theme,
        name: row.name,
        from: period.from,
        to: period.to,
        generatedAt: Date.now(),
        requestedBy: row.created_by ?? '',
        sections,
      },
      wording(host.webDist),
    );
    await store.update(row.id, { progress: Math.round(((steps - 1) / steps) * 100), heartbeat_at: nowIso() });
    const sha256 = createHash('sha256').update(bytes).digest('hex');
    archived = await archive.store(
      row.project_id,
      { id: row.id, name: row.name, from: row.range_from, to: row.range_to, sha256, createdBy: row.created_by },
      bytes,
    );
    const done = {
      status: 'done',
      progress: 100,
      pages,
      sha256,
      file_id: archived.fileId,
      finished_at: nowIso(),
      heartbeat_at: null,
    } satisfies Partial<ReportRow>;
    await host.db.transaction().execute(async (trx) => {
      await reportStore(trx).update(row.id, done);
      await onDone(trx, { ...row, ...done });
    });
  } catch (error) {
    if (archived) await archive.discard(row.project_id, archived).catch(() => undefined);
    // The reason is told to the project's people: the message only, never a stack.
    const reason =
      error instanceof ReportFailure
        ? error.message
        : `The report could not be made: ${error instanceof Error ? error.message : String(error)}`;
    if (!(error instanceof ReportFailure)) host.log.error({ err: error, reportId: row.id }, 'report failed');
    await store.update(row.id, {
      status: 'failed',
      error: reason,
      pages: null,
      sha256: null,
      file_id: null,
      finished_at: nowIso(),
      heartbeat_at: null,
    });
  }
}
