import type { RateOfChangeBody, RateOfChangeResult, TimeseriesGroupBy } from '@vigil/domain';
import type { Db, Dialect } from '../../db/connection.ts';
import { DAY_MS } from './bucketing.ts';
import { keysOf, seriesSelector } from './metric-selection.ts';
import { findSeries } from './series-store.ts';
import { findSeriesEnds, readConsistently, type SeriesEnds } from './series-values.ts';

const iso = (t: number) => new Date(t).toISOString();

/** The change of `first` → `last`: their difference, or that difference in percent of |first|. */
export function changeOf(first: number, last: number, resultType: 'delta' | 'percentage'): number | null {
  if (resultType === 'delta') return last - first;
  return first === 0 ? null : ((last - first) / Math.abs(first)) * 100;
}

/**
 * POST metrics/rate-of-change/: per entity (or data point), the first and the last value of the
 * `interval_days` before `to_time` and the change between them. A key owning several series (an
 * entity with data points) takes the earliest first and the latest last among them.
 */
export async function rateOfChange(
  db: Db,
  dialect: Dialect,
  projectId: string,
  body: RateOfChangeBody,
): Promise<RateOfChangeResult> {
  const intervalDays = body.interval_days ?? 7;
  const resultType = body.result_type ?? 'delta';
  const groupBy: TimeseriesGroupBy = body.group_by ?? 'monitored_entity';
  const to = body.to_time ? Date.parse(body.to_time) : Date.now();
  const from = to - intervalDays * DAY_MS;
  const series = await findSeries(db, projectId, seriesSelector(body.metric, true, body.filters, groupBy));
  const { keys, keyIndex } = keysOf(series, groupBy);
  const ends = new Array<SeriesEnds | undefined>(keys.length);
  const found = await readConsistently(db, dialect, (reader) => findSeriesEnds(reader, series, from, to + 1));
  for (const e of found) {
    const k = keyIndex.get(e.seriesId)!;
    const known = ends[k];
    if (!known) {
      ends[k] = { ...e };
      continue;
    }
    if (e.firstT < known.firstT) [known.firstT, known.first] = [e.firstT, e.first];
    if (e.lastT > known.lastT) [known.lastT, known.last] = [e.lastT, e.last];
  }
  const data: RateOfChangeResult['data'] = [];
  keys.forEach((key, k) => {
    const e = ends[k];
    if (!e) return;
    data.push({
      [groupBy]: key,
      value: changeOf(e.first, e.last, resultType),
      first: { read_at: iso(e.firstT), value: e.first },
      last: { read_at: iso(e.lastT), value: e.last },
    });
  });
  return { interval_days: intervalDays, result_type: resultType, from_time: iso(from), to_time: iso(to), data };
}
