import {
  IMPORT_FORMATS,
  ISO_TIMESTAMP,
  isTimeZone,
  timestampFormatProblem,
  type FileHeader,
  type ImportColumn,
  type ImportFormat,
  type ImportProfile,
  type ImportProfileCreateBody,
} from '@vigil/domain';
import { z } from 'zod';
import { parseTypedNumber } from '../../../components/forms/typed-number.ts';

/** TOA5's record number: a counter of the logger's table, never a reading. */
const TOA5_RECORD = 'RECORD';

/** Blank, or a number as people type it (a comma or a point for decimals). */
const numberText = z.string().refine((text) => !Number.isNaN(parseTypedNumber(text)), 'number');

const columnRow = z
  .object({
    column: z.string(),
    /** TOA5's unit of the column, shown beside its name (not saved) */
    unit: z.string(),
    eid: z.string(),
    metric: z.string(),
    /** kept as the profile had it: a node of an in-place inclinometer chain */
    data_point: z.string().optional(),
    scale: numberText,
    offset: numberText,
  })
  .superRefine((row, ctx) => {
    if (row.eid && !row.metric) ctx.addIssue({ code: 'custom', path: ['metric'], message: 'metricRequired' });
  });
export type ColumnRow = z.infer<typeof columnRow>;

/** An import profile as its form holds it: every column of the file, mapped or not, numbers as text. */
export const profileFormSchema = z
  .object({
    name: z.string().trim().min(1, 'required').max(100, 'tooLong'),
    format: z.enum(IMPORT_FORMATS),
    delimiter: z.enum([',', ';', '\t', '|']),
    decimal: z.enum(['.', ',']),
    timestamp_column: z.string().trim().min(1, 'required'),
    timestamp_format: z
      .string()
      .trim()
      .min(1, 'required')
      .refine((format) => !timestampFormatProblem(format), 'timestampFormat'),
    timezone: z.string().refine(isTimeZone, 'timezone'),
    nan_values: z.array(z.string().trim().min(1).max(50)).max(20),
    columns: z.array(columnRow),
  })
  .superRefine((values, ctx) => {
    if (!values.columns.some((row) => row.eid && row.metric))
      ctx.addIssue({ code: 'custom', path: ['columns'], message: 'noColumn' });
  });
export type ProfileFormValues = z.infer<typeof profileFormSchema>;

/** A new profile: a TOA5 file's defaults (comma, point, TIMESTAMP in ISO, UTC), no column yet. */
export const emptyProfileForm = (): ProfileFormValues => ({
  name: '',
  format: 'toa5',
  delimiter: ',',
  decimal: '.',
  timestamp_column: 'TIMESTAMP',
  timestamp_format: ISO_TIMESTAMP,
  timezone: 'UTC',
  nan_values: [],
  columns: [],
});

const numberOrBlank = (value: number | undefined) => (value === undefined ? '' : String(value));

/** A saved profile as the form shows it: its mapped columns, until a sample file adds the others. */
export function formOfProfile(profile: ImportProfile): ProfileFormValues {
  return {
    name: profile.name,
    format: profile.format,
    delimiter: profile.delimiter,
    decimal: profile.decimal,
    timestamp_column: profile.timestamp_column,
    timestamp_format: profile.timestamp_format,
    timezone: profile.timezone,
    nan_values: profile.nan_values,
    columns: profile.columns.map((c) => ({
      column: c.column,
      unit: '',
      eid: c.eid,
      metric: c.metric,
      ...(c.data_point ? { data_point: c.data_point } : {}),
      scale: numberOrBlank(c.scale),
      offset: numberOrBlank(c.offset),
    })),
  };
}

/** Whether a column of a file holds readings: not its timestamp, nor TOA5's record number. */
export const isReadingColumn = (format: ImportFormat, timestampColumn: string, column: string) =>
  column !== timestampColumn && !(format === 'toa5' && column === TOA5_RECORD);

/**
 * The rows of the mapping once a sample file is read: each reading column of the file in its order,
 * with the mapping it had and its unit; then the mapped columns the file lacks, so none is lost unseen.
 */
export function rowsWithHeader(
  rows: readonly ColumnRow[],
  header: FileHeader,
  format: ImportFormat,
  timestampColumn: string,
): ColumnRow[] {
  const byColumn = new Map(rows.map((row) => [row.column, row]));
  const fromFile = header.columns.flatMap((column, index) =>
    isReadingColumn(format, timestampColumn, column)
      ? [
          {
            ...(byColumn.get(column) ?? { column, eid: '', metric: '', scale: '', offset: '' }),
            unit: header.units[index] ?? '',
          },
        ]
      : [],
  );
  const inFile = new Set(header.columns);
  return [...fromFile, ...rows.filter((row) => row.eid && !inFile.has(row.column))];
}

/** What a save sends: the profile's fields, and the mapped columns only (scale and offset when given). */
export function bodyOfForm(values: ProfileFormValues): ImportProfileCreateBody {
  const columns: ImportColumn[] = values.columns
    .filter((row) => row.eid && row.metric)
    .map((row) => {
      const scale = parseTypedNumber(row.scale);
      const offset = parseTypedNumber(row.offset);
      return {
        column: row.column,
        eid: row.eid,
        metric: row.metric,
        ...(row.data_point ? { data_point: row.data_point } : {}),
        ...(scale === null ? {} : { scale }),
        ...(offset === null ? {} : { offset }),
      };
    });
  return {
    name: values.name.trim(),
    format: values.format,
    // TOA5 is always comma-separated with a decimal point (ADR 0035).
    delimiter: values.format === 'toa5' ? ',' : values.delimiter,
    decimal: values.format === 'toa5' ? '.' : values.decimal,
    timestamp_column: values.timestamp_column.trim(),
    timestamp_format: values.timestamp_format.trim(),
    timezone: values.timezone,
    nan_values: values.nan_values,
    columns,
  };
}
