import { createReadStream } from 'node:fs';
import { open } from 'node:fs/promises';
import { createInterface } from 'node:readline';
import {
  cellReader,
  HEADER_LINES,
  MAX_IMPORT_ERRORS,
  MAX_METRIC_MAGNITUDE,
  MAX_PAYLOADS,
  readHeader,
  splitLine,
  timestampReader,
  type ImportProfile,
  type ImportResult,
  type Payload,
} from '@vigil/domain';
import { fromJson, nowIso, toJson } from '../../db/values.ts';
import { HttpError } from '../../http/errors.ts';
import { presentProfile } from './import-profile-service.ts';
import type { ImportProfileStore } from './import-profile-store.ts';
import type { ImportRow, ImportStore } from './import-store.ts';
import { ingestPayloads, MAX_FUTURE_MS, type IngestHost } from './pipeline.ts';

/** Rows sent to the pipeline at a time (fewer when their payloads would pass MAX_PAYLOADS). */
export const IMPORT_BATCH_ROWS = 1000;

/** Why an import stops: the file does not fit its profile, or the pipeline refused a batch. */
export class ImportFailure extends Error {}
/** The server is closing: the import stays `running` and is taken up again at the next start. */
export class ImportInterrupted extends Error {}

export const emptyImportResult = (): ImportResult => ({
  readings_accepted: 0,
  duplicates: 0,
  invalid_values: 0,
  out_of_scope: 0,
  unmapped_columns: [],
  errors: [],
});

/** Rows of data in a file (its non-empty lines after the header), counted without holding the file. */
export async function countDataRows(path: string, headerLines: number): Promise<number> {
  let lines = 0;
  let content = false;
  for await (const chunk of createReadStream(path, { highWaterMark: 1 << 20 }) as AsyncIterable<Buffer>) {
    for (let i = 0; i < chunk.length; i++) {
      const byte = chunk[i]!;
      if (byte === 10) {
        if (content) lines++;
        content = false;
      } else if (byte !== 13 && byte !== 32) content = true;
    }
  }
  if (content) lines++;
  return Math.max(0, lines - headerLines);
}

interface Target {
  eid: string;
  dataPointId: string | undefined;
  cells: Array<{ index: number; column: string; metric: string; scale: number; offset: number }>;
}

/** The columns of the file each device (and data point) takes its values from, and those left unmapped. */
async function mapColumns(profile: ImportProfile, columns: string[], projectId: string, profiles: ImportProfileStore) {
  const indexOf = new Map<string, number>();
  columns.forEach((c, i) => {
    if (!indexOf.has(c)) indexOf.set(c, i);
  });
  const timestampIndex = indexOf.get(profile.timestamp_column);
  if (timestampIndex === undefined) {
    throw new ImportFailure(`Not a file of the profile: it has no timestamp column "${profile.timestamp_column}"`);
  }
  const missing = profile.columns.filter((c) => !indexOf.has(c.column)).map((c) => c.column);
  if (missing.length) {
    throw new ImportFailure(`Not a file of the profile: it has no column ${missing.map((m) => `"${m}"`).join(', ')}`);
  }
  const devices = await profiles.devices(projectId, [...new Set(profile.columns.map((c) => c.eid))]);
  const targets = new Map<string, Target>();
  for (const c of profile.columns) {
    const device = devices.get(c.eid);
    if (!device) throw new ImportFailure(`The profile's device ${c.eid} is no longer in this project`);
    const dataPointId = c.data_point === undefined ? undefined : device.dataPoints.get(c.data_point);
    if (c.data_point !== undefined && !dataPointId) {
      throw new ImportFailure(`The profile's data point ${c.data_point} is no longer one of ${c.eid}`);
    }
    const key = `${c.eid}\u0000${dataPointId ?? ''}`;
    let target = targets.get(key);
    if (!target) targets.set(key, (target = { eid: c.eid, dataPointId, cells: [] }));
    target.cells.push({
      index: indexOf.get(c.column)!,
      column: c.column,
      metric: c.metric,
      scale: c.scale ?? 1,
      offset: c.offset ?? 0,
    });
  }
  const mapped = new Set([profile.timestamp_column, ...profile.columns.map((c) => c.column)]);
  if (profile.format === 'toa5') mapped.add('RECORD');
  return { timestampIndex, targets: [...targets.values()], unmapped: columns.filter((c) => !mapped.has(c)) };
}

