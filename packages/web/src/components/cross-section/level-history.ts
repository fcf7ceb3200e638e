import type { CrossSectionSensor, TimeRange, TimeseriesBody, TimeseriesResult } from '@vigil/domain';
import { phreaticLine, sensorMetric, type SensorLevel } from './sensor-levels.ts';

/** Per day, the lowest, highest and mean value of each sensor: the envelope and the replay. */
export const HISTORY_FUNCTIONS = ['min', 'max', 'avg'] as const;
export type HistoryFunction = (typeof HISTORY_FUNCTIONS)[number];

/**
 * The metrics-provider calls of a section's history: for each metric its sensors read, the daily
 * minimum, maximum and mean of their devices over the period.
 */
export function historyRequests(
  sensors: readonly Pick<CrossSectionSensor, 'device_id' | 'metric_type' | 'metric_field'>[],
  range: TimeRange,
): TimeseriesBody[] {
  const byMetric = new Map<string, Set<string>>();
  for (const sensor of sensors) {
    const metric = sensorMetric(sensor);
    byMetric.set(metric, (byMetric.get(metric) ?? new Set()).add(sensor.device_id));
  }
  return [...byMetric].flatMap(([metric, devices]) =>
    HISTORY_FUNCTIONS.map((fn) => ({
      from_time: range.from.toISOString(),
      to_time: range.to.toISOString(),
      metric,
      aggregation: { function: fn, interval: 'day' as const },
      filters: { monitored_entity_ids: [...devices].sort() },
    })),
  );
}

type DayValues = Map<number, number>;

export interface DailyLevels {
  /** every day any sensor has a value, oldest first (epoch ms of the bucket's start) */
  days: number[];
  /** by `${metric}|${deviceId}`, each function's value per day */
  series: Map<string, Record<HistoryFunction, DayValues>>;
}

const seriesKey = (metric: string, deviceId: string) => `${metric}|${deviceId}`;

/** The answers to historyRequests, by sensor metric and device, day by day. */
export function dailyLevels(
  requests: readonly TimeseriesBody[],
  results: ReadonlyArray<TimeseriesResult | undefined>,
): DailyLevels {
  const series = new Map<string, Record<HistoryFunction, DayValues>>();
  const days = new Set<number>();
  requests.forEach((request, i) => {
    const fn = request.aggregation?.function as HistoryFunction | undefined;
    if (!fn || !HISTORY_FUNCTIONS.includes(fn)) return;
    for (const data of results[i]?.data ?? []) {
      if (!data.monitored_entity) continue;
      const key = seriesKey(request.metric, data.monitored_entity);
      const entry = series.get(key) ?? { min: new Map(), max: new Map(), avg: new Map() };
      for (const [time, value] of Object.entries(data.values)) {
        const day = Date.parse(time);
        if (!Number.isFinite(day) || typeof value !== 'number' || !Number.isFinite(value)) continue;
        entry[fn].set(day, value);
        days.add(day);
      }
      series.set(key, entry);
    }
  });
  return { days: [...days].sort((a, b) => a - b), series };
}

const seriesOf = (daily: DailyLevels, level: Pick<SensorLevel, 'metric' | 'deviceId'>) =>
  daily.series.get(seriesKey(level.metric, level.deviceId));

/**
 * The levels of one past day, for the time slider: each sensor's mean of that day in place of its
 * latest reading; dry again judged against its tip; no value when it read nothing that day.
 */
export function levelsOnDay(levels: readonly SensorLevel[], daily: DailyLevels, day: number): SensorLevel[] {
  return levels.map((level) => {
    const value = seriesOf(daily, level)?.avg.get(day) ?? null;
    return {
      ...level,
      value,
      readAt: value === null ? null : new Date(day).toISOString(),
      dry: level.isLevel && value !== null && level.tip !== null && value < level.tip,
      stale: false,
      invalid: false,
    };
  });
}

export interface SensorRange {
  id: string;
  x: number;
  min: number;
  max: number;
}

export interface LevelEnvelope {
  /** each placed level sensor's lowest and highest value over the period */
  ranges: SensorRange[];
  /** the lines through the highest and through the lowest, in order along the section */
  upper: Array<[number, number]>;
  lower: Array<[number, number]>;
}

/**
 * The minimum and maximum levels over the period: each sensor's lowest daily minimum and highest
 * daily maximum, and the envelope through them. Excluded sensors and those that are not levels
 * or not placed on the section take no part.
 */
export function levelEnvelope(levels: readonly SensorLevel[], daily: DailyLevels): LevelEnvelope {
  const ranges: SensorRange[] = [];
  for (const level of levels) {
    if (level.excluded || !level.isLevel || level.x === null) continue;
    const series = seriesOf(daily, level);
    const mins = [...(series?.min.values() ?? [])];
    const maxes = [...(series?.max.values() ?? [])];
    if (!mins.length || !maxes.length) continue;
    ranges.push({ id: level.id, x: level.x, min: Math.min(...mins), max: Math.max(...maxes) });
  }
  ranges.sort((a, b) => a.x - b.x);
  return {
    ranges,
    upper: ranges.map((r) => [r.x, r.max]),
    lower: ranges.map((r) => [r.x, r.min]),
  };
}

/** The phreatic surface of every day of the period (the historical levels), oldest first. */
export function historicalLines(
  levels: readonly SensorLevel[],
  daily: DailyLevels,
): Array<{ day: number; points: Array<[number, number]> }> {
  return daily.days
    .map((day) => ({ day, points: phreaticLine(levelsOnDay(levels, daily, day)) }))
    .filter((line) => line.points.length > 0);
}
