import {
  backWithinBand,
  limitHysteresis,
  resultColour,
  stepLimit,
  type LimitHysteresis,
  type LimitState,
  type MetricLimit,
} from '@vigil/domain';
import type { EngineReading, Evaluation } from './evaluation.ts';

type Level = 'normal' | 'warning' | 'critical';
const RANK: Record<Level, number> = { normal: 0, warning: 1, critical: 2 };

function describe(l: MetricLimit, h?: LimitHysteresis): string {
  const base = `${l.group}.${l.metric} ${l.bound === 'upper' ? '>=' : '<='} ${l.value}`;
  if (!h) return base;
  const delays = [
    h.onDelayMs ? `on-delay ${h.onDelayMs / 1000} s` : '',
    h.onDelayReadings > 1 ? `${h.onDelayReadings} readings` : '',
    h.offDelayMs ? `off-delay ${h.offDelayMs / 1000} s` : '',
  ];
  return [`${base}, deadband ${+h.deadband.toPrecision(6)}`, ...delays].filter(Boolean).join(', ');
}

interface MetricLimits {
  key: string;
  group: MetricLimit['group'];
  metric: string;
  /** worst level first */
  limits: MetricLimit[];
  /** each limit's deadband and delays, in the same order */
  hysteresis: LimitHysteresis[];
  /** each limit's key in the memory */
  ids: string[];
}

/** An entity's limits by metric, worked out once per loaded entity rather than per reading. */
const byMetricCache = new WeakMap<MetricLimit[], MetricLimits[]>();
function limitsByMetric(limits: MetricLimit[]): MetricLimits[] {
  let list = byMetricCache.get(limits);
  if (!list) {
    const map = new Map<string, MetricLimit[]>();
    for (const l of limits) {
      const key = `${l.group}.${l.metric}`;
      map.set(key, [...(map.get(key) ?? []), l]);
    }
    list = [...map].map(([key, own]) => {
      const sorted = own.sort((a, b) => RANK[b.level] - RANK[a.level]);
      const { group, metric } = sorted[0]!;
      const ids = sorted.map((l) => `${key}:${l.level}:${l.bound}`);
      return { key, group, metric, limits: sorted, hysteresis: limitHysteresis(sorted), ids };
    });
    byMetricCache.set(limits, list);
  }
  return list;
}

const LOWERED: LimitState = { raised: false };

/**
 * A limit's state before a reading. A memory written before limits had states of their own (only
 * the metric's `level`) is read as: the limits up to that level are raised while the value holds
 * them, so that an upgrade raises no limit a second time.
 */
function stateBefore(
  m: MetricLimits,
  i: number,
  states: Record<string, LimitState>,
  legacy: Level | null,
  value: number,
) {
  if (!legacy) return states[m.ids[i]!] ?? LOWERED;
  const l = m.limits[i]!;
  return RANK[l.level] <= RANK[legacy] && !backWithinBand(l, m.hysteresis[i]!.deadband, value)
    ? { raised: true }
    : LOWERED;
}

/**
 * Metric limits (requirements#monitoring-entities, ADR 0023): each limit is raised once the metric's value has reached
 * it
 * for its on-delay, and cleared once the value has been back past its deadband for its off-delay;
 * a metric's level is its worst raised limit, the entity's metric_limits_state the worst level of its
 * metrics. A metric rising to a level raises metric_limit_reached; the entity's state changing raises
 * metric_limits_state_changed. A value hovering at a limit thus raises it once.
 */
export function evaluateMetricLimits(ev: Evaluation, reading: EngineReading): void {
  const limits = ev.entity.limits;
  if (!limits.length) return;
  const levels = ev.slot<Record<string, Level>>('limit_levels', () => ({}));
  const states = ev.slot<Record<string, LimitState>>('limit_states', () => ({}));
  let driver: { key: string; label: string; value: number } | null = null;
  for (const m of limitsByMetric(limits)) {
    const value = reading.metrics[m.group]?.[m.metric];
    if (typeof value !== 'number') continue;
    const before = levels[m.key] ?? 'normal';
    let hit: MetricLimit | undefined;
    const legacy = before !== 'normal' && m.ids.every((id) => !(id in states)) ? before : null;
    for (let i = 0; i < m.limits.length; i++) {
      const after = stepLimit(
        stateBefore(m, i, states, legacy, value),
        m.limits[i]!,
        m.hysteresis[i]!,
        value,
        reading.t,
      );
      // a lowered limit with no change under way is the common case: it takes no room in the memory
      if (after.raised || after.since !== undefined) states[m.ids[i]!] = after;
      else if (m.ids[i]! in states) delete states[m.ids[i]!];
      if (after.raised) hit ??= m.limits[i];
    }
    const level: Level = hit?.level ?? 'normal';
    const label = ev.entity.labels.get(m.metric) ?? m.metric;
    levels[m.key] = level;
    if (hit && RANK[level] > RANK[before]) {
      driver = { key: m.key, label, value };
      ev.occurrence({
        type: 'metric_limit_reached',
        subject: `${m.key}:${level}`,
        at: reading.readAt,
        level: level === 'critical' ? 'critical' : 'warning',
        context: {
          metric: m.key,
          metric_label: label,
          metric_value: value,
          metric_unit: ev.entity.units.get(m.metric) ?? null,
          metric_is_valid: true,
          metric_limits_state: resultColour('metric_limits_state', level),
          limit_level: hit.level,
          limit_bound: hit.bound,
          limit_value: hit.value,
          limit_deadband: m.hysteresis[m.limits.indexOf(hit)]!.deadband,
          read_at: reading.readAt,
        },
      });
    } else if (level !== before) driver ??= { key: m.key, label, value };
  }
  let worst: Level = 'normal';
  for (const key in levels) if (RANK[levels[key]!] > RANK[worst]) worst = levels[key]!;
  const colour = resultColour('metric_limits_state', worst);
  // Most readings change nothing: the execution's details are only put together for a change.
  if ((ev.entity.states as Record<string, unknown>)['metric_limits_state'] === colour) return;
  const log: string[] = [];
  for (const m of limitsByMetric(limits)) {
    const value = reading.metrics[m.group]?.[m.metric];
    if (typeof value !== 'number') continue;
    const hit = m.limits.find((_, i) => states[m.ids[i]!]?.raised);
    log.push(`${m.key} = ${value}: ${hit ? `${hit.level} (${describe(hit)})` : 'within limits'}`);
  }
  const rules = limitsByMetric(limits).flatMap((m) =>
    m.limits.map((l, i) => `${describe(l, m.hysteresis[i])} (${l.level})`),
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
      rule: rules.join('; '),
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
  const invalidMetrics = reading.metrics.invalid_metrics;
  const invalid = invalidMetrics ? Object.entries(invalidMetrics) : [];
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
  const to = resultColour('metric_quality_state', invalid.length ? 'invalid' : 'valid');
  // Most readings change nothing: the execution's details are only put together for a change.
  if ((ev.entity.states as Record<string, unknown>)['metric_quality_state'] === to) return;
  const first = invalid[0];
  ev.changeState({
    state: 'metric_quality_state',
    to,
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
