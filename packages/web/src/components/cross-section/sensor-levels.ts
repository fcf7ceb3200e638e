import type { CrossSection, CrossSectionSensor, MetricLimit, MetricReading, SchemeRef } from '@vigil/domain';
import { projectOntoSection } from './section-geometry.ts';

/** What a sensor's device tells the side view: its tip, limits, contracted SLA and scheme. */
export interface SensorDevice {
  id: string;
  title?: string;
  eid?: string;
  /** context metric values; `tip_elevation` is where the piezometer's tip is */
  context?: Record<string, number>;
  metric_limits?: MetricLimit[];
  /** seconds a reading stays fresh */
  contracted_sla_time?: number;
  scheme?: Pick<SchemeRef, 'id'> | null;
}

/** A reading is stale after its device's contracted SLA, or a day when the device has none. */
export const DEFAULT_STALE_SECONDS = 86_400;
export const TIP_ELEVATION = 'tip_elevation';

export interface SensorLevel {
  /** the sensor's id on the section */
  id: string;
  deviceId: string;
  title: string;
  /** `group.key`, e.g. calculated_metrics.piezometric_level */
  metric: string;
  /** distance along the section; null when it cannot be placed (no line or no location) */
  x: number | null;
  tip: number | null;
  /** the reading's value, in the metric's unit */
  value: number | null;
  /** the metric's unit, as its scheme declares it ('' when unknown) */
  unit: string;
  /** whether the value is an altitude that the side view draws at its height (a level) */
  isLevel: boolean;
  readAt: string | null;
  /** below its tip: the phreatic surface is beneath the instrument, which reads no water */
  dry: boolean;
  /** read longer ago than its contracted SLA */
  stale: boolean;
  /** its latest reading was refused as invalid (the value is in invalid_metrics) */
  invalid: boolean;
  /** "exclude metric": drawn, but not part of the phreatic surface */
  excluded: boolean;
  warning: number | null;
  critical: number | null;
}

/** The metric of a sensor as the metrics provider names it: `calculated_metrics.piezometric_level`. */
export const sensorMetric = (sensor: Pick<CrossSectionSensor, 'metric_type' | 'metric_field'>) =>
  `${sensor.metric_type}.${sensor.metric_field}`;

/**
 * Whether a metric is an altitude in the section's terms: same length unit as its altitude axis
 * ("m" for "m" or "m AOD"). Other metrics (a pressure in kPa) are shown at the tip, not drawn at a height.
 */
export function isLevelUnit(metricUnit: string | undefined, altitudeUnit: string): boolean {
  const first = (unit: string) => unit.trim().split(/\s+/)[0]?.toLowerCase() ?? '';
  return Boolean(metricUnit) && first(metricUnit!) !== '' && first(metricUnit!) === first(altitudeUnit);
}

function upperLimit(device: SensorDevice | undefined, sensor: CrossSectionSensor, level: 'warning' | 'critical') {
  const limit = device?.metric_limits?.find(
    (l) =>
      l.group === sensor.metric_type && l.metric === sensor.metric_field && l.level === level && l.bound === 'upper',
  );
  return limit ? limit.value : null;
}

/**
 * Each sensor of a section as the side view draws it: where it is along the section, its tip, its
 * latest value and what to say of it (dry, stale, invalid).
 */
export function sensorLevels(
  section: Pick<CrossSection, 'sensors' | 'x0_location' | 'x_max_location' | 'distance' | 'altitude_unit'>,
  devices: readonly SensorDevice[],
  readings: readonly MetricReading[],
  now: Date,
  unitOf: (sensor: CrossSectionSensor, device: SensorDevice | undefined) => string | undefined,
): SensorLevel[] {
  const deviceById = new Map(devices.map((d) => [d.id, d]));
  const readingById = new Map(readings.map((r) => [r.monitored_entity_id, r]));
  return section.sensors.map((sensor) => {
    const device = deviceById.get(sensor.device_id);
    const reading = readingById.get(sensor.device_id);
    const placed = projectOntoSection(sensor.location, section.x0_location, section.x_max_location, section.distance);
    const tip = device?.context?.[TIP_ELEVATION] ?? null;
    const group = reading?.[sensor.metric_type] as Record<string, unknown> | undefined;
    const raw = group?.[sensor.metric_field];
    const value = typeof raw === 'number' && Number.isFinite(raw) ? raw : null;
    const unit = unitOf(sensor, device) ?? '';
    const isLevel = isLevelUnit(unit, section.altitude_unit);
    const slaSeconds =
      device?.contracted_sla_time && device.contracted_sla_time > 0
        ? device.contracted_sla_time
        : DEFAULT_STALE_SECONDS;
    const readAt = reading?.read_at ?? null;
    return {
      id: sensor.id,
      deviceId: sensor.device_id,
      title: sensor.title || device?.title || device?.eid || sensor.id,
      metric: sensorMetric(sensor),
      x: placed?.x ?? null,
      tip,
      value,
      unit,
      isLevel,
      readAt,
      dry: isLevel && value !== null && tip !== null && value < tip,
      stale: readAt !== null && now.getTime() - Date.parse(readAt) > slaSeconds * 1000,
      // The metric was not computed because a value it needs (or the metric itself) was refused.
      invalid: reading !== undefined && value === null && Object.keys(reading.invalid_metrics ?? {}).length > 0,
      excluded: sensor.exclude_metric,
      warning: upperLimit(device, sensor, 'warning'),
      critical: upperLimit(device, sensor, 'critical'),
    };
  });
}

/** The height a sensor's marker is drawn at: its level, else its tip; null when neither is known. */
export function markerHeight(level: Pick<SensorLevel, 'value' | 'isLevel' | 'tip' | 'dry'>): number | null {
  if (level.isLevel && level.value !== null && !level.dry) return level.value;
  return level.tip ?? (level.isLevel ? level.value : null);
}

/**
 * The phreatic surface: a line through the levels of the sensors placed on the section, in order
 * along it. Left out: excluded sensors, those that are not levels, have no valid value, or are dry
 * (the surface is somewhere below their tip, not at their reading).
 */
export function phreaticLine(levels: readonly SensorLevel[]): Array<[x: number, level: number]> {
  return levels
    .filter((l) => !l.excluded && l.isLevel && l.x !== null && l.value !== null && !l.dry && !l.invalid)
    .map((l) => [l.x!, l.value!] as [number, number])
    .sort((a, b) => a[0] - b[0]);
}

/** A line through the sensors' upper limits of one level (warning or critical), in order along the section. */
export function limitLine(levels: readonly SensorLevel[], level: 'warning' | 'critical'): Array<[number, number]> {
  return levels
    .filter((l) => l.x !== null && l[level] !== null && l.isLevel)
    .map((l) => [l.x!, l[level]!] as [number, number])
    .sort((a, b) => a[0] - b[0]);
}
