import { Box, Typography } from '@mui/material';
import { formatValue, type DashboardCard, type MetricInfo } from '@vigil/domain';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { heatmapQuery } from '../../../api/metrics.ts';
import { formatDisplayDate } from '../../../components/dates/display-date.ts';
import { tableExport } from '../../../components/export-dialog/export-settings.ts';
import { devicesOf } from '../model/device-index.ts';
import { heatmapRequest } from '../model/heatmap-request.ts';
import { heatmapClasses, type HeatmapClass } from '../model/heatmap-scale.ts';
import { cardMetricInfo } from '../model/metric-scheme.ts';
import { useDashboardData } from '../model/use-dashboard-data.ts';
import { useDashboardContext } from './card-context.ts';
import { CardFrame } from './card-frame.tsx';
import { HeatmapCanvas } from './heatmap-canvas.tsx';

type Card = Extract<DashboardCard, { type: 'heatmap' }>;

/** A look-back in seconds as whole days, hours or minutes, for the translation's plural. */
function lookbackOf(seconds: number): { unit: 'days' | 'hours' | 'minutes'; count: number } {
  if (seconds % 86_400 === 0) return { unit: 'days', count: seconds / 86_400 };
  if (seconds % 3_600 === 0) return { unit: 'hours', count: seconds / 3_600 };
  return { unit: 'minutes', count: Math.round(seconds / 60) };
}

/** A time as the app shows dates, or only its clock time when it is today (the card's subtitle is short). */
function shortTime(iso: string, locale: string): string {
  const full = formatDisplayDate(iso, locale);
  return new Date(iso).toDateString() === new Date().toDateString() ? full.slice(full.lastIndexOf(' ') + 1) : full;
}

/**
 * The metric over the site's devices (requirements#monitoring-screens): an interpolated surface, or one bubble per
 * device.
 */
export function HeatmapCard({ card }: { card: Card }) {
  const { t, i18n } = useTranslation('dashboards');
  const locale = i18n.resolvedLanguage ?? 'en-US';
  const { now, openDevice } = useDashboardContext();
  const { devices, groups, schemes } = useDashboardData();
  const members = devicesOf(devices.data ?? [], groups.data ?? [], card.group_id);
  const byId = useMemo(() => new Map((devices.data ?? []).map((d) => [d.id, d])), [devices.data]);
  const ids = card.group_id === null ? null : members.map((d) => d.id).sort();
  const info = cardMetricInfo(members, schemes.data ?? [], card.metric);
  const result = useQuery({
    ...heatmapQuery(heatmapRequest(card, ids, now)),
    enabled: !devices.isPending && !groups.isPending && (ids === null || ids.length > 0),
    placeholderData: keepPreviousData,
  });
  const points = result.data?.points ?? [];
  const valued = points.filter((p) => p.value !== null);
  const classes = useMemo(() => {
    const data = result.data;
    const values = data?.points.flatMap((p) => (p.value === null ? [] : [p.value])) ?? [];
    return heatmapClasses([...(data?.grid.values.flat() ?? []), ...values]);
  }, [result.data]);
  const metric = info.unit ? `${info.label} (${info.unit})` : info.label;
  const lookback = lookbackOf(card.time_interval_oversampling);
  const span = t(`heatmap.lookback.${lookback.unit}`, { count: lookback.count });
  const title = card.title || t('heatmap.title', { metric: info.label });
  const withUnit = (v: number | null) =>
    v === null ? t('na') : `${formatValue(v, info, locale)}${info.unit ? ` ${info.unit}` : ''}`;
  const waiting = devices.isPending || groups.isPending || schemes.isPending;
  const empty =
    ids !== null && ids.length === 0
      ? t('heatmap.noDevices')
      : result.data && !points.length
        ? t('heatmap.noLocations')
        : result.data && !valued.length
          ? t('heatmap.noValues', { metric: info.label, span })
          : null;

  return (
    <CardFrame
      title={title}
      subtitle={
        result.data ? (
          <span
            title={t('heatmap.subtitle', {
              metric: info.label,
              span,
              time: formatDisplayDate(result.data.to_time, locale),
            })}
          >
            {t('heatmap.subtitle', { metric: info.label, span, time: shortTime(result.data.to_time, locale) })}
          </span>
        ) : (
          metric
        )
      }
      loading={waiting || (result.isPending && result.fetchStatus !== 'idle')}
      error={result.isError || devices.isError}
      onRetry={() => void result.refetch()}
      empty={waiting ? null : empty}
      exportSettings={() =>
        tableExport(
          title,
          points.map((p) => ({
            device: byId.get(p.monitored_entity)?.title ?? p.monitored_entity,
            longitude: p.longitude,
            latitude: p.latitude,
            value: p.value,
          })),
          [
            { heading: t('columns.device'), key: 'device' },
            { heading: t('location.longitude'), key: 'longitude' },
            { heading: t('location.latitude'), key: 'latitude' },
            { heading: metric, key: 'value' },
          ],
        )
      }
    >
      {result.data && valued.length > 0 && (
        <>
          <HeatmapCanvas
            result={result.data}
            classes={classes}
            display={card.display}
            bubbleSize={card.bubble_size}
            label={t('heatmap.label', { metric: info.label, count: valued.length })}
            titleOf={(p) => byId.get(p.monitored_entity)?.title ?? p.monitored_entity}
            valueOf={(p) => withUnit(p.value)}
            onOpen={(p) => {
              const device = byId.get(p.monitored_entity);
              if (device) openDevice({ id: device.id, entity_type: device.monitored_entity_type, title: device.title });
            }}
          />
          <HeatmapLegend
            classes={classes}
            info={info}
            locale={locale}
            label={t('heatmap.legend', { metric })}
            noValue={valued.length < points.length ? t('heatmap.noValue') : null}
          />
        </>
      )}
    </CardFrame>
  );
}

/** The five classes with their value ranges, low to high, and the mark of devices without a value. */
function HeatmapLegend({
  classes,
  info,
  locale,
  label,
  noValue,
}: {
  classes: readonly HeatmapClass[];
  info: MetricInfo;
  locale: string;
  label: string;
  noValue: string | null;
}) {
  const swatch = { width: 12, height: 12, borderRadius: '2px', flexShrink: 0 };
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', columnGap: 1.5, rowGap: 0.25, pt: 0.75 }}>
      <Box
        component="ul"
        aria-label={label}
        sx={{
          display: 'flex',
          flexWrap: 'wrap',
          columnGap: 1.5,
          rowGap: 0.25,
          listStyle: 'none',
          m: 0,
          p: 0,
          '& > li': { display: 'flex', alignItems: 'center', gap: 0.5, whiteSpace: 'nowrap' },
        }}
      >
        {classes.map((c) => (
          <Typography key={c.colour} component="li" variant="caption">
            <Box sx={{ ...swatch, bgcolor: c.colour, border: '1px solid rgba(0,0,0,0.2)' }} />
            {formatValue(c.from, info, locale)} – {formatValue(c.to, info, locale)}
          </Typography>
        ))}
      </Box>
      {info.unit && (
        <Typography variant="caption" color="text.secondary">
          {info.unit}
        </Typography>
      )}
      {noValue && (
        <Typography variant="caption" sx={{ display: 'flex', alignItems: 'center', gap: 0.5 }}>
          <Box sx={{ ...swatch, borderRadius: '50%', border: '2px solid #9e9e9e' }} />
          {noValue}
        </Typography>
      )}
    </Box>
  );
}
