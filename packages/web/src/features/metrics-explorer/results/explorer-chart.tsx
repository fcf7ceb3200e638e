import { Skeleton } from '@mui/material';
import type { ChartSeriesInput } from '../../../components/charts/chart-model.ts';
import { preloadTimeSeriesChart, useTimeSeriesChart } from '../../../components/charts/lazy-time-series-chart.ts';

// uPlot is a chunk of its own, fetched as soon as the explorer loads rather than when the first readings arrive.
preloadTimeSeriesChart();

export const CHART_HEIGHT = 340;

interface ExplorerChartProps {
  series: ChartSeriesInput[];
  gapMs: number;
  noDataText: string;
  ariaLabel: string;
}

/** The app's time-series chart of the chosen devices, one line each. */
export function ExplorerChart(props: ExplorerChartProps) {
  const TimeSeriesChart = useTimeSeriesChart();
  if (!TimeSeriesChart) return <Skeleton variant="rounded" height={CHART_HEIGHT} />;
  return <TimeSeriesChart {...props} height={CHART_HEIGHT} />;
}
