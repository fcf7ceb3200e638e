import {
  crossSectionCreateBody,
  EARTH_RADIUS_KM,
  type CrossSectionFields,
  type DiagramCategory,
  type LatLng,
  type MetricReading,
} from '@vigil/domain';
import type { Db, Dialect } from '../../db/connection.ts';
import { fromJson } from '../../db/values.ts';
import { readingService } from '../metrics/reading-service.ts';
import { crossSectionStore } from '../ui/cross-section-store.ts';
import type { ReportDevices } from './report-devices.ts';
import { readSeries } from './report-series.ts';

const METRES_PER_DEGREE = (EARTH_RADIUS_KM * 1000 * Math.PI) / 180;

/**
 * Where a located instrument falls along a section, in the section's distance units: its projection
 * onto the line x0 → xMax (the web's side view, section-geometry.ts, places it the same way).
 */
export function distanceAlong(location: LatLng | null, x0: LatLng | null, xMax: LatLng | null, distance: number) {
  if (!location || !x0 || !xMax) return null;
  const cosLat = Math.cos((x0.lat * Math.PI) / 180);
  const local = (p: LatLng) => ({
    east: (p.lng - x0.lng) * METRES_PER_DEGREE * cosLat,
    north: (p.lat - x0.lat) * METRES_PER_DEGREE,
  });
  const end = local(xMax);
  const point = local(location);
  const lengthSquared = end.east ** 2 + end.north ** 2;
  if (lengthSquared < 1e-6) return null;
  return ((point.east * end.east + point.north * end.north) / lengthSquared) * distance;
}

/** Whether a metric is an altitude in the section's terms: the same first word of unit ("m" and "m AOD"). */
const isLevelUnit = (unit: string, altitudeUnit: string) => {
  const first = (u: string) => u.trim().split(/\s+/)[0]?.toLowerCase() ?? '';
  return first(unit) !== '' && first(unit) === first(altitudeUnit);
};

export interface SectionSensor {
  title: string;
  x: number;
  tip: number | null;
  /** the level at the end of the period, and its least and greatest in the period */
  now: number | null;
  min: number | null;
  max: number | null;
  warning: number | null;
  critical: number | null;
}

export interface CrossSectionFigure {
  name: string;
  distance: number;
  distanceUnit: string;
  altitudeMin: number;
  altitudeMax: number;
  altitudeUnit: string;
  polygons: Array<{ category: DiagramCategory; rings: Array<Array<[number, number]>> }>;
  /** the sensors placed on the section whose metric is a level, in order along it */
  sensors: SectionSensor[];
}

/** The line through the sensors' values of one kind, in order along the section (those without one left out). */
export const lineOf = (sensors: readonly SectionSensor[], pick: (s: SectionSensor) => number | null) =>
  sensors.flatMap((s) => {
    const v = pick(s);
    return v === null ? [] : [[s.x, v] as [number, number]];
  });

/**
 * Each chosen cross section's side view over the period: its diagram, and per piezometer placed on it
 * its level at the period's end (a dry one, below its tip, is left out of the surface), its least and
 * greatest level in the period, and its upper warning and critical limits.
 */
export async function crossSectionSection(
  db: Db,
  dialect: Dialect,
  projectId: string,
  devices: ReportDevices,
  ids: readonly string[],
  from: number,
  to: number,
): Promise<CrossSectionFigure[]> {
  const store = crossSectionStore(db);
  const figures: CrossSectionFigure[] = [];
  for (const id of ids) {
    const row = await store.find(projectId, id);
    if (!row) continue;
    const section: CrossSectionFields = crossSectionCreateBody.parse({
      ...fromJson<Record<string, unknown>>(row.data, {}),
      name: row.name,
    });
    const deviceIds = [...new Set(section.sensors.map((s) => s.device_id))].filter((d) => devices.byId.has(d));
    const latest = deviceIds.length
      ? await readingService(db).latest(projectId, {
          filter: { to: new Date(to - 1).toISOString(), entityIds: deviceIds },
          latestBy: 'monitored_entity_id',
          ordering: [],
          page: {
            page: 1,
            paginateBy: deviceIds.length,
            fields: undefined,
            excludedFields: undefined,
            ordering: [],
            equals: [],
            ranges: [],
          },
        })
      : { objects: [] };
    const readings = new Map((latest.objects as MetricReading[]).map((r) => [r.monitored_entity_id, r]));
    // One bucket (or two, where the period straddles a bucket's edge) per device: its least and greatest level.
    const ranges = new Map<string, [number, number]>();
    for (const [metric, sensors] of Map.groupBy(section.sensors, (s) => `${s.metric_type}.${s.metric_field}`)) {
      const series = await readSeries(db, dialect, projectId, {
        metric,
        entityIds: sensors.map((s) => s.device_id).filter((d) => devices.byId.has(d)),
        from,
        to,
        intervalSec: Math.ceil((to - from) / 1000),
        fn: 'avg',
        envelope: true,
      });
      for (const [deviceId, s] of series) {
        const bounds = Object.values(s.envelope ?? {});
        if (bounds.length)
          ranges.set(`${metric}:${deviceId}`, [
            Math.min(...bounds.map((b) => b[0])),
            Math.max(...bounds.map((b) => b[1])),
          ]);
      }
    }
    const sensors = section.sensors.flatMap((sensor): SectionSensor[] => {
      const device = devices.byId.get(sensor.device_id);
      if (!device) return [];
      const location =
        sensor.location ?? (device.coordinates ? { lat: device.coordinates[1], lng: device.coordinates[0] } : null);
      const x = distanceAlong(location, section.x0_location, section.x_max_location, section.distance);
      const unit = device.metrics.find((m) => m.group === sensor.metric_type && m.key === sensor.metric_field)?.unit;
      if (x === null || !unit || !isLevelUnit(unit, section.altitude_unit)) return [];
      const raw = readings.get(device.id)?.[sensor.metric_type]?.[sensor.metric_field];
      const tip = device.context.tip_elevation ?? null;
      const value = typeof raw === 'number' && Number.isFinite(raw) ? raw : null;
      const range = ranges.get(`${sensor.metric_type}.${sensor.metric_field}:${device.id}`);
      const upper = (level: string) =>
        device.limits.find(
          (l) =>
            l.group === sensor.metric_type &&
            l.metric === sensor.metric_field &&
            l.level === level &&
            l.bound === 'upper',
        )?.value ?? null;
      return [
        {
          // the eid: a sensor's title is too long to print beside its neighbours
          title: device.eid,
          x,
          tip,
          // excluded, or dry (below its tip): not a point of the surface
          now: sensor.exclude_metric || (value !== null && tip !== null && value < tip) ? null : value,
          min: range?.[0] ?? null,
          max: range?.[1] ?? null,
          warning: upper('warning'),
          critical: upper('critical'),
        },
      ];
    });
    figures.push({
      name: section.name,
      distance: section.distance,
      distanceUnit: section.distance_unit,
      altitudeMin: section.altitude_min,
      altitudeMax: section.altitude_max,
      altitudeUnit: section.altitude_unit,
      polygons: section.diagram.features.map((f) => ({
        category: f.properties.category,
        rings: f.geometry.coordinates as Array<Array<[number, number]>>,
      })),
      sensors: sensors.sort((a, b) => a.x - b.x),
    });
  }
  return figures;
}
