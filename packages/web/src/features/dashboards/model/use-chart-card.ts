import { metricInfo, type MetricInfo } from '@vigil/domain';
import type { ChartSeries, TimeRange } from '@vigil/domain';
import { keepPreviousData, useQueries } from '@tanstack/react-query';
import { useMemo } from 'react';
import { timeseriesQuery } from '../../../api/metrics.ts';
import { deviceLimitsQuery } from '../../../api/registry.ts';
import type { EnvelopePoint } from '../../../components/charts/chart-model.ts';
import { seriesEnvelope, seriesPoints, sharedLimits, timeseriesRequests } from './chart-data.ts';
import { useDashboardData } from './use-dashboard-data.ts';

/** A plotted series: its points with the label and unit the chart and the export show. */
export interface PlottedSeries {
  key: string;
  label: string;
  unit: string;
  info: MetricInfo;
  points: Array<[number, number]>;
  /** bars for amounts per period (e.g. a rainfall sum); a line otherwise */
  style: 'line' | 'bars';
  /** a line's band from each bucket's least to its greatest reading (ADR 0036) */
  envelope?: EnvelopePoint[];
}

/**
 * The data of a chart card over a range: one call per metric, each entity's limits, labels from
 * schemes. The series and limits keep their identity until an answer changes, so the chart only
 * redraws then.
 */
export function useChartCard(series: readonly ChartSeries[], range: TimeRange) {
  const { devices, schemes } = useDashboardData();
  const requests = useMemo(() => timeseriesRequests(series, range), [series, range]);
  // While a new range loads (the clock moved, a zoom), the chart keeps showing the last one.
  const results = useQueries({
    queries: requests.map((body) => ({ ...timeseriesQuery(body), placeholderData: keepPreviousData })),
  });
  const entities = [...new Map(series.map((s) => [s.entity_id, s.entity_type])).entries()];
  const limits = useQueries({ queries: entities.map(([id, type]) => deviceLimitsQuery(type, id)) });
  const answered = [...results, ...limits, devices, schemes].map((q) => q.dataUpdatedAt).join();

  const { plotted, lines } = useMemo(() => {
    const schemeOf = (entityId: string) => {
      const schemeId = devices.data?.find((d) => d.id === entityId)?.scheme?.id;
      return schemes.data?.find((x) => x.id === schemeId);
    };
    const infoOf = (s: ChartSeries) => metricInfo(schemeOf(s.entity_id), s.metric);
    const oneMetric = new Set(series.map((x) => x.metric)).size === 1;
    const data = results.map((r) => r.data);
    const plotted = series.map((s, i): PlottedSeries => {
      const info = infoOf(s);
      const device = devices.data?.find((d) => d.id === s.entity_id)?.title ?? s.entity_id;
      return {
        key: `${i}:${s.entity_id}:${s.metric}:${s.data_point_id ?? ''}`,
        label: series.length > 1 && oneMetric ? device : `${device} · ${info.label}`,
        unit: info.unit,
        info,
        points: seriesPoints(s, data, requests),
        style: s.style ?? 'line',
        ...(s.style !== 'bars' && { envelope: seriesEnvelope(s, data, requests) }),
      };
    });
    const limitsOf = (id: string) => limits[entities.findIndex(([entityId]) => entityId === id)]?.data?.metric_limits;
    return { plotted, lines: sharedLimits(series, infoOf, limitsOf) };
    // `answered` stands for every answer these read.
  }, [answered, series, requests]);

  return {
    plotted,
    limits: lines,
    loading: results.some((r) => r.isPending) || devices.isPending || schemes.isPending,
    fetching: results.some((r) => r.isFetching),
    error: results.some((r) => r.isError),
    refetch: () => results.forEach((r) => void r.refetch()),
  };
}
