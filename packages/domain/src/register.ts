import { z } from 'zod';
import { errorBody } from './api.ts';
import { ENTITY_TYPES } from './schemes.ts';

/**
 * The instrument register (requirements#site-contracts, ADR 0034): a spreadsheet (.xlsx or .csv) of a project's
 * devices, one a row, imported and exported with the same columns so that a register can go out,
 * be edited and come back unchanged.
 */

/** The fixed columns, in the order export and the template write them; `context.<key>` columns follow. */
export const REGISTER_COLUMNS = [
  'entity_type',
  'eid',
  'title',
  'scheme',
  'interface_node',
  'lat',
  'lon',
  'contracted_sla_time',
  'description',
  'labels',
] as const;
export type RegisterColumn = (typeof REGISTER_COLUMNS)[number];

/** The prefix of a context metric's column, e.g. `context.tip_elevation`. */
export const REGISTER_CONTEXT_PREFIX = 'context.';

/** The `entity_type` values a row may take. */
export const REGISTER_ENTITY_TYPES = ENTITY_TYPES;

export const REGISTER_FORMATS = ['xlsx', 'csv'] as const;
export type RegisterFormat = (typeof REGISTER_FORMATS)[number];

/** The largest register file accepted, in bytes (10 MiB); a larger one is refused with 413. */
export const REGISTER_MAX_BYTES = 10 * 1024 * 1024;

/** `?format=` of `GET register/export` and `register/template`. */
export const registerFormatQuery = z.strictObject({ format: z.enum(REGISTER_FORMATS).default('xlsx') });

/** One problem of a register: its row (1 is the header row, data starts at 2), its column, and why. */
export const registerErrorSchema = z.object({
  row: z.number().int(),
  column: z.string(),
  message: z.string(),
});
export type RegisterError = z.infer<typeof registerErrorSchema>;

export const REGISTER_ROW_STATUSES = ['new', 'changed', 'unchanged'] as const;
export type RegisterRowStatus = (typeof REGISTER_ROW_STATUSES)[number];

/** What the import does (or, in a dry run, would do) with one data row. */
export const registerRowStatusSchema = z.object({
  row: z.number().int(),
  eid: z.string(),
  status: z.enum(REGISTER_ROW_STATUSES),
});
export type RegisterRowStatusItem = z.infer<typeof registerRowStatusSchema>;

/**
 * `POST register/import`'s answer: counts of data rows, and every error; with any error nothing is
 * written and the counts say what would have been done. `row_statuses` lists each row for a preview.
 */
export const registerImportAnswerSchema = z.object({
  rows: z.number().int(),
  created: z.number().int(),
  updated: z.number().int(),
  unchanged: z.number().int(),
  errors: z.array(registerErrorSchema),
  row_statuses: z.array(registerRowStatusSchema),
});
export type RegisterImportAnswer = z.infer<typeof registerImportAnswerSchema>;

/**
 * An import refused (400 with row errors, 413 for a file over REGISTER_MAX_BYTES): the error shape,
 * with the answer's fields beside it so that a client shows the rows and columns either way.
 */
export const registerRefusalSchema = errorBody.extend(registerImportAnswerSchema.partial().shape);
export type RegisterRefusal = z.infer<typeof registerRefusalSchema>;
