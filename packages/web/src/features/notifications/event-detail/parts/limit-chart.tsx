import { Box } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { metricInfo, type NotificationObject, type TimeseriesBody } from '@vigil/domain';
import { useSnackbar } from '../../../../components/snackbars/snackbars.ts';
import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { timeseriesQuery } from '../../../../api/metrics.ts';
import { deviceLimitsQuery, type EntityTypeName } from '../../../../api/registry.ts';
import {
  envelopePoints,
  valuePoints,
  type ChartLimit,
  type ChartSeriesInput,
} from '../../../../components/charts/chart-model.ts';
import { useTimeSeriesChart } from '../../../../components/charts/lazy-time-series-chart.ts';
import { alertWindow } from '../../model/alert-window.ts';
import { chartLimits, type LimitKind } from '../../model/chart-limits.ts';
import { LoadState } from './load-state.tsx';

/** Alert chart of requirements#monitoring-constants: 200 high. */
export const ALERT_CHART_HEIGHT = 200;
/**
 * Buckets of under four minutes over the 13 days: readings a few minutes apart or more stay points
 * of their own, so the reading beyond a limit is drawn as it was, not averaged with its neighbours.
 */
const SAMPLE_SIZE = 5_000;

/**
 * The metric of an event from 10 days before to 3 days after it (the alert chart), with its invalid bounds
 * or its warning and critical limits, and the reading that raised it marked.
 */
export function LimitChart({ notification, kind }: { notification: NotificationObject; kind: LimitKind }) {
  const { t } = useTranslation('notifications');
  const { enqueueSnackbar } = useSnackbar();
  const entity = notification.extra.monitored_entity;
  const context = notification.extra.event_context;
  const metric = typeof context.metric === 'string' ? context.metric : null;
  const range = useMemo(() => alertWindow(notification.created_at), [notification.created_at]);
  // The marker is the reading that raised the event; for an event without one, the time it was raised.
  const readAt = typeof context.read_at === 'string' ? Date.parse(context.read_at) : NaN;
  const markedAt = Number.isFinite(readAt) ? readAt : Date.parse(notification.created_at);
  const body: TimeseriesBody = {
    metric: kind === 'invalid' ? (metric?.split('.').at(-1) ?? '') : (metric ?? ''),
    from_time: range.from.toISOString(),
    to_time: range.to.toISOString(),
    sample_size: SAMPLE_SIZE,
    // Every bucket's least and greatest reading: the one beyond the limit shows at its true value.
    aggregation: { envelope: true },
    filters: { monitored_entity_ids: entity ? [entity.id] : [], valid_only: kind !== 'invalid' },
  };
  const enabled = Boolean(entity && metric);
  const series = useQuery({ ...timeseriesQuery(body), enabled });
  const device = useQuery({
    ...deviceLimitsQuery((entity?.monitored_entity_type ?? 'instrument') as EntityTypeName, entity?.id ?? ''),
    enabled,
  });

  // uPlot's chunk, asked for as the event opens, alongside the chart's data
  const TimeSeriesChart = useTimeSeriesChart();
  useEffect(() => {
    if (series.isError) enqueueSnackbar(t('errors.fetchChartError'), { variant: 'error', preventDuplicate: true });
  }, [series.isError, enqueueSnackbar, t]);

  const metricLabel = String(context.metric_label ?? metric);
  // The metric's unit from the device's scheme; an invalid reading's metric is named by its key.
  const unit = metric ? metricInfo(device.data?.scheme, metric).unit : '';
  const plotted = useMemo<ChartSeriesInput[]>(
    () => [
      {
        key: metric ?? '',
        label: metricLabel,
        unit,
        points: valuePoints(series.data?.data[0]?.values ?? {}),
        envelope: series.data?.data[0] ? envelopePoints(series.data.data[0]) : [],
      },
    ],
    [series.data, metric, metricLabel, unit],
  );
  const limits = useMemo<ChartLimit[]>(
    () =>
      metric
        ? chartLimits(device.data, metric, kind).map((l) => ({
            ...l,
            unit,
            label: t(`limits.${l.level}_${l.bound}`),
          }))
        : [],
    [device.data, metric, kind, t, unit],
  );
  // The reading that raised the event, at its true value (ADR 0036).
  const markedValue = typeof context.metric_value === 'number' ? context.metric_value : undefined;
  const markers = useMemo(
    () => [
      {
        time: markedAt,
        label: t('detail.chartMarker'),
        ...(markedValue !== undefined && { value: markedValue, unit }),
      },
    ],
    [markedAt, markedValue, unit, t],
  );

  if (!entity || !metric) return null;
  if (series.isError) return <LoadState error />;
  if (series.isPending || !TimeSeriesChart) return <LoadState lines={4} />;
  return (
    <Box>
      <TimeSeriesChart
        series={plotted}
        limits={limits}
        markers={markers}
        height={ALERT_CHART_HEIGHT}
        range={range}
        noDataText={t('detail.noData')}
        ariaLabel={t('detail.chartLabel', { metric: metricLabel })}
      />
    </Box>
  );
}
