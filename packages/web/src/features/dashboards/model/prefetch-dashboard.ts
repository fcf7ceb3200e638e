import { presetRange, type DashboardCard, type StateType } from '@vigil/domain';
import type { QueryClient } from '@tanstack/react-query';
import { prefetchChartCalibrations } from '../../../api/calibrations.ts';
import { timeseriesQuery } from '../../../api/metrics.ts';
import { prefetchDeviceLimits } from '../../../api/registry.ts';
import { preloadTimeSeriesChart } from '../../../components/charts/lazy-time-series-chart.ts';
import { preloadStateMap } from '../cards/state-map-preload.ts';
import { chartedInstruments } from './calibration-markers.ts';
import { timeseriesRequests } from './chart-data.ts';
import { parseTree } from './parse-tree.ts';
import { prefetchDashboardTree } from './prefetch-dashboard-tree.ts';

/** How long a prefetch's time stays the time a page opened at; after that the page takes its own. */
const CLOCK_REUSE_MS = 10_000;
let prefetchedAt: Date | null = null;

/** The time a dashboard page's rolling periods end at when it opens: its prefetch's, so the data fetched matches. */
export function openingTime(): Date {
  return prefetchedAt && Date.now() - prefetchedAt.getTime() < CLOCK_REUSE_MS ? prefetchedAt : new Date();
}

let prefetched = '';

/**
 * Starts fetching what a dashboard page shows as soon as its route matches (or, at sign-in, as soon
 * as the landing page is known), alongside the session's start rather than after the shell has
 * rendered: the page's tree first (its charts wait for it), then the devices, groups and schemes, and
 * the page's charts with their limits and calibrations, so that each chart is drawn once, with its
 * limit lines. A page prefetched moments ago is not asked for again: its charts' periods end at
 * that prefetch's time, which the page opens at. Failures are left to the page's own queries.
 */
export function prefetchDashboard(
  queryClient: QueryClient,
  projectId: string | null | undefined,
  stateType: StateType,
  pagePath: string,
) {
  if (!projectId) return;
  const page = `${projectId}/${stateType}/${pagePath}`;
  if (page === prefetched && Date.now() - (prefetchedAt?.getTime() ?? 0) < CLOCK_REUSE_MS) return;
  prefetched = page;
  const now = (prefetchedAt = new Date());
  void (async () => {
    const tree = await prefetchDashboardTree(queryClient, projectId, stateType);
    const found = tree && parseTree(tree.data)?.pages.find((p) => p.path === pagePath);
    const cards = found?.cards ?? [];
    if (cards.some((card) => card.type === 'state-map')) preloadStateMap(queryClient, projectId);
    prefetchCharts(
      queryClient,
      cards.filter((card) => card.type === 'chart'),
      now,
    );
  })().catch(() => undefined);
}

/**
 * uPlot's chunk, the charts' limits and calibrations (one call each for the page), then their data: put on the wire
 * first, the small calls do not queue behind the charts' for one of HTTP/1.1's six connections, and
 * a chart, drawn once its limit lines are known, waits for none of them.
 */
function prefetchCharts(queryClient: QueryClient, charts: Array<Extract<DashboardCard, { type: 'chart' }>>, now: Date) {
  if (charts.length === 0) return;
  preloadTimeSeriesChart();
  prefetchDeviceLimits(
    queryClient,
    charts.flatMap((card) => card.series.map((s) => ({ type: s.entity_type, id: s.entity_id }))),
  );
  prefetchChartCalibrations(
    queryClient,
    charts.map((card) => chartedInstruments(card.series)),
  );
  for (const card of charts)
    for (const body of timeseriesRequests(card.series, presetRange(card.period, now)))
      void queryClient.prefetchQuery(timeseriesQuery(body));
}
