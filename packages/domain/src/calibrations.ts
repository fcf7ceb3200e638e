import { z } from 'zod';
import { idSchema } from './api.ts';
import { metricValueSchema } from './ingest.ts';

/**
 * Calibrations of an instrument (requirements#site-contracts): dated factors that a scheme's formulas read as
 * `cal.<name>`. A reading uses the calibration in effect at its read_at: the latest whose
 * effective_from is at or before it.
 */

/** How formulas name a factor: `cal.G`. */
export const CALIBRATION_PREFIX = 'cal.';

const factorName = z
  .string()
  .max(64)
  .regex(/^[A-Za-z_][A-Za-z0-9_]*$/, 'Use letters, digits and _ (not starting with a digit)');

/** Factors by name: finite numbers only (a calibration sheet has no NaN or Infinity). */
export const calibrationFactorsSchema = z
  .record(factorName, metricValueSchema)
  .refine((factors) => Object.keys(factors).length <= 100, 'At most 100 factors');
export type CalibrationFactors = z.infer<typeof calibrationFactorsSchema>;

export const calibrationSchema = z.object({
  id: z.string(),
  /** the instrument it calibrates */
  monitored_entity_id: z.string(),
  effective_from: z.string(),
  factors: z.record(z.string(), z.number()),
  serial_number: z.string(),
  certificate_file_id: z.string().nullable(),
  notes: z.string(),
  created_at: z.string(),
  /** the username of who added it */
  created_by: z.string().nullable(),
});
export type Calibration = z.infer<typeof calibrationSchema>;

const effectiveFrom = z.iso.datetime({ offset: true, error: 'Enter an ISO-8601 date and time with its zone' });

export const calibrationCreateBody = z.strictObject({
  effective_from: effectiveFrom,
  factors: calibrationFactorsSchema,
  serial_number: z.string().trim().max(100).default(''),
  certificate_file_id: idSchema.nullable().default(null),
  notes: z.string().max(4000).default(''),
});
export type CalibrationCreateBody = z.input<typeof calibrationCreateBody>;
/** A create body as validated: defaults filled. */
export type CalibrationCreate = z.output<typeof calibrationCreateBody>;

/** A change: only the fields sent; `factors` replaces the whole set. */
export const calibrationPatchBody = z.strictObject({
  effective_from: effectiveFrom.optional(),
  factors: calibrationFactorsSchema.optional(),
  serial_number: z.string().trim().max(100).optional(),
  certificate_file_id: idSchema.nullable().optional(),
  notes: z.string().max(4000).optional(),
});
export type CalibrationPatchBody = z.infer<typeof calibrationPatchBody>;

/** A calibration as formulas need it: its start in epoch ms and its factors. */
export interface DatedFactors {
  from: number;
  factors: Readonly<Record<string, number>>;
}

/**
 * The factors in effect at `t` (epoch ms) among `calibrations` sorted by `from` ascending: the
 * latest starting at or before `t`; undefined before the first.
 */
export function factorsInEffect(calibrations: readonly DatedFactors[], t: number): DatedFactors['factors'] | undefined {
  let low = 0;
  let high = calibrations.length;
  while (low < high) {
    const mid = (low + high) >>> 1;
    if (calibrations[mid]!.from <= t) low = mid + 1;
    else high = mid;
  }
  return low ? calibrations[low - 1]!.factors : undefined;
}

/**
 * The recomputation of the readings a calibration covers after its last change (requirements#site-contracts, ADR
 * 0040), as `GET …/calibrations/{cal}/recompute` answers it; a deleted calibration's stays readable.
 */
export const RECOMPUTE_STATUSES = ['pending', 'running', 'done', 'failed'] as const;
export const calibrationRecomputeSchema = z.object({
  status: z.enum(RECOMPUTE_STATUSES),
  readings_total: z.number().int().nonnegative(),
  readings_done: z.number().int().nonnegative(),
});
export type CalibrationRecompute = z.infer<typeof calibrationRecomputeSchema>;
