import { sql } from 'kysely';
import type { Db } from '../../db/connection.ts';

/** The first and last value of a series in a window. */
export interface SeriesEnds {
  seriesId: number;
  firstT: number;
  first: number;
  lastT: number;
  last: number;
}

const BATCH = 500;

/**
 * First and last value of each series in [from, end): per series, min(t) and max(t) are each one
 * primary-key seek, and so is reading the value at each, whatever the window's length. Exact at
 * any edge, where hourly rollups would only be exact on whole hours.
 */
export async function findSeriesEnds(
  db: Db,
  seriesIds: readonly number[],
  from: number,
  end: number,
): Promise<SeriesEnds[]> {
  const out: SeriesEnds[] = [];
  for (let i = 0; i < seriesIds.length; i += BATCH) {
    const ids = seriesIds.slice(i, i + BATCH);
    const { rows } = await sql<{
      id: number;
      first_t: number | string | null;
      last_t: number | string | null;
      first: number | null;
      last: number | null;
    }>`
      select x.id, x.first_t, x.last_t,
        (select v.value from metric_values v where v.series_id = x.id and v.t = x.first_t) as "first",
        (select v.value from metric_values v where v.series_id = x.id and v.t = x.last_t) as "last"
      from (
        select s.id,
          (select min(v.t) from metric_values v where v.series_id = s.id and v.t >= ${from} and v.t < ${end}) as first_t,
          (select max(v.t) from metric_values v where v.series_id = s.id and v.t >= ${from} and v.t < ${end}) as last_t
        from metric_series s
        where s.id in (${sql.join(ids)})
      ) x
      where x.first_t is not null`.execute(db);
    for (const r of rows) {
      if (r.first === null || r.last === null) continue;
      out.push({
        seriesId: Number(r.id),
        firstT: Number(r.first_t),
        first: r.first,
        lastT: Number(r.last_t),
        last: r.last,
      });
    }
  }
  return out;
}
