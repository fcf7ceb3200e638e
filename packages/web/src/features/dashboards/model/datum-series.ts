import type { ChartSeries } from '@vigil/domain';
import type { EnvelopePoint } from '../../../components/charts/chart-model.ts';

/**
 * A chain's displacement over time, read against its datum (ADR 0041): a node's axes report
 * cumulative displacement since installation, so a chart of one node's axis or resultant is moved by
 * the node's reading in the datum's reading set, as its profile is. Stored readings, limits and
 * alarms keep the values as reported.
 */

/** The displacements of a chain node that a chart can plot against the datum. */
export type ChainDisplacement = 'a_axis' | 'b_axis' | 'resultant';

const AXIS_OF: Record<string, ChainDisplacement> = {
  'raw_metrics.a_axis': 'a_axis',
  'raw_metrics.b_axis': 'b_axis',
  'calculated_metrics.resultant': 'resultant',
};

/** The node's readings in the datum's reading set, mm. */
export interface NodeDatum {
  a_axis: number;
  b_axis: number;
}

/**
 * Which displacement of a chain node a series plots, if any: an instrument's data point (a node) of
 * a scheme whose raw metrics are the axes A and B, and one of those axes or their resultant.
 */
export function chainDisplacement(series: ChartSeries, rawKeys: ReadonlySet<string>): ChainDisplacement | null {
  if (series.entity_type !== 'instrument' || series.data_point_id === null) return null;
  if (!rawKeys.has('a_axis') || !rawKeys.has('b_axis')) return null;
  return AXIS_OF[series.metric] ?? null;
}

/**
 * The series a node's resultant since the datum is computed from: its two axes, averaged over the
 * same buckets (a resultant's average cannot be taken apart into its axes).
 */
export const axesOf = (series: ChartSeries): ChartSeries[] =>
  (['raw_metrics.a_axis', 'raw_metrics.b_axis'] as const).map((metric) => ({
    entity_id: series.entity_id,
    entity_type: series.entity_type,
    metric,
    data_point_id: series.data_point_id,
  }));

/** An axis since the datum: every bucket (and its least and greatest reading) less the node's datum value. */
export function axisSinceDatum(
  points: ReadonlyArray<[number, number]>,
  envelope: readonly EnvelopePoint[] | undefined,
  datum: number,
): { points: Array<[number, number]>; envelope?: EnvelopePoint[] } {
  return {
    points: points.map(([t, v]) => [t, v - datum]),
    ...(envelope && {
      envelope: envelope.map(([t, min, max, count]): EnvelopePoint => [t, min - datum, max - datum, count]),
    }),
  };
}

/** The resultant since the datum, bucket by bucket where both axes have a value: √((A − A₀)² + (B − B₀)²). */
export function resultantSinceDatum(
  a: ReadonlyArray<[number, number]>,
  b: ReadonlyArray<[number, number]>,
  datum: NodeDatum,
): Array<[number, number]> {
  const bAt = new Map(b);
  return a.flatMap(([t, va]): Array<[number, number]> => {
    const vb = bAt.get(t);
    return vb === undefined ? [] : [[t, Math.hypot(va - datum.a_axis, vb - datum.b_axis)]];
  });
}
