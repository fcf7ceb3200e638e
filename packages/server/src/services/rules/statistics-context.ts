import { nelsonValuesOf, resultColour, type NelsonRule, type NelsonStatistics } from '@vigil/domain';
import { nelsonReason } from './nelson-wording.ts';
import type { SeriesMemory } from './series-memory.ts';

export type Abnormality = 'normal' | 'abnormal' | 'out_of_control';

export const ABNORMALITY_REASONS: Record<Abnormality, string> = {
  out_of_control: nelsonReason(1),
  abnormal: nelsonReason(4),
  normal: 'Neither Nelson rule 1 nor rule 4 fires',
};
/** The values shown by abnormality events: as many as rule 4 examines. */
const SHOWN_VALUES = 14;

/**
 * A point the statistics rules evaluated, as events describe it: a reading (rule 1, against the
 * baseline of its series' closed periods) or a closed period's mean (rules 2–8, against the means).
 */
export interface StatisticsPoint {
  /** the series key (with its data point): what tells one onset from another */
  series: string;
  dataPointId: string;
  metric: string;
  label: string;
  /** the reading's value or the period's mean */
  value: number;
  /** the newest values, oldest first, ending with `value`: period means (and the reading) */
  values: number[];
  /** the reference the point was compared with */
  stats: NelsonStatistics;
  /** the rules that fired at the point */
  fired: readonly NelsonRule[];
  /** the rules 2–8 that fired at the newest mean, and its newest means (rule 4's) */
  rule4: { result: boolean; means: number[] };
  /** the reading's time: for a period's mean, of the reading that closed it */
  readAt: string;
  /** for a period's mean: its start, length and readings */
  period: { start: string; seconds: number; readings: number } | null;
}

export const abnormalityOf = (memory: Pick<SeriesMemory, 'spike' | 'fired'>): Abnormality =>
  memory.spike ? 'out_of_control' : memory.fired?.includes(4) ? 'abnormal' : 'normal';

const pointContext = (p: StatisticsPoint) => ({
  metric: p.metric,
  metric_label: p.label,
  metric_value: p.value,
  data_point_id: p.dataPointId || null,
  read_at: p.readAt,
  ...(p.period
    ? { period_start: p.period.start, period_seconds: p.period.seconds, period_readings: p.period.readings }
    : {}),
});

export function abnormalityContext(p: StatisticsPoint, result: Abnormality) {
  return {
    ...pointContext(p),
    abnormality_state: resultColour('abnormality_state', result),
    abnormality_reason: ABNORMALITY_REASONS[result],
    nelson_rule_1: {
      result: p.fired.includes(1),
      metric_mean: p.stats.mean,
      metric_stddev: p.stats.stddev,
      metric_values: [p.value],
    },
    nelson_rule_4: { result: p.rule4.result, metric_values: p.rule4.means.slice(-SHOWN_VALUES) },
    metric_values: p.values.slice(-SHOWN_VALUES),
  };
}

export function trendContext(p: StatisticsPoint, rule: NelsonRule | null, trending: boolean) {
  return {
    ...pointContext(p),
    metric_values: rule ? nelsonValuesOf(rule, p.values) : p.values.slice(-SHOWN_VALUES),
    nelson_rule_number: rule,
    trend_state: resultColour('trend_state', trending ? 'trending' : 'steady'),
  };
}

/** The point's statistics and every evaluated series' result, for an execution log. */
export function executionLog(
  p: StatisticsPoint,
  memory: Record<string, SeriesMemory>,
  describe: (m: SeriesMemory) => string,
): string[] {
  const { mean, stddev, count } = p.stats;
  const over = p.period ? `${count} period means` : `the readings of ${count} periods`;
  const what = p.period ? `${p.metric} (mean of ${p.period.readings} readings from ${p.period.start})` : p.metric;
  return [
    `${what} = ${p.value}: mean ${mean}, standard deviation ${stddev} over ${over}; ` +
      `rules fired: ${p.fired.join(', ') || 'none'}`,
    ...Object.entries(memory).flatMap(([key, m]) => (m.fired ? [`${key}: ${describe(m)}`] : [])),
  ];
}
