import type { ManualReadingHistoryItem } from '@vigil/domain';
import { describe, expect, it } from 'vitest';
import { manualHistoryRows, metricText } from './manual-history.ts';

const record = (
  id: string,
  action: 'entered' | 'corrected',
  at: string,
  raw_metrics: Record<string, number>,
  reason: string | null = null,
): ManualReadingHistoryItem => ({
  id,
  action,
  at,
  user: action === 'entered' ? 'operator' : 'manager',
  raw_metrics,
  reason,
});

describe('a manual reading’s history', () => {
  it('lists newest first, each correction with the values it changed and their old values', () => {
    const rows = manualHistoryRows([
      record('h2', 'corrected', '2026-11-26T10:00:00Z', { pressure: 96.5, temperature: 14 }, 'Misread the dial'),
      record('h1', 'entered', '2026-11-26T09:00:00Z', { pressure: 69.5, temperature: 14 }),
      record('h3', 'corrected', '2026-11-26T11:00:00Z', { pressure: 96.5, temperature: 13.5 }, 'Thermometer'),
    ]);
    expect(rows.map((r) => [r.id, r.action, r.user])).toEqual([
      ['h3', 'corrected', 'manager'],
      ['h2', 'corrected', 'manager'],
      ['h1', 'entered', 'operator'],
    ]);
    expect(rows[0]!.values).toEqual([{ key: 'temperature', value: 13.5, previous: 14 }]);
    expect(rows[1]).toMatchObject({
      reason: 'Misread the dial',
      values: [{ key: 'pressure', value: 96.5, previous: 69.5 }],
    });
    expect(rows[2]!.values).toEqual([
      { key: 'pressure', value: 69.5, previous: null },
      { key: 'temperature', value: 14, previous: null },
    ]);
  });

  it('names a value by its metric’s label and unit, or by its key', () => {
    const describe = (key: string) =>
      key === 'pressure' ? { label: 'Pressure', unit: 'kPa', decimals: 1 } : undefined;
    expect(metricText('pressure', 96.54, describe, 'en-US')).toEqual({ label: 'Pressure', value: '96.5 kPa' });
    expect(metricText('pressure', 1234.5, describe, 'pt-BR')).toEqual({ label: 'Pressure', value: '1.234,5 kPa' });
    expect(metricText('depth', 2.5, describe, 'en-US')).toEqual({ label: 'depth', value: '2.5' });
    expect(metricText('depth', 161.8122, describe, 'en-US')).toEqual({ label: 'depth', value: '161.8122' });
  });
});
