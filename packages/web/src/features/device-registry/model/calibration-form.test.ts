import type { Calibration } from '@vigil/domain';
import { describe, expect, it } from 'vitest';
import {
  bodyOfCalibrationForm,
  calibrationFormSchema,
  formOfCalibration,
  newCalibrationForm,
  patchOfCalibrationForm,
} from './calibration-form.ts';

const factory: Calibration = {
  id: 'c1',
  monitored_entity_id: 'pz-1',
  effective_from: '2026-10-01T08:00:00.000Z',
  factors: { G: -0.1234, R0: 8650.5, K: 0.012, T0: 20.1 },
  serial_number: 'VW-1234',
  certificate_file_id: 'f1',
  notes: 'Factory sheet',
  created_at: '2026-10-01T09:00:00.000Z',
  created_by: 'admin',
};

const issues = (values: unknown) =>
  calibrationFormSchema.safeParse(values).error?.issues.map((i) => [i.path.join('.'), i.message]) ?? [];

describe('the calibration form', () => {
  it('starts a new calibration from the newest one, so that a re-zeroing changes R0 alone', () => {
    const now = new Date(2026, 10, 30, 14, 5);
    const form = newCalibrationForm(factory, now);
    expect(form.factors).toEqual([
      { name: 'G', value: '-0.1234' },
      { name: 'R0', value: '8650.5' },
      { name: 'K', value: '0.012' },
      { name: 'T0', value: '20.1' },
    ]);
    expect(form.serialNumber).toBe('VW-1234');
    expect(form.notes).toBe('');
    expect(form.certificateFileId).toBeNull();
    expect(form.effectiveFrom).toBe('2026-11-30T14:05');
    form.factors[1]!.value = '8702,25';
    expect(bodyOfCalibrationForm(form).factors).toEqual({ G: -0.1234, R0: 8702.25, K: 0.012, T0: 20.1 });
  });

  it('offers one empty factor row to the first calibration', () => {
    expect(newCalibrationForm(undefined, new Date()).factors).toEqual([{ name: '', value: '' }]);
  });

  it('sends the local date and time as an instant with its zone', () => {
    const body = bodyOfCalibrationForm({
      ...newCalibrationForm(factory, new Date()),
      effectiveFrom: '2026-11-23T06:30',
    });
    expect(body.effective_from).toBe(new Date(2026, 10, 23, 6, 30).toISOString());
  });

  it('refuses a factor name that is not an identifier, a name given twice, a value that is not a number and no factors', () => {
    const base = formOfCalibration(factory);
    expect(issues({ ...base, factors: [{ name: '2G', value: '1' }] })).toEqual([['factors.0.name', 'factorName']]);
    expect(issues({ ...base, factors: [{ name: 'cal.G', value: '1' }] })).toEqual([['factors.0.name', 'factorName']]);
    expect(
      issues({
        ...base,
        factors: [
          { name: 'G', value: '1' },
          { name: 'G', value: '2' },
        ],
      }),
    ).toEqual([['factors.1.name', 'factorDuplicate']]);
    expect(issues({ ...base, factors: [{ name: 'G', value: '1e999' }] })).toEqual([['factors.0.value', 'number']]);
    expect(issues({ ...base, factors: [{ name: 'G', value: 'abc' }] })).toEqual([['factors.0.value', 'number']]);
    expect(issues({ ...base, factors: [] })).toEqual([['factors', 'noFactors']]);
    expect(issues({ ...base, effectiveFrom: '' })).toEqual([['effectiveFrom', 'effectiveFrom']]);
  });

  it('changes only what was changed, and keeps a date stored to the second when its minute was not touched', () => {
    const stored = { ...factory, effective_from: '2026-10-01T08:00:42.000Z' };
    const initial = formOfCalibration(stored);
    expect(patchOfCalibrationForm(initial, { ...initial, notes: 'Re-read sheet' })).toEqual({ notes: 'Re-read sheet' });
    const rezero = { ...initial, factors: initial.factors.map((f) => (f.name === 'R0' ? { ...f, value: '8700' } : f)) };
    expect(patchOfCalibrationForm(initial, rezero)).toEqual({ factors: { G: -0.1234, R0: 8700, K: 0.012, T0: 20.1 } });
    const moved = { ...initial, effectiveFrom: '2026-10-02T08:00' };
    expect(patchOfCalibrationForm(initial, moved)).toEqual({
      effective_from: new Date(2026, 9, 2, 8, 0).toISOString(),
    });
    expect(patchOfCalibrationForm(initial, { ...initial, certificateFileId: null })).toEqual({
      certificate_file_id: null,
    });
  });
});
