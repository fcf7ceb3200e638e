import {
  chartableMetrics,
  metricInfo,
  presetRange,
  type MetricInfo,
  type SchemeObject,
  type TimeRange,
  type TimeseriesBody,
} from '@vigil/domain';
import type { DeviceChoice } from '../../../api/registry.ts';
import { customRange, customRangeErrors, type CustomRangeErrors } from '../../../components/dates/custom-range.ts';
import type { ExplorerChoices, ExplorerPeriod } from './explorer-choices.ts';

/**
 * The time range of a period at `now`, or the errors of a custom range that is not valid
 * (requirements#monitoring-validation).
 */
export function periodRange(period: ExplorerPeriod, now: Date): { range: TimeRange | null; errors: CustomRangeErrors } {
  if ('preset' in period) return { range: presetRange(period.preset, now), errors: {} };
  const errors = customRangeErrors(period.start || null, period.end || null, now);
  return { range: Object.keys(errors).length ? null : customRange(period.start, period.end), errors };
}

/** The metrics the chosen devices' schemes offer, in scheme order, each once. */
export function metricChoices(chosen: readonly DeviceChoice[], schemes: readonly SchemeObject[]): MetricInfo[] {
  const seen = new Map<string, MetricInfo>();
  for (const schemeId of new Set(chosen.map((d) => d.scheme?.id))) {
    for (const info of chartableMetrics(schemes.find((s) => s.id === schemeId))) {
      if (!seen.has(info.metric)) seen.set(info.metric, info);
    }
  }
  return [...seen.values()];
}

/** One column of the table and one line of the chart: a device, with the unit its scheme gives the metric. */
export interface DeviceColumn {
  key: string;
  label: string;
  unit: string;
  decimals: number | undefined;
}

/** The chosen devices in the order they were chosen, the metric's unit and decimals from each one's scheme. */
export function deviceColumns(
  deviceIds: readonly string[],
  devices: readonly DeviceChoice[],
  schemes: readonly SchemeObject[],
  metric: string,
): DeviceColumn[] {
  return deviceIds.map((id) => {
    const device = devices.find((d) => d.id === id);
    const info = metricInfo(
      schemes.find((s) => s.id === device?.scheme?.id),
      metric,
    );
    return { key: id, label: device?.title ?? id, unit: info.unit, decimals: info.decimals };
  });
}

/** The `metrics/timeseries` call of the choices: one series per device, aggregated per window. */
export function timeseriesBodyOf(choices: ExplorerChoices, metric: string, range: TimeRange): TimeseriesBody {
  return {
    time_field: 'read_at',
    from_time: range.from.toISOString(),
    to_time: range.to.toISOString(),
    metric,
    aggregation: { function: choices.fn, interval: choices.window, group_by: 'monitored_entity' },
    filters: { monitored_entity_ids: choices.devices },
  };
}
