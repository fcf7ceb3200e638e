import type { MetricLimit } from '@vigil/domain';

export type GaugeZone = 'normal' | 'warning' | 'critical';

export interface GaugeScale {
  min: number;
  max: number;
  /** consecutive bands from min to max */
  bands: Array<{ from: number; to: number; zone: GaugeZone }>;
}

/**
 * A gauge's scale: it spans the metric's limits and the value with a tenth of that span to spare
 * on each side; bands are critical beyond the critical limits, warning beyond the warning ones,
 * normal between. Without limits the scale is the value ± 10 % (± 1 for 0).
 */
export function gaugeScale(value: number | null, limits: readonly MetricLimit[]): GaugeScale {
  const ends = [...limits.map((l) => l.value), ...(value === null ? [] : [value])];
  if (!ends.length) return { min: 0, max: 1, bands: [{ from: 0, to: 1, zone: 'normal' }] };
  let low = Math.min(...ends);
  let high = Math.max(...ends);
  const span = high - low || Math.abs(high) * 0.2 || 2;
  low -= span / 10 || 1;
  high += span / 10 || 1;
  if (low === high) high = low + 1;
  const at = (level: MetricLimit['level'], bound: MetricLimit['bound']) =>
    limits.find((l) => l.level === level && l.bound === bound)?.value;
  const cuts: Array<{ at: number; below: GaugeZone; above: GaugeZone }> = [];
  const lowerCritical = at('critical', 'lower');
  const lowerWarning = at('warning', 'lower');
  const upperWarning = at('warning', 'upper');
  const upperCritical = at('critical', 'upper');
  if (lowerCritical !== undefined)
    cuts.push({ at: lowerCritical, below: 'critical', above: lowerWarning !== undefined ? 'warning' : 'normal' });
  if (lowerWarning !== undefined) cuts.push({ at: lowerWarning, below: 'warning', above: 'normal' });
  if (upperWarning !== undefined) cuts.push({ at: upperWarning, below: 'normal', above: 'warning' });
  if (upperCritical !== undefined)
    cuts.push({ at: upperCritical, below: upperWarning !== undefined ? 'warning' : 'normal', above: 'critical' });
  cuts.sort((a, b) => a.at - b.at);
  const bands: GaugeScale['bands'] = [];
  let from = low;
  for (const cut of cuts) {
    if (cut.at > from) bands.push({ from, to: cut.at, zone: cut.below });
    from = Math.max(from, cut.at);
  }
  bands.push({ from, to: high, zone: cuts.at(-1)?.above ?? 'normal' });
  return { min: low, max: high, bands };
}

/** The zone a value falls in. */
export function zoneOf(scale: GaugeScale, value: number): GaugeZone {
  return scale.bands.find((b) => value >= b.from && value <= b.to)?.zone ?? 'normal';
}
