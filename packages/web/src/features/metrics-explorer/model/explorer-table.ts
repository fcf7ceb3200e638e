import type { AggregateInterval } from '@vigil/domain';
import type { ChartSeriesInput } from '../../../components/charts/chart-model.ts';
import { windowLabel, type AggregationRow } from '../../../components/aggregation-table/aggregation-rows.ts';
import {
  tableExport,
  type ExportMeta,
  type ExportSettings,
} from '../../../components/export-dialog/export-settings.ts';
import type { DeviceColumn } from './explorer-query.ts';

const HOUR = 3_600_000;
/** How long a window lasts at most; a line breaks where a whole window has no reading. */
const WINDOW_MS: Record<AggregateInterval, number> = {
  hour: HOUR,
  day: 24 * HOUR,
  week: 168 * HOUR,
  month: 31 * 24 * HOUR,
};

/** The widest spacing of windows still joined by a line: one window with no reading breaks it. */
export const windowGapMs = (window: AggregateInterval) => WINDOW_MS[window] * 1.5;

/** A column heading: the device, then the unit in brackets when there is one. */
export const columnHeading = (column: Pick<DeviceColumn, 'label' | 'unit'>) =>
  column.unit ? `${column.label} (${column.unit})` : column.label;

/** One chart line per device from the table's rows (oldest first), so that chart and table show the same numbers. */
export function chartSeries(columns: readonly DeviceColumn[], rows: readonly AggregationRow[]): ChartSeriesInput[] {
  const oldestFirst = [...rows].sort((a, b) => a.start - b.start);
  return columns.map((column, i) => ({
    key: column.key,
    label: column.label,
    unit: column.unit,
    points: oldestFirst.filter((row) => row.values[i] !== null).map((row) => [row.start, row.values[i]!] as const),
  }));
}

interface TableExportOptions {
  title: string;
  windowHeading: string;
  window: AggregateInterval;
  locale: string;
  weekOf(date: string): string;
  meta: readonly ExportMeta[];
}

/** The table as the export dialog writes it: one row per window, one column per device headed with its unit. */
export function explorerExport(
  columns: readonly DeviceColumn[],
  rows: readonly AggregationRow[],
  options: TableExportOptions,
): ExportSettings {
  const records = rows.map((row): Record<string, string | number | null> => ({
    ...Object.fromEntries(columns.map((c, i) => [c.key, row.values[i] ?? null])),
    window: windowLabel(row.start, options.window, options.locale, options.weekOf),
  }));
  const headings = [
    { heading: options.windowHeading, key: 'window' },
    ...columns.map((c) => ({ heading: columnHeading(c), key: c.key })),
  ];
  return {
    ...tableExport(options.title, records, headings),
    meta: options.meta,
  };
}
