import { resultColour, type MetricLimit } from '@vigil/domain';
import type { EngineReading, Evaluation } from './evaluation.ts';

type Level = 'normal' | 'warning' | 'critical';
const RANK: Record<Level, number> = { normal: 0, warning: 1, critical: 2 };

/** A limit is reached when the value is at or beyond it: at or above an upper one, at or below a lower one. */
const reached = (limit: MetricLimit, value: number) =>
  limit.bound === 'upper' ? value >= limit.value : value <= limit.value;

const describe = (l: MetricLimit) => `${l.group}.${l.metric} ${l.bound === 'upper' ? '>=' : '<='} ${l.value}`;

interface MetricLimits {
  key: string;
  group: MetricLimit['group'];
  metric: string;
  /** worst level first */
  limits: MetricLimit[];
}

/** An entity's limits by metric, worked out once per loaded entity rather than per reading. */
const byMetricCache = new WeakMap<MetricLimit[], MetricLimits[]>();
function limitsByMetric(limits: MetricLimit[]): MetricLimits[] {
  let list = byMetricCache.get(limits);
  if (!list) {
    const map = new Map<string, MetricLimits>();
    for (const l of limits) {
      const key = `${l.group}.${l.metric}`;
      let entry = map.get(key);
      if (!entry) map.set(key, (entry = { key, group: l.group, metric: l.metric, limits: [] }));
      entry.limits.push(l);
    }
    list = [...map.values()];
    for (const entry of list) entry.limits.sort((a, b) => RANK[b.level] - RANK[a.level]);
    byMetricCache.set(limits, list);
  }
  return list;
}

/**
 * Metric limits (spec 001 §3): each metric's level is the worst limit its latest value reaches; the
 * entity's metric_limits_state is the worst level of its metrics. A metric rising to a level raises
 * metric_limit_reached; the entity's state changing raises metric_limits_state_changed.
 */
export function evaluateMetricLimits(ev: Evaluation, reading: EngineReading): void {
  const limits = ev.entity.limits;
  if (!limits.length) return;
  const levels = ev.slot<Record<string, Level>>('limit_levels', () => ({}));
  const checked: Array<{ key: string; value: number; hit: MetricLimit | undefined }> = [];
  let driver: { key: string; label: string; value: number } | null = null;
  for (const { key, group, metric, limits: own } of limitsByMetric(limits)) {
    const value = reading.metrics[group]?.[metric];
    if (typeof value !== 'number') continue;
    const hit = own.find((l) => reached(l, value));
    const level: Level = hit?.level ?? 'normal';
    const label = ev.entity.labels.get(metric) ?? metric;
    checked.push({ key, value, hit });
    const before = levels[key] ?? 'normal';
    levels[key] = level;
    if (hit && RANK[level] > RANK[before]) {
      driver = { key, label, value };
      ev.occurrence({
        type: 'metric_limit_reached',
        subject: `${key}:${level}`,
        at: reading.readAt,
        level: level === 'critical' ? 'critical' : 'warning',
        context: {
          metric: key,
          metric_label: label,
          metric_value: value,
          metric_is_valid: true,
          metric_limits_state: resultColour('metric_limits_state', level),
          limit_level: hit.level,
          limit_bound: hit.bound,
          limit_value: hit.value,
          read_at: reading.readAt,
        },
      });
    } else if (level !== before) driver ??= { key, label, value };
  }
  let worst: Level = 'normal';
  for (const key in levels) if (RANK[levels[key]!] > RANK[worst]) worst = levels[key]!;
  const colour = resultColour('metric_limits_state', worst);
  // Most readings change nothing: the execution's details are only put together for a change.
  if ((ev.entity.states as Record<string, unknown>)['metric_limits_state'] === colour) return;
  const log = checked.map(
    (c) => `${c.key} = ${c.value}: ${c.hit ? `${c.hit.level} (${describe(c.hit)})` : 'within limits'}`,
  );
  ev.changeState({
    state: 'metric_limits_state',
    to: colour,
    at: reading.readAt,
    event: {
      type: 'metric_limits_state_changed',
      subject: 'limits',
      context: {
        metric: driver?.key ?? null,
        metric_label: driver?.label ?? null,
        metric_value: driver?.value ?? null,
        metric_is_valid: true,
        read_at: reading.readAt,
      },
    },
    execution: {
      ruleType: 'metric_limits_state',
      ruleName: 'Metric limits',
      rule: limits.map((l) => `${describe(l)} (${l.level})`).join('; '),
      executionLog: log,
      result: worst,
      reason: driver ? `${driver.label} = ${driver.value}` : null,
    },
  });
}

/**
 * Metric quality: a reading with values beyond their invalid bounds (moved to invalid_metrics at
 * ingest) turns the state yellow and raises invalid_metric_received per value; a clean reading turns it green.
 */
export function evaluateMetricQuality(ev: Evaluation, reading: EngineReading): void {
  const invalid = Object.entries(reading.metrics.invalid_metrics ?? {});
  const bound = (metric: string) =>
    ev.entity.invalidBounds
      .filter((b) => b.metric === metric)
      .map((b) => `${b.bound} ${b.value}`)
      .join(', ');
  for (const [metric, value] of invalid) {
    ev.occurrence({
      type: 'invalid_metric_received',
      subject: metric,
      at: reading.readAt,
      context: {
        metric,
        metric_label: ev.entity.labels.get(metric) ?? metric,
        metric_value: value,
        metric_is_valid: false,
        metric_quality_state: resultColour('metric_quality_state', 'invalid'),
        invalid_bounds: bound(metric),
        read_at: reading.readAt,
      },
    });
  }
  const first = invalid[0];
  ev.changeState({
    state: 'metric_quality_state',
    to: resultColour('metric_quality_state', invalid.length ? 'invalid' : 'valid'),
    at: reading.readAt,
    event: {
      type: 'metric_quality_state_changed',
      subject: 'quality',
      context: {
        metric: first?.[0] ?? null,
        metric_label: first ? (ev.entity.labels.get(first[0]) ?? first[0]) : null,
        metric_value: first?.[1] ?? null,
        metric_is_valid: !invalid.length,
        read_at: reading.readAt,
      },
    },
    execution: {
      ruleType: 'metric_quality_state',
      ruleName: 'Invalid bounds',
      rule: ev.entity.invalidBounds.map((b) => `${b.group}.${b.metric} ${b.bound} ${b.value}`).join('; '),
      executionLog: invalid.length
        ? invalid.map(([m, v]) => `${m} = ${v} is beyond its invalid bounds (${bound(m)})`)
        : ['every value within its invalid bounds'],
      result: invalid.length ? 'invalid' : 'valid',
    },
  });
}
