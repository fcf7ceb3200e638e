import type { AggregateInterval, TimeseriesResult } from '@vigil/domain';

/** One window of an aggregation table: its start and one value per column (null: no reading in it). */
export interface AggregationRow {
  start: number;
  values: Array<number | null>;
}

/**
 * The rows of a table of aggregates, newest window first: one row per window any column has a
 * value in, one value per column key (a monitored entity or a data point, as the call grouped them).
 */
export function aggregationRows(
  result: TimeseriesResult | undefined,
  columnKeys: readonly string[],
  groupBy: 'monitored_entity' | 'data_point_id' = 'monitored_entity',
): AggregationRow[] {
  const column = new Map(columnKeys.map((key, i) => [key, i]));
  const rows = new Map<number, AggregationRow>();
  for (const series of result?.data ?? []) {
    const at = column.get(series[groupBy] ?? '');
    if (at === undefined) continue;
    for (const [time, value] of Object.entries(series.values)) {
      const start = Date.parse(time);
      let row = rows.get(start);
      if (!row) rows.set(start, (row = { start, values: columnKeys.map(() => null) }));
      row.values[at] = value;
    }
  }
  return [...rows.values()].sort((a, b) => b.start - a.start);
}

/**
 * A window's name: hours in the viewer's time; days, weeks (from their Monday) and months are the
 * provider's UTC windows, so they are named in UTC and a day is never shown as the evening before.
 */
export function windowLabel(
  start: number,
  interval: AggregateInterval,
  locale: string,
  weekOf: (date: string) => string,
) {
  const date = new Date(start);
  switch (interval) {
    case 'hour':
      return date.toLocaleString(locale, { dateStyle: 'medium', timeStyle: 'short' });
    case 'day':
      return date.toLocaleDateString(locale, { dateStyle: 'medium', timeZone: 'UTC' });
    case 'week':
      return weekOf(date.toLocaleDateString(locale, { dateStyle: 'medium', timeZone: 'UTC' }));
    case 'month':
      return date.toLocaleDateString(locale, { month: 'long', year: 'numeric', timeZone: 'UTC' });
  }
}
