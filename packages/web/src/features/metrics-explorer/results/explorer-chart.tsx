import { Skeleton } from '@mui/material';
import { lazy, Suspense } from 'react';
import type { ChartSeriesInput } from '../../../components/charts/chart-model.ts';

// uPlot is a chunk of its own, fetched as soon as the explorer loads rather than when the first readings arrive.
const chartModule = import('../../../components/charts/time-series-chart.tsx');
const LazyChart = lazy(() => chartModule.then((m) => ({ default: m.TimeSeriesChart })));

export const CHART_HEIGHT = 340;

interface ExplorerChartProps {
  series: ChartSeriesInput[];
  gapMs: number;
  noDataText: string;
  ariaLabel: string;
}

/** The app's time-series chart of the chosen devices, one line each. */
export function ExplorerChart(props: ExplorerChartProps) {
  return (
    <Suspense fallback={<Skeleton variant="rounded" height={CHART_HEIGHT} />}>
      <LazyChart {...props} height={CHART_HEIGHT} />
    </Suspense>
  );
}