export interface ImportRun {
  host: IngestHost;
  store: ImportStore;
  profiles: ImportProfileStore;
  /** true once the server is closing: the import stops after its current batch */
  stopping: () => boolean;
}

/**
 * Imports one claimed import's file (ADR 0035): streamed line by line, each mapped column a raw metric
 * of its device with scale and offset applied, sent through the one pipeline (`source: import`) a
 * batch at a time, each batch committed with the progress it makes. Bad lines are listed in the result
 * and skipped; a file that does not fit its profile fails the import. An import taken up again after
 * a restart goes on after the rows it had done.
 */
export async function runImport(run: ImportRun, row: ImportRow): Promise<ImportRow> {
  const { store } = run;
  const result: ImportResult = row.rows_done ? fromJson(row.result, emptyImportResult()) : emptyImportResult();
  let rowsDone = row.rows_done;
  let moreErrors = 0;
  const finish = async (set: Partial<ImportRow>) => {
    if (moreErrors) result.errors.push({ line: 0, message: `… and ${moreErrors} more bad lines` });
    const done = { ...set, rows_done: rowsDone, result: toJson(result), finished_at: nowIso(), heartbeat_at: nowIso() };
    await store.update(row.id, done);
    return { ...row, ...done };
  };
  try {
    const profileRow = await run.profiles.find(row.project_id, row.profile_id);
    if (!profileRow) throw new ImportFailure('The import profile has been deleted');
    const profile = presentProfile(profileRow);
    const headerCount = HEADER_LINES[profile.format];
    await sniff(row.file_path);
    const rowsTotal = await countDataRows(row.file_path, headerCount);
    await store.update(row.id, { rows_total: rowsTotal, started_at: row.started_at ?? nowIso() });
    const keyScope = row.key_id ? await store.keyScope(row.key_id) : [];
    const scope = keyScope.length ? new Set(keyScope) : null;
    const delimiter = profile.format === 'toa5' ? ',' : profile.delimiter;
    const readCell = cellReader(profile.format === 'toa5' ? '.' : profile.decimal, profile.nan_values);
    const readTime = timestampReader(profile.timestamp_format, profile.timezone);
    const earliest = run.host.config.EARLIEST_READ_AT;

    const addError = (line: number, message: string) => {
      if (result.errors.length < MAX_IMPORT_ERRORS) result.errors.push({ line, message });
      else moreErrors++;
    };

    let payloads: Payload[] = [];
    let batchRows = 0;
    let batchFirstLine = 0;
    const flush = async () => {
      if (payloads.length) {
        let counts;
        try {
          counts = await ingestPayloads(run.host, row.project_id, payloads, 'import', { scope });
        } catch (error) {
          if (!(error instanceof HttpError)) throw error;
          const details = Object.entries(error.details ?? {})
            .slice(0, 3)
            .map(([field, messages]) => `${field}: ${messages.join(' ')}`)
            .join('; ');
          throw new ImportFailure(`Lines from ${batchFirstLine} were refused: ${details || error.message}`);
        }
        result.readings_accepted += counts.accepted;
        result.duplicates += counts.duplicates;
        result.invalid_values += counts.invalid_values;
        result.out_of_scope += counts.out_of_scope;
      }
      rowsDone += batchRows;
      payloads = [];
      batchRows = 0;
      await store.update(row.id, { rows_done: rowsDone, result: toJson(result), heartbeat_at: nowIso() });
      if (run.stopping()) throw new ImportInterrupted();
    };

    const header: string[] = [];
    let mapping: Awaited<ReturnType<typeof headerMapping>> | null = null;
    let line = 0;
    let dataRow = 0;
    let lastTime = -Infinity;
    const input = createReadStream(row.file_path, { encoding: 'utf8', highWaterMark: 1 << 20 });
    const lines = createInterface({ input, crlfDelay: Infinity });
    try {
      for await (const text of lines) {
        line++;
        if (line <= headerCount) {
          header.push(text.replace(/^\uFEFF/, ''));
          if (line === headerCount) {
            mapping = await headerMapping(profile, header, delimiter, row, run);
            result.unmapped_columns = mapping.unmapped;
          }
          continue;
        }
        if (!mapping) break;
        if (text.trim() === '') continue;
        if (text.includes('\u0000')) {
          // What a card written during a power cut holds: the rest of the file cannot be trusted.
          throw new ImportFailure(`Line ${line} holds NUL bytes: the file is damaged from there on`);
        }
        dataRow++;
        // Taken up again after a restart: the rows done before are stored (or counted) already.
        if (dataRow <= row.rows_done) {
          const fields = splitLine(text, delimiter);
          const t = readTime(fields[mapping.timestampIndex] ?? '');
          if (Number.isFinite(t)) lastTime = Math.max(lastTime, t);
          continue;
        }
        if (!batchRows) batchFirstLine = line;
        batchRows++;
        const fields = splitLine(text, delimiter);
        if (fields.length !== mapping.columns) {
          addError(line, `Expected ${mapping.columns} fields, found ${fields.length}`);
        } else {
          const stamp = fields[mapping.timestampIndex]!;
          const t = readTime(stamp);
          if (!Number.isFinite(t)) addError(line, `The timestamp "${stamp.slice(0, 40)}" does not parse`);
          else if (t < earliest) addError(line, `Read before ${new Date(earliest).toISOString()} (EARLIEST_READ_AT)`);
          else if (t > Date.now() + MAX_FUTURE_MS) addError(line, 'Read more than 5 minutes in the future');
          else if (t <= lastTime) {
            addError(
              line,
              `Out of time order: ${stamp} is not after the row before (${new Date(lastTime).toISOString()})`,
            );
          } else {
            lastTime = t;
            const readAt = new Date(t).toISOString();
            for (const target of mapping.targets) {
              const raw: Record<string, number> = {};
              let any = false;
              for (const cell of target.cells) {
                const value = readCell(fields[cell.index]!);
                if (value === null) continue;
                if (value === 'infinite') result.invalid_values++;
                else if (value === 'not-a-number') {
                  addError(line, `${cell.column}: "${fields[cell.index]!.slice(0, 40)}" is not a number`);
                } else {
                  const scaled = value * cell.scale + cell.offset;
                  if (Math.abs(scaled) > MAX_METRIC_MAGNITUDE) result.invalid_values++;
                  else {
                    raw[cell.metric] = scaled;
                    any = true;
                  }
                }
              }
              if (any) {
                payloads.push(
                  target.dataPointId
                    ? { eid: target.eid, read_at: readAt, raw_metrics: raw, data_point_id: target.dataPointId }
                    : { eid: target.eid, read_at: readAt, raw_metrics: raw },
                );
              }
            }
          }
        }
        if (batchRows >= IMPORT_BATCH_ROWS || payloads.length + mapping.targets.length > MAX_PAYLOADS) await flush();
      }
    } finally {
      lines.close();
      input.destroy();
    }
    if (!mapping) {
      const found = readHeader(profile.format, header, delimiter);
      throw new ImportFailure('problem' in found ? found.problem : 'The file has no header');
    }
    await flush();
    return await finish({ status: 'done', error: null, rows_total: Math.max(rowsTotal, rowsDone) });
  } catch (error) {
    if (error instanceof ImportInterrupted) return { ...row, rows_done: rowsDone };
    if (error instanceof ImportFailure) return finish({ status: 'failed', error: error.message });
    run.host.log.error({ err: error, importId: row.id }, 'import failed');
    return finish({ status: 'failed', error: 'The import stopped on an unexpected error; see the server log' });
  }
}

