import { Box, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { type NotificationObject, type TimeseriesBody } from '@vigil/domain';
import { useSnackbar } from 'notistack';
import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { timeseriesQuery } from '../../../../api/metrics.ts';
import { deviceLimitsQuery, type EntityTypeName } from '../../../../api/registry.ts';
import { chartLimits, type LimitKind } from '../../model/chart-limits.ts';
import { LoadState } from './load-state.tsx';
import { LineChart } from './line-chart.tsx';

/** Alert chart of spec 001 §9: 10 days before to 3 days after the notification, 200 high. */
const DAYS_BEFORE = 10;
const DAYS_AFTER = 3;
export const ALERT_CHART_HEIGHT = 200;
const DAY = 86_400_000;
/**
 * Buckets of under four minutes over the 13 days: readings a few minutes apart or more stay points
 * of their own, so the reading beyond a limit is drawn as it was, not averaged with its neighbours.
 */
const SAMPLE_SIZE = 5_000;

/** The metric of an event around its time, with its invalid bounds or its warning and critical limits. */
export function LimitChart({ notification, kind }: { notification: NotificationObject; kind: LimitKind }) {
  const { t } = useTranslation('notifications');
  const { enqueueSnackbar } = useSnackbar();
  const entity = notification.extra.monitored_entity;
  const context = notification.extra.event_context;
  const metric = typeof context.metric === 'string' ? context.metric : null;
  const at = Date.parse(notification.created_at);
  // The line marks the reading that raised the event; an event without one, the time it was raised.
  const readAt = typeof context.read_at === 'string' ? Date.parse(context.read_at) : NaN;
  const from = at - DAYS_BEFORE * DAY;
  const to = at + DAYS_AFTER * DAY;
  const body: TimeseriesBody = {
    metric: kind === 'invalid' ? (metric?.split('.').at(-1) ?? '') : (metric ?? ''),
    from_time: new Date(from).toISOString(),
    to_time: new Date(to).toISOString(),
    sample_size: SAMPLE_SIZE,
    filters: { monitored_entity_ids: entity ? [entity.id] : [], valid_only: kind !== 'invalid' },
  };
  const series = useQuery({ ...timeseriesQuery(body), enabled: Boolean(entity && metric) });
  const device = useQuery({
    ...deviceLimitsQuery((entity?.monitored_entity_type ?? 'instrument') as EntityTypeName, entity?.id ?? ''),
    enabled: Boolean(entity && metric),
  });

  useEffect(() => {
    if (series.isError) enqueueSnackbar(t('errors.fetchChartError'), { variant: 'error', preventDuplicate: true });
  }, [series.isError, enqueueSnackbar, t]);

  const points = useMemo(
    () => Object.entries(series.data?.data[0]?.values ?? {}).map(([time, v]) => ({ t: Date.parse(time), v })),
    [series.data],
  );
  const limits = metric ? chartLimits(device.data, metric, kind) : [];

  if (!entity || !metric) return null;
  if (series.isError) return <LoadState error />;
  if (series.isPending) return <LoadState lines={4} />;
  return (
    <Box>
      {points.length ? (
        <LineChart
          points={points}
          limits={limits.map((l) => ({ ...l, label: t(`limits.${l.name}`) }))}
          time={[from, to]}
          marker={Number.isFinite(readAt) ? readAt : at}
          height={ALERT_CHART_HEIGHT}
          label={t('detail.chartLabel', { metric: String(context.metric_label ?? metric) })}
        />
      ) : (
        <Typography variant="body2" color="text.secondary">
          {t('detail.noData')}
        </Typography>
      )}
    </Box>
  );
}
