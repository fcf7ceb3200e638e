import { describe, expect, it } from 'vitest';
import { completeness } from './report-completeness.ts';

const from = Date.parse('2026-10-01T00:00:00Z');
const hour = 3_600_000;

describe('completeness', () => {
  it('expects one reading per SLA and lists the silences longer than it, the period’s edges included', () => {
    const readings = [1, 2, 3, 7, 8].map((h) => ({ t: from + h * hour, count: 1 }));
    expect(completeness(readings, from, from + 10 * hour, 3600)).toEqual({
      expected: 10,
      received: 5,
      percent: 50,
      gaps: [
        { from: '2026-10-01T03:00:00.000Z', to: '2026-10-01T07:00:00.000Z', seconds: 14_400 },
        { from: '2026-10-01T08:00:00.000Z', to: '2026-10-01T10:00:00.000Z', seconds: 7200 },
      ],
    });
  });

  it('counts buckets of several readings, ignores readings outside the period and caps at 100 %', () => {
    const readings = [
      { t: from - hour, count: 5 },
      { t: from, count: 4 },
      { t: from + hour / 2, count: 4 },
    ];
    expect(completeness(readings, from, from + hour, 1800)).toMatchObject({
      expected: 2,
      received: 8,
      percent: 100,
      gaps: [],
    });
  });

  it('promises nothing without an SLA', () => {
    expect(completeness([{ t: from, count: 3 }], from, from + hour, 0)).toEqual({
      expected: null,
      received: 3,
      percent: null,
      gaps: [],
    });
  });
});