/** The mapping of a file's header to its profile. */
async function headerMapping(
  profile: ImportProfile,
  header: string[],
  delimiter: string,
  row: ImportRow,
  run: ImportRun,
) {
  const found = readHeader(profile.format, header, delimiter);
  if ('problem' in found) throw new ImportFailure(found.problem);
  const mapping = await mapColumns(profile, found.columns, row.project_id, run.profiles);
  return { ...mapping, columns: found.columns.length };
}

/** Longest line a logger file may have: a file without a line break this early is no text file of rows. */
const MAX_LINE_BYTES = 1 << 20;

/** Refuses, before reading it by lines, a file that is not text (NUL bytes) or has no line breaks. */
async function sniff(path: string): Promise<void> {
  const handle = await open(path, 'r');
  try {
    const buffer = Buffer.alloc(MAX_LINE_BYTES);
    const { bytesRead } = await handle.read(buffer, 0, MAX_LINE_BYTES, 0);
    const head = buffer.subarray(0, bytesRead);
    if (head.subarray(0, 8192).includes(0)) throw new ImportFailure('Not a text file: TOA5 and CSV files are text');
    if (bytesRead === MAX_LINE_BYTES && !head.includes(10)) {
      throw new ImportFailure('Not a file of lines: no line break in its first MiB');
    }
  } finally {
    await handle.close();
  }
}
