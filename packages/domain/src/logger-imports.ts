import { z } from 'zod';
import { idSchema } from './api.ts';

/**
 * Logger file imports (`/ingest/api/v1/import-profiles`, `imports`; requirements#site-contracts, ADR 0035): a saved
 * profile maps each column of a logger's TOA5 or CSV file to a device and one of its raw metrics.
 */

export const IMPORT_FORMATS = ['toa5', 'csv'] as const;
export type ImportFormat = (typeof IMPORT_FORMATS)[number];

/** `timestamp_format`: ISO-8601 (a zone in the text wins over the profile's), or a pattern of these tokens. */
export const ISO_TIMESTAMP = 'ISO';
export const TIMESTAMP_TOKENS = ['YYYY', 'MM', 'DD', 'HH', 'mm', 'ss', 'SSS'] as const;

/** Whether `zone` is an IANA time zone this runtime knows. */
export function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/** What is wrong with a timestamp pattern, or null: it needs the year, month, day and hour. */
export function timestampFormatProblem(format: string): string | null {
  if (format === ISO_TIMESTAMP) return null;
  for (const token of ['YYYY', 'MM', 'DD', 'HH'] as const) {
    if (!format.includes(token)) return `A pattern needs ${token} (tokens: ${TIMESTAMP_TOKENS.join(' ')}), or ISO`;
  }
  return null;
}

const columnName = z.string().trim().min(1, 'Required').max(200);

export const importColumnSchema = z.strictObject({
  column: columnName,
  eid: z.string().trim().min(1, 'Required').max(128),
  metric: z.string().trim().min(1, 'Required').max(64),
  /** the identifier of one of the device's data points (a node of an in-place inclinometer chain) */
  data_point: z.string().trim().min(1).max(128).optional(),
  scale: z.number().finite().optional(),
  offset: z.number().finite().optional(),
});
export type ImportColumn = z.infer<typeof importColumnSchema>;

const profileFields = {
  name: z.string().trim().min(1, 'Required').max(100),
  format: z.enum(IMPORT_FORMATS),
  delimiter: z.enum([',', ';', '\t', '|']),
  decimal: z.enum(['.', ',']),
  timestamp_column: columnName,
  timestamp_format: z
    .string()
    .trim()
    .min(1)
    .max(50)
    .superRefine((format, ctx) => {
      const problem = timestampFormatProblem(format);
      if (problem) ctx.addIssue({ code: 'custom', message: problem });
    }),
  timezone: z.string().max(64).refine(isTimeZone, 'Enter an IANA time zone, e.g. America/Santiago or UTC'),
  nan_values: z.array(z.string().trim().min(1).max(50)).max(20),
  columns: z.array(importColumnSchema).min(1, 'Map at least one column').max(2000),
};

export const importProfileSchema = z.object({
  id: z.string(),
  ...profileFields,
  created_at: z.string(),
  created_by: z.string().nullable(),
  updated_at: z.string(),
});
export type ImportProfile = z.infer<typeof importProfileSchema>;

/** A new profile: a TOA5 file's defaults (comma, point, `TIMESTAMP`, ISO, UTC) unless given. */
export const importProfileCreateBody = z.strictObject({
  name: profileFields.name,
  format: profileFields.format,
  delimiter: profileFields.delimiter.default(','),
  decimal: profileFields.decimal.default('.'),
  timestamp_column: profileFields.timestamp_column.default('TIMESTAMP'),
  timestamp_format: profileFields.timestamp_format.default(ISO_TIMESTAMP),
  timezone: profileFields.timezone.default('UTC'),
  nan_values: profileFields.nan_values.default([]),
  columns: profileFields.columns,
});
export type ImportProfileCreateBody = z.input<typeof importProfileCreateBody>;

export const importProfilePatchBody = z
  .strictObject({
    name: profileFields.name.optional(),
    format: profileFields.format.optional(),
    delimiter: profileFields.delimiter.optional(),
    decimal: profileFields.decimal.optional(),
    timestamp_column: profileFields.timestamp_column.optional(),
    timestamp_format: profileFields.timestamp_format.optional(),
    timezone: profileFields.timezone.optional(),
    nan_values: profileFields.nan_values.optional(),
    columns: profileFields.columns.optional(),
  })
  .refine((body) => Object.keys(body).length > 0, 'Send at least one field');

export const IMPORT_STATUSES = ['queued', 'running', 'done', 'failed'] as const;
export type ImportStatus = (typeof IMPORT_STATUSES)[number];

/** Bad lines kept in a result at most; the count of the others is the last entry. */
export const MAX_IMPORT_ERRORS = 1000;

export const importResultSchema = z.object({
  readings_accepted: z.number().int(),
  duplicates: z.number().int(),
  invalid_values: z.number().int(),
  /** readings of devices outside the ingest key's list (ADR 0035) */
  out_of_scope: z.number().int(),
  unmapped_columns: z.array(z.string()),
  errors: z.array(z.object({ line: z.number().int(), message: z.string() })),
});
export type ImportResult = z.infer<typeof importResultSchema>;

export const importSchema = z.object({
  id: z.string(),
  profile: z.string(),
  status: z.enum(IMPORT_STATUSES),
  file_name: z.string(),
  size: z.number().int(),
  rows_total: z.number().int(),
  rows_done: z.number().int(),
  result: importResultSchema,
  /** why a failed import stopped */
  error: z.string().nullable(),
  /** `upload` (the API) or `folder` (IMPORT_DIR) */
  origin: z.enum(['upload', 'folder']),
  created_at: z.string(),
  created_by: z.string().nullable(),
  started_at: z.string().nullable(),
  finished_at: z.string().nullable(),
});
export type LoggerImport = z.infer<typeof importSchema>;

/** The form field naming the profile of `POST imports` (multipart, beside `file`). */
export const importFormFields = z.object({ profile: idSchema });
