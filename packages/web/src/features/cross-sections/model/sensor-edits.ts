import type { CrossSectionSensor, LatLng, SchemeRef } from '@vigil/domain';
import { locationAlong, projectOntoSection } from '../../../components/cross-section/section-geometry.ts';

type MetricType = CrossSectionSensor['metric_type'];
export const SENSOR_METRIC_TYPES: readonly MetricType[] = ['calculated_metrics', 'raw_metrics', 'context_metrics'];

/** The metric a new sensor shows: the piezometric level when its scheme has one, else its first calculated, raw or context metric. */
export function defaultMetric(
  scheme: Pick<SchemeRef, 'spec'> | undefined,
): { metric_type: MetricType; metric_field: string } | null {
  const metrics = scheme?.spec.metrics;
  if (!metrics) return null;
  if (metrics.calculated_metrics.some((m) => m.key === 'piezometric_level'))
    return { metric_type: 'calculated_metrics', metric_field: 'piezometric_level' };
  for (const type of SENSOR_METRIC_TYPES) {
    const first = metrics[type][0];
    if (first) return { metric_type: type, metric_field: first.key };
  }
  return null;
}

/** An id not yet taken on the section (a sensor by its device's EID, a label): numbered when the base is taken. */
export function freeId(eid: string, taken: readonly Pick<CrossSectionSensor, 'id'>[]): string {
  const ids = new Set(taken.map((s) => s.id));
  const base = eid.slice(0, 60) || 'sensor';
  if (!ids.has(base)) return base;
  for (let n = 2; ; n++) if (!ids.has(`${base}-${n}`)) return `${base}-${n}`;
}

/** A sensor's location: its own, else its device's (the server fills it from the device on save). */
export function effectiveLocation(
  sensor: Pick<CrossSectionSensor, 'location' | 'device_id'>,
  deviceLocations: ReadonlyMap<string, LatLng>,
): LatLng | null {
  return sensor.location ?? deviceLocations.get(sensor.device_id) ?? null;
}

/** The chainage of a sensor on the section, null when it cannot be placed. */
export function chainageOf(
  location: LatLng | null,
  line: { x0: LatLng | null; xMax: LatLng | null; distance: number },
): number | null {
  return projectOntoSection(location, line.x0, line.xMax, line.distance)?.x ?? null;
}

/** The location on the section line at a chainage: where a sensor typed in by chainage is put. */
export function locationAtChainage(chainage: number, line: { x0: LatLng; xMax: LatLng; distance: number }): LatLng {
  const fraction = line.distance > 0 ? chainage / line.distance : 0;
  const at = locationAlong(line.x0, line.xMax, fraction);
  // Seven decimals: a centimetre, as precise as a survey gives it.
  return { lat: Number(at.lat.toFixed(7)), lng: Number(at.lng.toFixed(7)) };
}
