import {
  formatValue,
  type DataPoint,
  type DashboardCard,
  type MetricInfo,
  type RateOfChangeBody,
  type RateOfChangeResult,
} from '@vigil/domain';
import type { DeviceSummary } from '../../../api/registry.ts';

type Card = Extract<DashboardCard, { type: 'rate-of-change' }>;
export type RateOfChangeDays = Card['interval_days'];
export type RateOfChangeResultType = Card['result_type'];

/** One row of the rate-of-change card: a device (or one of its data points) and its change. */
export interface RateOfChangeRow {
  key: string;
  /** the device the change belongs to, when known */
  device: DeviceSummary | null;
  title: string;
  first: { read_at: string; value: number };
  last: { read_at: string; value: number };
  /** last − first, or in percent of |first|; null when first is 0 and the change is asked in percent */
  change: number | null;
}

/** The card's provider call, for its window and result type, over the group (`memberIds`) or every device. */
export function rateOfChangeRequest(
  card: Pick<Card, 'metric' | 'group_by'>,
  days: RateOfChangeDays,
  resultType: RateOfChangeResultType,
  memberIds: readonly string[] | null,
  now: Date,
): RateOfChangeBody {
  return {
    metric: card.metric,
    interval_days: days,
    result_type: resultType,
    group_by: card.group_by,
    to_time: now.toISOString(),
    ...(memberIds ? { filters: { monitored_entity_ids: [...memberIds] } } : {}),
  };
}

/**
 * The result's rows named after their devices (or devices and data points), biggest absolute change first,
 * changes that cannot be computed last, ties by title.
 */
export function rateOfChangeRows(
  result: RateOfChangeResult | undefined,
  devices: ReadonlyMap<string, DeviceSummary>,
  dataPoints: ReadonlyMap<string, Pick<DataPoint, 'title' | 'monitored_entity_id'>> = new Map(),
): RateOfChangeRow[] {
  if (!result) return [];
  const collator = new Intl.Collator(undefined, { numeric: true });
  return result.data
    .map((d): RateOfChangeRow => {
      const key = d.monitored_entity ?? d.data_point_id ?? '';
      const point = d.data_point_id ? dataPoints.get(d.data_point_id) : undefined;
      const device = devices.get(d.monitored_entity ?? point?.monitored_entity_id ?? '') ?? null;
      const title = point ? `${device?.title ?? point.monitored_entity_id} · ${point.title}` : (device?.title ?? key);
      return { key, device, title, first: d.first, last: d.last, change: d.value };
    })
    .sort((a, b) => {
      if ((a.change === null) !== (b.change === null)) return a.change === null ? 1 : -1;
      const bySize = a.change === null || b.change === null ? 0 : Math.abs(b.change) - Math.abs(a.change);
      return bySize || collator.compare(a.title, b.title);
    });
}

/** Which way a change goes. */
export const directionOf = (change: number | null): 'up' | 'down' | 'flat' | null =>
  change === null ? null : change > 0 ? 'up' : change < 0 ? 'down' : 'flat';

/** A change with its sign and unit ("+1.20 kPa") or in percent ("−3.4 %"); null when there is none. */
export function formatChange(
  change: number | null,
  resultType: RateOfChangeResultType,
  info: Pick<MetricInfo, 'decimals' | 'unit'>,
  locale: string,
): string | null {
  if (change === null) return null;
  const shown =
    resultType === 'percentage'
      ? formatValue(Math.abs(change), { decimals: 1 }, locale)
      : formatValue(Math.abs(change), info, locale);
  const sign = change > 0 ? '+' : change < 0 ? '−' : '';
  const unit = resultType === 'percentage' ? '%' : info.unit;
  return `${sign}${shown}${unit ? ` ${unit}` : ''}`;
}

/** A device's coordinates from its profile's location, if it has one. */
export function coordinatesOf(device: Pick<DeviceSummary, 'location'> | null): {
  longitude: number;
  latitude: number;
} | null {
  const point = device?.location?.coordinates;
  return point ? { longitude: point[0], latitude: point[1] } : null;
}
