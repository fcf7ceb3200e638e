/** One cell of an exported table; dates are written as dates in xlsx and as ISO-8601 elsewhere. */
export type ExportCell = string | number | boolean | Date | null | undefined;

/** One sheet: a name and its rows, the first row being the column headings. */
export interface ExportSheet {
  name: string;
  rows: readonly (readonly ExportCell[])[];
}

/** A name and content pair describing the export (site, period, filters…). */
export interface ExportMeta {
  name: string;
  content: string;
}

export const EXPORT_FILE_TYPES = ['xlsx', 'csv', 'html'] as const;
export type ExportFileType = (typeof EXPORT_FILE_TYPES)[number];

/** What a screen hands to the export dialog (requirements#shell-entities export settings). */
export interface ExportSettings {
  title: string;
  subtitle?: string;
  /** xlsx writes every sheet; csv and html write the first one only */
  data: readonly ExportSheet[];
  meta?: readonly ExportMeta[];
  /** the name before the timestamp and extension are added */
  fileName: string;
  /** the type of a direct export without the dialog: csv unless given (requirements#shell-constants) */
  fileType?: ExportFileType;
  /** the types the dialog offers, the first one preselected: xlsx, csv, html unless given */
  fileTypes?: readonly ExportFileType[];
}

export const DEFAULT_EXPORT_FILE_TYPE: ExportFileType = 'csv';
export const DEFAULT_DIALOG_FILE_TYPES: readonly ExportFileType[] = EXPORT_FILE_TYPES;

/** Which file types hold several sheets. */
export const isMultiSheet = (type: ExportFileType) => type === 'xlsx';

/** A sheet from plain objects: one column per key of `columns` (heading → key), in that order. */
export function sheetFromRecords<T extends Record<string, unknown>>(
  name: string,
  records: readonly T[],
  columns: readonly { heading: string; key: keyof T }[],
): ExportSheet {
  return {
    name,
    rows: [columns.map((c) => c.heading), ...records.map((record) => columns.map((c) => toCell(record[c.key])))],
  };
}

/** The export of one table: its title names the dialog, the file and the sheet. */
export function tableExport<T extends Record<string, unknown>>(
  title: string,
  records: readonly T[],
  columns: readonly { heading: string; key: keyof T }[],
): ExportSettings {
  return { title, fileName: title, data: [sheetFromRecords(title, records, columns)] };
}

function toCell(value: unknown): ExportCell {
  if (value === null || value === undefined) return value;
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') return value;
  if (value instanceof Date) return value;
  return JSON.stringify(value);
}

/** A cell as text: ISO-8601 for dates, empty for missing values. */
export function cellText(cell: ExportCell): string {
  if (cell === null || cell === undefined) return '';
  if (cell instanceof Date) return Number.isNaN(cell.getTime()) ? '' : cell.toISOString();
  if (typeof cell === 'number' && !Number.isFinite(cell)) return '';
  return String(cell);
}
