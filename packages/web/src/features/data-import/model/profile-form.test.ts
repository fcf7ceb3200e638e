import type { ImportProfile } from '@vigil/domain';
import { describe, expect, it } from 'vitest';
import { bodyOfForm, emptyProfileForm, formOfProfile, profileFormSchema, rowsWithHeader } from './profile-form.ts';

const header = {
  columns: ['TIMESTAMP', 'RECORD', 'BattV', 'Pz_kPa', 'PTemp_C'],
  units: ['TS', 'RN', 'Volts', 'kPa', 'Deg C'],
  processing: ['', '', 'Min', 'Smp', 'Smp'],
  environment: ['TOA5'],
};
const blank = { eid: '', metric: '', scale: '', offset: '' };

describe('the mapping of a file’s columns', () => {
  it('offers each reading column of a TOA5 file with its unit, not its timestamp or record number', () => {
    const rows = rowsWithHeader([], header, 'toa5', 'TIMESTAMP');
    expect(rows).toEqual([
      { column: 'BattV', unit: 'Volts', ...blank },
      { column: 'Pz_kPa', unit: 'kPa', ...blank },
      { column: 'PTemp_C', unit: 'Deg C', ...blank },
    ]);
  });

  it('keeps what was mapped, and a mapped column the sample lacks at the end', () => {
    const mapped = { column: 'Pz_kPa', unit: '', eid: 'PZ-01', metric: 'pressure', scale: '', offset: '' };
    const gone = { column: 'Old_kPa', unit: '', eid: 'PZ-02', metric: 'pressure', scale: '', offset: '' };
    const unmapped = { column: 'Unused', unit: '', ...blank };
    const rows = rowsWithHeader([mapped, gone, unmapped], header, 'toa5', 'TIMESTAMP');
    expect(rows.map((r) => r.column)).toEqual(['BattV', 'Pz_kPa', 'PTemp_C', 'Old_kPa']);
    expect(rows[1]).toEqual({ ...mapped, unit: 'kPa' });
  });

  it('offers a CSV file’s record column like any other, only its timestamp column is left out', () => {
    const csv = { columns: ['Date', 'RECORD', 'Level'], units: [], processing: [], environment: [] };
    expect(rowsWithHeader([], csv, 'csv', 'Date').map((r) => r.column)).toEqual(['RECORD', 'Level']);
  });
});

describe('a profile’s form', () => {
  const values = {
    ...emptyProfileForm(),
    name: ' Crest logger ',
    columns: [
      { column: 'BattV', unit: 'Volts', ...blank },
      { column: 'Pz_kPa', unit: 'kPa', eid: 'PZ-01', metric: 'pressure', scale: '0,5', offset: '' },
      { column: 'PTemp_C', unit: 'Deg C', eid: 'PZ-01', metric: 'temperature', scale: '', offset: '-1.5' },
    ],
  };

  it('sends the mapped columns only, with scale and offset when typed (a comma for decimals too)', () => {
    expect(bodyOfForm(values)).toEqual({
      name: 'Crest logger',
      format: 'toa5',
      delimiter: ',',
      decimal: '.',
      timestamp_column: 'TIMESTAMP',
      timestamp_format: 'ISO',
      timezone: 'UTC',
      nan_values: [],
      columns: [
        { column: 'Pz_kPa', eid: 'PZ-01', metric: 'pressure', scale: 0.5 },
        { column: 'PTemp_C', eid: 'PZ-01', metric: 'temperature', offset: -1.5 },
      ],
    });
  });

  it('sends TOA5 as comma-separated with a decimal point whatever the CSV fields held', () => {
    const body = bodyOfForm({ ...values, delimiter: ';', decimal: ',' });
    expect([body.delimiter, body.decimal]).toEqual([',', '.']);
    const csv = bodyOfForm({ ...values, format: 'csv', delimiter: ';', decimal: ',' });
    expect([csv.delimiter, csv.decimal]).toEqual([';', ',']);
  });

  it('refuses a profile without a mapped column, a device without a metric, a bad scale, zone or pattern', () => {
    const problems = (v: typeof values) =>
      profileFormSchema.safeParse(v).error?.issues.map((i) => [i.path.join('.'), i.message]) ?? [];
    expect(problems(values)).toEqual([]);
    expect(problems({ ...values, columns: [values.columns[0]!] })).toEqual([['columns', 'noColumn']]);
    expect(
      problems({
        ...values,
        timezone: 'Mars/Olympus',
        timestamp_format: 'DD/MM',
        columns: [...values.columns, { column: 'X', unit: '', eid: 'PZ-02', metric: '', scale: 'two', offset: '' }],
      }),
    ).toEqual([
      ['timestamp_format', 'timestampFormat'],
      ['timezone', 'timezone'],
      ['columns.3.scale', 'number'],
      ['columns.3.metric', 'metricRequired'],
    ]);
  });

  it('shows a saved profile as it was saved, its data points kept', () => {
    const profile: ImportProfile = {
      id: 'p1',
      ...bodyOfForm(values),
      delimiter: ',',
      decimal: '.',
      timestamp_column: 'TIMESTAMP',
      timestamp_format: 'ISO',
      timezone: 'UTC',
      nan_values: ['-7999'],
      columns: [{ column: 'Tilt(1)', eid: 'IPI-01', metric: 'tilt_a', data_point: 'IPI-01-N01', scale: 2 }],
      created_at: '',
      created_by: null,
      updated_at: '',
    };
    const form = formOfProfile(profile);
    expect(form.columns).toEqual([
      {
        column: 'Tilt(1)',
        unit: '',
        eid: 'IPI-01',
        metric: 'tilt_a',
        data_point: 'IPI-01-N01',
        scale: '2',
        offset: '',
      },
    ]);
    expect(bodyOfForm(form).columns).toEqual(profile.columns);
  });
});
