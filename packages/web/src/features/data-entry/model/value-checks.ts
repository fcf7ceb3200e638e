import {
  limitReached,
  type CalculatedMetricDefinition,
  type DeviceProfile,
  type MetricDefinition,
  type MetricLimit,
} from '@vigil/domain';
import { parseTypedNumber } from '../../../components/forms/typed-number.ts';
import { deriveCalculated, validRange, withinRange, type ValidRange } from './derive.ts';

/** What the data entry needs of a device: its EID, scheme, limits in force and context values. */
export type EntryDevice = Pick<
  DeviceProfile,
  'id' | 'eid' | 'title' | 'monitored_entity_type' | 'scheme' | 'metric_limits' | 'context'
>;

export type LimitLevel = MetricLimit['level'];

/** A limit a value reaches: the most severe of its metric's (critical before warning). */
export interface LimitHit {
  level: LimitLevel;
  limit: MetricLimit;
}

/** How a typed value stands: nothing typed, not a number, refused by an invalid bound, or a value and the limit it reaches. */
export type ValueCheck =
  | { kind: 'empty' }
  | { kind: 'notNumber' }
  | { kind: 'refused'; value: number; range: ValidRange }
  | { kind: 'ok'; value: number; hit: LimitHit | null };

/** A calculated metric of the reading being typed, computed with the scheme's formula. */
export interface CalculatedCheck {
  metric: CalculatedMetricDefinition;
  value: number | null;
  /** beyond the metric's invalid bounds: the raw values cannot be right */
  refused: ValidRange | null;
  hit: LimitHit | null;
}

export interface DeviceCheck {
  raw: Record<string, ValueCheck>;
  calculated: CalculatedCheck[];
  /** numbers ready to send, by raw metric key */
  values: Record<string, number>;
  /** a value is not a number or lies beyond an invalid bound: the round cannot be submitted */
  hasErrors: boolean;
  /** the most severe limit reached by any of the device's metrics */
  level: LimitLevel | null;
}

const SEVERITY: Record<LimitLevel, number> = { warning: 1, critical: 2 };

/** The most severe limit of the metric `group.key` that `value` reaches, if any. */
export function limitHit(
  limits: readonly MetricLimit[],
  group: MetricLimit['group'],
  key: string,
  value: number,
): LimitHit | null {
  let hit: LimitHit | null = null;
  for (const limit of limits) {
    if (limit.group !== group || limit.metric !== key || !limitReached(limit, value)) continue;
    if (!hit || SEVERITY[limit.level] > SEVERITY[hit.level]) hit = { level: limit.level, limit };
  }
  return hit;
}

/** One raw value as it is typed, against the scheme's invalid bounds and the device's limits. */
export function checkRawValue(device: EntryDevice, metric: MetricDefinition, text: string | undefined): ValueCheck {
  const value = parseTypedNumber(text);
  if (value === null) return { kind: 'empty' };
  if (Number.isNaN(value)) return { kind: 'notNumber' };
  const range = validRange(device.scheme?.spec, 'raw_metrics', metric.key);
  if (!withinRange(range, value)) return { kind: 'refused', value, range };
  return { kind: 'ok', value, hit: limitHit(device.metric_limits, 'raw_metrics', metric.key, value) };
}

const worse = (a: LimitLevel | null, b: LimitLevel | null | undefined): LimitLevel | null =>
  !b ? a : !a || SEVERITY[b] > SEVERITY[a] ? b : a;

/**
 * Every value typed for a device, checked as it is typed: raw values against invalid bounds and
 * limits, then the calculated metrics (e.g. piezometric level from pressure and tip elevation)
 * against theirs, so that a breach shows before the reading is sent, never after.
 */
export function checkDevice(device: EntryDevice, typed: Readonly<Record<string, string>>): DeviceCheck {
  const spec = device.scheme?.spec;
  const raw: Record<string, ValueCheck> = {};
  const values: Record<string, number> = {};
  let hasErrors = false;
  let level: LimitLevel | null = null;
  for (const metric of spec?.metrics.raw_metrics ?? []) {
    const check = checkRawValue(device, metric, typed[metric.key]);
    raw[metric.key] = check;
    if (check.kind === 'notNumber' || check.kind === 'refused') hasErrors = true;
    if (check.kind === 'ok') {
      values[metric.key] = check.value;
      level = worse(level, check.hit?.level);
    }
  }
  const derived = spec ? deriveCalculated(spec, values, device.context ?? {}) : [];
  const calculated = (spec?.metrics.calculated_metrics ?? []).map((metric, i): CalculatedCheck => {
    const { value, valid } = derived[i] ?? { value: null, valid: true };
    if (value === null) return { metric, value, refused: null, hit: null };
    if (!valid) {
      hasErrors = true;
      return {
        metric,
        value,
        refused: validRange(spec, 'calculated_metrics', metric.key),
        hit: null,
      };
    }
    const hit = limitHit(device.metric_limits, 'calculated_metrics', metric.key, value);
    level = worse(level, hit?.level);
    return { metric, value, refused: null, hit };
  });
  return { raw, calculated, values, hasErrors, level };
}
