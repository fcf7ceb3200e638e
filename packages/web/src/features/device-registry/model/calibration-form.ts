import type { Calibration, CalibrationCreateBody, CalibrationPatchBody } from '@vigil/domain';
import { z } from 'zod';
import { isoFromLocal, localDateTime } from '../../../components/dates/local-date-time.ts';
import { parseTypedNumber } from '../../../components/forms/typed-number.ts';

/** How formulas name a factor after `cal.` (the server's rule, ADR 0038). */
const FACTOR_NAME = /^[A-Za-z_][A-Za-z0-9_]{0,63}$/;

const factorRow = z.object({
  name: z.string().trim().regex(FACTOR_NAME, 'factorName'),
  value: z.string().refine((text) => Number.isFinite(parseTypedNumber(text) ?? Number.NaN), 'number'),
});

/** A calibration as its dialog holds it: the date in local time, numbers as typed. */
export const calibrationFormSchema = z
  .object({
    effectiveFrom: z.string().refine((text) => isoFromLocal(text) !== null, 'effectiveFrom'),
    factors: z.array(factorRow).min(1, 'noFactors').max(100),
    serialNumber: z.string().trim().max(100, 'tooLong'),
    notes: z.string().max(4000, 'tooLong'),
    certificateFileId: z.string().nullable(),
  })
  .superRefine((values, ctx) => {
    // Two rows of one name would leave the formula one of them, silently.
    const seen = new Set<string>();
    values.factors.forEach((row, index) => {
      const name = row.name.trim();
      if (name && seen.has(name))
        ctx.addIssue({ code: 'custom', path: ['factors', index, 'name'], message: 'factorDuplicate' });
      seen.add(name);
    });
  });
export type CalibrationFormValues = z.infer<typeof calibrationFormSchema>;

/**
 * A new calibration's form, effective now: it starts from the newest calibration's factors and
 * serial number, so that a re-zeroing changes R0 alone.
 */
export function newCalibrationForm(newest: Calibration | undefined, now: Date): CalibrationFormValues {
  return {
    effectiveFrom: localDateTime(now),
    factors: newest ? factorRows(newest) : [{ name: '', value: '' }],
    serialNumber: newest?.serial_number ?? '',
    notes: '',
    certificateFileId: null,
  };
}

/** A calibration's form for a change. */
export function formOfCalibration(calibration: Calibration): CalibrationFormValues {
  return {
    effectiveFrom: localDateTime(new Date(calibration.effective_from)),
    factors: factorRows(calibration),
    serialNumber: calibration.serial_number,
    notes: calibration.notes,
    certificateFileId: calibration.certificate_file_id,
  };
}

const factorRows = (calibration: Calibration) =>
  Object.entries(calibration.factors).map(([name, value]) => ({ name, value: String(value) }));

/** What the server takes to add the calibration a valid form holds. */
export function bodyOfCalibrationForm(values: CalibrationFormValues): CalibrationCreateBody {
  return {
    effective_from: isoFromLocal(values.effectiveFrom)!,
    factors: Object.fromEntries(values.factors.map((row) => [row.name.trim(), parseTypedNumber(row.value)!])),
    serial_number: values.serialNumber.trim(),
    notes: values.notes,
    certificate_file_id: values.certificateFileId,
  };
}

/**
 * The fields a change touches: the date only when it was changed, since the form shows it to the
 * minute and sending it back would move a date stored to the second (and recompute for nothing).
 */
export function patchOfCalibrationForm(
  initial: CalibrationFormValues,
  values: CalibrationFormValues,
): CalibrationPatchBody {
  const before = bodyOfCalibrationForm(initial);
  const after = bodyOfCalibrationForm(values);
  const patch: CalibrationPatchBody = {};
  if (initial.effectiveFrom !== values.effectiveFrom) patch.effective_from = after.effective_from;
  if (JSON.stringify(before.factors) !== JSON.stringify(after.factors)) patch.factors = after.factors;
  if (before.serial_number !== after.serial_number) patch.serial_number = after.serial_number;
  if (before.notes !== after.notes) patch.notes = after.notes;
  if (before.certificate_file_id !== after.certificate_file_id) patch.certificate_file_id = after.certificate_file_id;
  return patch;
}
