import { describe, expect, it } from 'vitest';
import { historyRows, valueText, type HistoryWords } from './history-rows.ts';

const words: HistoryWords = {
  heading: (action, user) => `${action} by ${user ?? 'someone'}`,
  field: (name) => name.toUpperCase(),
  none: 'none',
  yes: 'yes',
  no: 'no',
};

describe('a registry history', () => {
  it('lists the newest change first, each field from its old value to its new one', () => {
    const rows = historyRows(
      [
        { id: 'a', action: 'created', changed_at: '2026-11-20T10:00:00Z', changed_by: 'admin', fields: {} },
        {
          id: 'b',
          action: 'updated',
          changed_at: '2026-11-21T10:00:00Z',
          changed_by: 'manager',
          fields: { contracted_sla_time: { old: 3600, new: 600 } },
        },
      ],
      words,
    );
    expect(rows.map((r) => r.heading)).toEqual(['updated by manager', 'created by admin']);
    expect(rows[0]!.changes).toEqual([
      { field: 'contracted_sla_time', label: 'CONTRACTED_SLA_TIME', old: '3600', new: '600' },
    ]);
  });

  it('reads empty values, flags, lists and points as words', () => {
    expect(valueText(null, words)).toBe('none');
    expect(valueText(true, words)).toBe('yes');
    expect(valueText(['a', 'b'], words)).toBe('a, b');
    expect(valueText({ type: 'Point', coordinates: [-70.5, -33.2] }, words)).toBe('-33.2, -70.5');
    expect(valueText({ id: '1', eid: 'DL-1', title: 'Logger' }, words)).toBe('DL-1');
  });

  it('reads a calibration added or changed as its date, factors, serial number and notes', () => {
    const [row] = historyRows(
      [
        {
          id: 'c',
          action: 'updated',
          changed_at: '2026-11-30T10:00:00Z',
          changed_by: 'admin',
          fields: {
            'calibrations.k1': {
              old: null,
              new: {
                effective_from: '2026-11-23T06:30:00.000Z',
                factors: { G: -0.1557, R0: 8050 },
                serial_number: 'VW-4471',
                certificate_file_id: null,
                notes: 'Re-zeroed',
              },
            },
          },
        },
      ],
      { ...words, date: (iso) => `on ${iso.slice(0, 10)}` },
    );
    expect(row!.changes[0]).toMatchObject({
      old: 'none',
      new: 'on 2026-11-23 · G = -0.1557, R0 = 8050 · VW-4471 · Re-zeroed',
    });
  });
});
