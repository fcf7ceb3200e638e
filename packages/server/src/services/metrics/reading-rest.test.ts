import { describe, expect, it } from 'vitest';
import { seededRandom, type SeededRandom } from '../../test-support/seeded-random.ts';
import { restOf, sameRest, withValues } from './reading-rest.ts';

/** A reading's rest (ADR 0048): what its metrics hold beyond the indexed numbers. */

const reading = (context: Record<string, unknown>, extra: Record<string, unknown> = {}) => ({
  raw_metrics: { pore_kpa: 101.3, temp_c: -0 },
  calculated_metrics: { head_m: 411.38 },
  context_metrics: context,
  invalid_metrics: {},
  ...extra,
});

/** Metrics of random shapes: groups in either order, contexts that differ a little, reasons, nested values. */
function randomMetrics(r: SeededRandom): Record<string, unknown> {
  const groups: Array<[string, unknown]> = [
    ['raw_metrics', { a: r.int(5), ...(r.int(8) === 0 ? { b: null } : {}) }],
    [
      'context_metrics',
      r.pick([{ tip: 1 }, { tip: 2 }, { tip: 1, depth: 3 }, { depth: 3, tip: 1 }, { tip: '1' }, { tip: { n: 1 } }]),
    ],
    ['invalid_metrics', r.int(2) ? {} : { c: r.next() }],
  ];
  if (r.int(3) === 0) groups.push(['invalid_reasons', { h: r.pick(['No calibration', 'Sin calibración ✓']) }]);
  if (r.int(2)) groups.reverse();
  return Object.fromEntries(groups);
}

describe('the rest of a reading', () => {
  it('keeps every group but the indexed numbers, in its place', () => {
    const metrics = reading({ tip_m: 401.25 }, { invalid_reasons: { head_m: 'No calibration in effect at read_at' } });
    expect(restOf(metrics)).toBe(
      '{"raw_metrics":{},"calculated_metrics":{},"context_metrics":{"tip_m":401.25},"invalid_metrics":{},' +
        '"invalid_reasons":{"head_m":"No calibration in effect at read_at"}}',
    );
    // rebuilt from its rest and its values: the same groups, the same values
    const values = [
      { group: 'raw_metrics', metric: 'pore_kpa', value: 101.3 },
      { group: 'raw_metrics', metric: 'temp_c', value: -0 },
      { group: 'calculated_metrics', metric: 'head_m', value: 411.38 },
    ] as const;
    expect(withValues(restOf(metrics), values)).toEqual(metrics);
  });

  it('says two readings share a rest only when their texts are the same', () => {
    expect(sameRest(reading({ tip_m: 1 }), reading({ tip_m: 1 }))).toBe(true);
    expect(sameRest(reading({ tip_m: 1 }), reading({ tip_m: 2 }))).toBe(false);
    expect(sameRest(reading({ tip_m: 1 }), reading({ tip_m: 1 }, { invalid_reasons: { h: 'x' } }))).toBe(false);
    const r = seededRandom(11);
    let shared = 0;
    for (let i = 0; i < 5000; i++) {
      const a = randomMetrics(r);
      const b = randomMetrics(r);
      if (!sameRest(a, b)) continue;
      shared++;
      expect(restOf(a), JSON.stringify([a, b])).toBe(restOf(b));
    }
    expect(shared).toBeGreaterThan(100);
  });
});
