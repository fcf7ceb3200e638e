import type { ExportSheet } from '../../../components/export-dialog/export-settings.ts';
import type { PlottedSeries } from './use-chart-card.ts';

/** A chart's values as one sheet: a time column, then one column per series headed with its unit. */
export function chartSheet(name: string, timeHeading: string, series: readonly PlottedSeries[]): ExportSheet {
  const times = [...new Set(series.flatMap((s) => s.points.map(([t]) => t)))].sort((a, b) => a - b);
  const columns = series.map((s) => new Map(s.points));
  return {
    name,
    rows: [
      [timeHeading, ...series.map((s) => (s.unit ? `${s.label} (${s.unit})` : s.label))],
      ...times.map((t) => [new Date(t), ...columns.map((c) => c.get(t) ?? null)]),
    ],
  };
}
