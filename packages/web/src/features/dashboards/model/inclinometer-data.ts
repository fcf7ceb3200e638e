import {
  cumulativeFromIncrements,
  incrementsFromCumulative,
  nodeDepth,
  relativeToDatum,
  resultant,
  type MetricReading,
  type ProfilePoint,
} from '@vigil/domain';
import { profileRows, type ProfileInput } from '../../../components/charts/profile-model.ts';

/** What a profile plots at each node: axis A, axis B or their resultant. */
export const PROFILE_AXES = ['a', 'b', 'resultant'] as const;
export type ProfileAxis = (typeof PROFILE_AXES)[number];
export type ProfileMode = 'cumulative' | 'incremental';

/** The raw metrics a chain node reports: cumulative displacement since installation along A and B, mm. */
export const AXIS_METRICS = ['raw_metrics.a_axis', 'raw_metrics.b_axis'] as const;
/**
 * The raw metrics a probe (traversing) inclinometer's survey reports at each depth (a data point, top
 * first): the deviation of that reading interval along A and B, mm, as the probe's readout reduces its
 * face readings. Summed from the bottom they give the casing's shape; against a datum survey, its movement.
 */
export const PROBE_METRICS = ['raw_metrics.a_deviation', 'raw_metrics.b_deviation'] as const;

/** An in-place chain (cumulative displacement per node) or a probe (deviation per depth), by its scheme's raw metrics. */
export type InclinometerKind = 'chain' | 'probe';

export function inclinometerKind(rawKeys: Iterable<string>): InclinometerKind | null {
  const keys = new Set(rawKeys);
  if (keys.has('a_axis') && keys.has('b_axis')) return 'chain';
  if (keys.has('a_deviation') && keys.has('b_deviation')) return 'probe';
  return null;
}

/** What each kind reads: the metrics of its readings and the context key of the distance between its depths, m. */
export const INCLINOMETER_READS = {
  chain: { metrics: AXIS_METRICS, spacing: 'node_spacing' },
  probe: { metrics: PROBE_METRICS, spacing: 'reading_interval' },
} as const;

/** Overlay choices offered besides the card's own, in days before now. */
export const OVERLAY_CHOICES = [0, 1, 7, 14, 30, 90, 180, 365] as const;

const DAY_MS = 86_400_000;

/** The times of the overlaid profiles: now and `days` before it, each once, newest first. */
export function overlayTimes(now: Date, days: readonly number[]): Array<{ days: number; at: Date }> {
  return [...new Set(days)].sort((a, b) => a - b).map((d) => ({ days: d, at: new Date(now.getTime() - d * DAY_MS) }));
}

/**
 * A chain's profile from the newest reading of each node: node i (0 = the top one, the data points
 * being sorted by title) lies at nodeDepth(i, spacing). A node without both axes is left out.
 */
export function chainProfile(
  nodes: readonly { id: string }[],
  readings: readonly Pick<MetricReading, 'data_point_id' | 'raw_metrics'>[],
  spacing: number,
): ProfilePoint[] {
  const byNode = new Map(readings.map((r) => [r.data_point_id, r.raw_metrics]));
  return nodes.flatMap((node, i) => {
    const raw = byNode.get(node.id);
    const a = raw?.a_axis;
    const b = raw?.b_axis;
    return typeof a === 'number' && typeof b === 'number' ? [{ depth: nodeDepth(i, spacing), a, b }] : [];
  });
}

/**
 * A probe survey's profile: the deviations at each depth (depth i at nodeDepth(i, interval)) summed
 * from the bottom, which is fixed in stable ground. A depth without both deviations is left out.
 */
export function probeProfile(
  depths: readonly { id: string }[],
  readings: readonly Pick<MetricReading, 'data_point_id' | 'raw_metrics'>[],
  interval: number,
): ProfilePoint[] {
  const byDepth = new Map(readings.map((r) => [r.data_point_id, r.raw_metrics]));
  const deviations = depths.flatMap((depth, i) => {
    const raw = byDepth.get(depth.id);
    const [a, b] = [raw?.a_deviation, raw?.b_deviation];
    return typeof a === 'number' && typeof b === 'number' ? [{ depth: nodeDepth(i, interval), a, b }] : [];
  });
  return cumulativeFromIncrements(deviations);
}

/**
 * The values plotted: the chain's cumulative displacement as reported or, with a datum, the movement
 * since it; in incremental mode each node's share of it; then the chosen axis.
 */
export function profileValues(
  cumulative: readonly ProfilePoint[],
  datum: readonly ProfilePoint[] | null,
  mode: ProfileMode,
  axis: ProfileAxis,
): Array<{ depth: number; value: number }> {
  const since = datum ? relativeToDatum(cumulative, datum) : [...cumulative].sort((x, y) => x.depth - y.depth);
  const shown = mode === 'incremental' ? incrementsFromCumulative(since) : since;
  return shown.map((p) => ({ depth: p.depth, value: axis === 'resultant' ? resultant(p) : p[axis] }));
}

/** The node spacing (a probe's reading interval), metres: the device's context, else that of its newest reading; null when neither has it. */
export function nodeSpacing(
  context: Record<string, number> | undefined,
  readings: readonly Pick<MetricReading, 'context_metrics'>[] | undefined,
  key: string = 'node_spacing',
): number | null {
  const spacing = context?.[key] ?? readings?.find((r) => r.context_metrics?.[key])?.context_metrics[key];
  return typeof spacing === 'number' && spacing > 0 ? spacing : null;
}

const pad = (n: number) => String(n).padStart(2, '0');

/** The day of a datum, as a date field holds it (YYYY-MM-DD, local time); '' for none. */
export function datumDay(iso: string | null): string {
  if (!iso) return '';
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? '' : `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
}

/** The datum's time for a chosen day: its end (local time), so that the readings of that day count. */
export function datumTime(day: string): Date | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (!match) return null;
  const end = new Date(Number(match[1]), Number(match[2]) - 1, Number(match[3]), 23, 59, 59, 999);
  return Number.isNaN(end.getTime()) ? null : end;
}

/** A profile card's export: a row per depth, a column per profile (by its key). */
export function profileExportRecords(profiles: readonly ProfileInput[]): Array<Record<string, number | null>> {
  return profileRows(profiles).map((row) =>
    Object.fromEntries([['depth', row.depth], ...row.values.map((v, i) => [profiles[i]!.key, v])]),
  );
}
