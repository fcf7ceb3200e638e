import { moduleLoader } from '../lazy/module-loader.ts';

/**
 * uPlot and the app's time-series chart: a chunk of its own, loaded by the pages that draw a chart
 * and by no other (a dashboard page of state cards or a map does not evaluate uPlot). Without
 * Suspense (ADR 0030): a chart whose data is in should not wait the 300 ms React holds a revealed
 * boundary back.
 */
const timeSeriesChart = moduleLoader(() => import('./time-series-chart.tsx'));

/** Starts loading the chart's chunk alongside a page's data, rather than once its cards render. */
export const preloadTimeSeriesChart = timeSeriesChart.preload;

/** The chart component once its chunk is in, null until then (and the chunk asked for). */
export function useTimeSeriesChart() {
  return timeSeriesChart.useModule()?.TimeSeriesChart ?? null;
}
