import type { ChartSeries } from '@vigil/domain';
import { describe, expect, it } from 'vitest';
import { axesOf, axisSinceDatum, chainDisplacement, resultantSinceDatum } from './datum-series.ts';

const CHAIN = new Set(['a_axis', 'b_axis']);
const node = (metric: string, over: Partial<ChartSeries> = {}): ChartSeries => ({
  entity_id: 'ipi',
  entity_type: 'instrument',
  metric,
  data_point_id: 'node-1',
  ...over,
});

describe('a chain node’s displacement over time, against the datum', () => {
  it('reads the axes and the resultant of a chain’s node, nothing else', () => {
    expect(chainDisplacement(node('raw_metrics.a_axis'), CHAIN)).toBe('a_axis');
    expect(chainDisplacement(node('raw_metrics.b_axis'), CHAIN)).toBe('b_axis');
    expect(chainDisplacement(node('calculated_metrics.resultant'), CHAIN)).toBe('resultant');
    // the chain as a whole, another metric, a scheme without both axes, a virtual device
    expect(chainDisplacement(node('raw_metrics.a_axis', { data_point_id: null }), CHAIN)).toBeNull();
    expect(chainDisplacement(node('raw_metrics.temperature'), CHAIN)).toBeNull();
    expect(chainDisplacement(node('raw_metrics.a_axis'), new Set(['a_axis']))).toBeNull();
    expect(chainDisplacement(node('raw_metrics.a_axis', { entity_type: 'virtual-device' }), CHAIN)).toBeNull();
  });

  it('moves an axis, its buckets’ least and greatest readings included, by the node’s datum value', () => {
    const since = axisSinceDatum(
      [
        [1000, 12.5],
        [2000, 14],
      ],
      [[1000, 12, 13, 4] as const],
      12.5,
    );
    expect(since.points).toEqual([
      [1000, 0],
      [2000, 1.5],
    ]);
    expect(since.envelope).toEqual([[1000, -0.5, 0.5, 4]]);
  });

  it('takes the resultant of the axes’ movements since the datum, not the change of the resultant', () => {
    // A moved from 3 to 6 and B from 4 to 8: 5 mm since the datum, though the resultant went from 5 to 10
    const points = resultantSinceDatum(
      [
        [1000, 6],
        [2000, 3],
      ],
      [
        [1000, 8],
        [3000, 1],
      ],
      { a_axis: 3, b_axis: 4 },
    );
    expect(points).toEqual([[1000, 5]]);
  });

  it('fetches a resultant’s axes at the same node', () => {
    expect(axesOf(node('calculated_metrics.resultant')).map((s) => [s.metric, s.data_point_id])).toEqual([
      ['raw_metrics.a_axis', 'node-1'],
      ['raw_metrics.b_axis', 'node-1'],
    ]);
  });
});
