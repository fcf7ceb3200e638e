import { metricInfo, type MetricInfo } from '@vigil/domain';
import type { ChartSeries, TimeRange } from '@vigil/domain';
import { keepPreviousData, useQueries } from '@tanstack/react-query';
import { useCallback, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { timeseriesQuery } from '../../../api/metrics.ts';
import { deviceLimitsQuery } from '../../../api/registry.ts';
import type { EnvelopePoint } from '../../../components/charts/chart-model.ts';
import { seriesEnvelope, seriesPoints, sharedLimits, timeseriesRequests } from './chart-data.ts';
import { axesOf, axisSinceDatum, resultantSinceDatum } from './datum-series.ts';
import { useChainDatums, type SeriesDatum } from './use-chain-datums.ts';
import { queryAnswers } from '../../../api/query-answers.ts';
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
 * schemes. A chain node's displacement is read against its instrument's datum (ADR 0041), without
 * limit lines: limits are of displacement since installation. The series and limits keep their
 * identity until an answer changes, so the chart only redraws then.
 */
export function useChartCard(series: readonly ChartSeries[], range: TimeRange) {
  const { t, i18n } = useTranslation('dashboards');
  const { devices, schemes } = useDashboardData();
  const schemeOf = useCallback(
    (entityId: string) => {
      const schemeId = devices.data?.find((d) => d.id === entityId)?.scheme?.id;
      return schemes.data?.find((x) => x.id === schemeId);
    },
    [devices.data, schemes.data],
  );
  const rawKeysOf = useCallback(
    (entityId: string) => {
      const scheme = schemeOf(entityId);
      return scheme && new Set(scheme.spec.metrics.raw_metrics.map((m) => m.key));
    },
    [schemeOf],
  );
  const datums = useChainDatums(series, rawKeysOf);
  // A resultant since the datum is computed from its node's axes: fetched beside it from the start,
  // rather than once the datum and its readings have come, three calls later on a busy dashboard.
  const requests = useMemo(() => {
    const axes = series.flatMap((s, i) => (datums.kinds[i] === 'resultant' ? axesOf(s) : []));
    return timeseriesRequests([...series, ...axes], range);
  }, [series, range, datums.kinds]);
  // While a new range loads (the clock moved, a zoom), the chart keeps showing the last one.
  const results = useQueries({
    queries: requests.map((body) => ({ ...timeseriesQuery(body), placeholderData: keepPreviousData })),
    combine: queryAnswers,
  });
  const entities = useMemo(() => [...new Map(series.map((s) => [s.entity_id, s.entity_type])).entries()], [series]);
  const limits = useQueries({
    queries: entities.map(([id, type]) => deviceLimitsQuery(type, id)),
    combine: queryAnswers,
  });

  const infoOf = useCallback((s: ChartSeries) => metricInfo(schemeOf(s.entity_id), s.metric), [schemeOf]);
  // Apart from the limits: a card's limits arriving redraws its lines, not its series.
  const plotted = useMemo(() => {
    const oneMetric = new Set(series.map((x) => x.metric)).size === 1;
    const data = results.data;
    const day = new Intl.DateTimeFormat(i18n.resolvedLanguage, { dateStyle: 'medium' });
    return series.map((s, i): PlottedSeries => {
      const info = infoOf(s);
      const device = devices.data?.find((d) => d.id === s.entity_id)?.title ?? s.entity_id;
      const label = series.length > 1 && oneMetric ? device : `${device} · ${info.label}`;
      const datum = datums.of[i];
      const values = datum
        ? sinceDatum(s, datum, (x) => seriesPoints(x, data, requests), seriesEnvelope(s, data, requests))
        : {
            points: seriesPoints(s, data, requests),
            ...(s.style !== 'bars' && { envelope: seriesEnvelope(s, data, requests) }),
          };
      return {
        key: `${i}:${s.entity_id}:${s.metric}:${s.data_point_id ?? ''}`,
        label: datum ? t('chart.sinceDatum', { label, date: day.format(new Date(datum.datumAt)) }) : label,
        unit: info.unit,
        info,
        style: s.style ?? 'line',
        ...values,
      };
    });
  }, [series, requests, results.data, infoOf, devices.data, datums.of, t, i18n.resolvedLanguage]);
  const lines = useMemo(() => {
    const limitsOf = (id: string) => limits.data[entities.findIndex(([entityId]) => entityId === id)]?.metric_limits;
    const asReported = series.filter((_, i) => !datums.of[i]);
    return sharedLimits(asReported, infoOf, limitsOf);
  }, [series, datums.of, infoOf, limits.data, entities]);

  return {
    plotted,
    limits: lines,
    loading: results.pending || devices.isPending || schemes.isPending || datums.pending,
    limitsPending: limits.pending,
    fetching: results.fetching,
    error: results.error,
    refetch: results.refetch,
  };
}

/** A chain node's axis or resultant since the datum, from the node's own points or, for the resultant, its axes'. */
function sinceDatum(
  s: ChartSeries,
  datum: SeriesDatum,
  pointsOf: (series: ChartSeries) => Array<[number, number]>,
  envelope: EnvelopePoint[],
): Pick<PlottedSeries, 'points' | 'envelope'> {
  if (datum.kind !== 'resultant') return axisSinceDatum(pointsOf(s), envelope, datum.node[datum.kind]);
  const [a, b] = axesOf(s).map(pointsOf);
  return { points: resultantSinceDatum(a!, b!, datum.node) };
}
