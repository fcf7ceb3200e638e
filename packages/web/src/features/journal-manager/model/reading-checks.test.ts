import { describe, expect, it } from 'vitest';
import { checkLines, type CheckedMetricInfo } from './reading-checks.ts';

const info: Record<string, CheckedMetricInfo> = {
  piezometric_level: { label: 'Piezometric level', unit: 'm', decimals: 2 },
  pressure: { label: 'Pore water pressure', unit: 'kPa', decimals: 2 },
};
const describe_ = (key: string) => info[key];

describe('the lines of a check reading', () => {
  it('shows the hand and logger values and the signed difference, each with its unit', () => {
    const lines = checkLines(
      {
        metrics: [
          {
            group: 'calculated_metrics',
            metric: 'piezometric_level',
            manual: 1163.55,
            logger: 1163.52,
            difference: 0.03,
          },
          { group: 'raw_metrics', metric: 'pressure', manual: 265.1, logger: 265.3, difference: -0.2 },
        ],
      },
      describe_,
      'en-GB',
    );
    expect(lines).toEqual([
      {
        key: 'calculated_metrics.piezometric_level',
        label: 'Piezometric level',
        manual: '1,163.55 m',
        logger: '1,163.52 m',
        difference: '+0.03 m',
      },
      {
        key: 'raw_metrics.pressure',
        label: 'Pore water pressure',
        manual: '265.10 kPa',
        logger: '265.30 kPa',
        difference: '−0.20 kPa',
      },
    ]);
  });

  it('gives no sign to a difference that rounds to zero, and names a metric its scheme lacks by its key', () => {
    const [line] = checkLines(
      { metrics: [{ group: 'raw_metrics', metric: 'reading', manual: 8123.4, logger: 8123.4, difference: 0.001 }] },
      () => undefined,
      'en-GB',
    );
    expect(line).toMatchObject({ label: 'reading', difference: '+0.001' });
    const [rounded] = checkLines(
      { metrics: [{ group: 'raw_metrics', metric: 'pressure', manual: 1, logger: 1, difference: 0.001 }] },
      describe_,
      'en-GB',
    );
    expect(rounded!.difference).toBe('0.00 kPa');
  });
});
