import type { Db, Dialect } from '../../db/connection.ts';
import type { ReportDevices } from './report-devices.ts';
import { readSeries } from './report-series.ts';

const DAY_SEC = 86_400;
/** Metrics that are amounts fallen in a period, summed rather than averaged. */
const AMOUNT = /rain|precip/i;

export interface WeatherStat {
  label: string;
  unit: string;
  /** the period's total for amounts (rainfall), else null */
  total: number | null;
  mean: number | null;
  min: number | null;
  max: number | null;
}

export interface WeatherSection {
  station: string;
  stats: WeatherStat[];
  /** each UTC day's total of the first amount metric (rainfall), when the station has one */
  daily: { label: string; unit: string; days: Array<{ day: string; total: number }> } | null;
}

/** A station's period: rainfall totals (and per day), the other metrics' mean, least and greatest. */
export async function weatherSection(
  db: Db,
  dialect: Dialect,
  projectId: string,
  devices: ReportDevices,
  deviceId: string,
  from: number,
  to: number,
): Promise<WeatherSection> {
  const device = devices.byId.get(deviceId);
  if (!device) return { station: deviceId, stats: [], daily: null };
  const stats: WeatherStat[] = [];
  let daily: WeatherSection['daily'] = null;
  for (const metric of device.metrics) {
    const name = `${metric.group}.${metric.key}`;
    // Per UTC day, then combined: a bucket the length of the period would straddle the epoch's grid.
    const read = async (fn: 'sum' | 'count' | 'min' | 'max') =>
      Object.entries(
        (
          await readSeries(db, dialect, projectId, {
            metric: name,
            entityIds: [deviceId],
            from,
            to,
            intervalSec: DAY_SEC,
            fn,
          })
        ).get(deviceId)?.values ?? {},
      ).sort(([a], [b]) => a.localeCompare(b));
    const [sums, counts, mins, maxes] = await Promise.all([read('sum'), read('count'), read('min'), read('max')]);
    const total = sums.reduce((a, [, v]) => a + v, 0);
    const count = counts.reduce((a, [, v]) => a + v, 0);
    const amount = AMOUNT.test(metric.key);
    stats.push({
      label: metric.label,
      unit: metric.unit,
      total: amount && count ? total : null,
      mean: !amount && count ? total / count : null,
      min: mins.length ? Math.min(...mins.map(([, v]) => v)) : null,
      max: maxes.length ? Math.max(...maxes.map(([, v]) => v)) : null,
    });
    if (amount && !daily)
      daily = { label: metric.label, unit: metric.unit, days: sums.map(([day, t]) => ({ day, total: t })) };
  }
  return { station: `${device.eid} ${device.title}`, stats, daily };
}
