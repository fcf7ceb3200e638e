import { formatValue, limitsOf, metricInfo } from '@vigil/domain';
import { Box, Typography } from '@mui/material';
import type { DashboardCard } from '@vigil/domain';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { latestReadingsQuery } from '../../../api/metrics.ts';
import { deviceLimitsQuery } from '../../../api/registry.ts';
import { formatDisplayDate } from '../../../components/dates/display-date.ts';
import { tableExport } from '../../../components/export-dialog/export-settings.ts';
import { gaugeScale, zoneOf } from '../model/gauge-scale.ts';
import { CARD_REFRESH_MS, useDashboardData } from '../model/use-dashboard-data.ts';
import { CardFrame } from './card-frame.tsx';
import { GaugeDial } from './gauge-dial.tsx';

type Card = Extract<DashboardCard, { type: 'gauge' }>;

/** The latest value of one metric of a device against the metric's warning and critical limits. */
export function GaugeCard({ card }: { card: Card }) {
  const { t, i18n } = useTranslation('dashboards');
  const locale = i18n.resolvedLanguage ?? 'en-US';
  const { devices, schemes } = useDashboardData();
  const device = devices.data?.find((d) => d.id === card.entity.id);
  const scheme = schemes.data?.find((s) => s.id === device?.scheme?.id);
  const info = metricInfo(scheme, card.metric);
  const latest = useQuery({ ...latestReadingsQuery([card.entity.id]), refetchInterval: CARD_REFRESH_MS });
  const limits = useQuery(deviceLimitsQuery(card.entity.entity_type, card.entity.id));
  const reading = latest.data?.find((r) => r.monitored_entity_id === card.entity.id);
  const value = reading?.[info.group]?.[info.key] ?? null;
  const metricLimits = limitsOf(limits.data?.metric_limits, info);
  const scale = gaugeScale(value, metricLimits);
  const zone = value === null ? null : zoneOf(scale, value);
  const shown = formatValue(value, info, locale);
  const title = card.title || `${device?.title ?? t('na')} · ${info.label}`;
  const loading = latest.isPending || devices.isPending;
  return (
    <CardFrame
      title={title}
      subtitle={info.unit ? `${info.label} (${info.unit})` : info.label}
      loading={loading}
      error={latest.isError}
      onRetry={() => void latest.refetch()}
      empty={!loading && value === null ? t('noData') : null}
      exportSettings={() =>
        tableExport(
          title,
          [{ device: device?.title, metric: info.label, unit: info.unit, value, readAt: reading?.read_at }],
          [
            { heading: t('columns.device'), key: 'device' },
            { heading: t('columns.metric'), key: 'metric' },
            { heading: t('columns.unit'), key: 'unit' },
            { heading: t('columns.value'), key: 'value' },
            { heading: t('columns.readAt'), key: 'readAt' },
          ],
        )
      }
    >
      <Box sx={{ flex: 1, minHeight: 0, display: 'flex', flexDirection: 'column', alignItems: 'center' }}>
        <Box sx={{ flex: 1, minHeight: 0, width: '100%', maxWidth: 260, color: 'text.primary' }}>
          <GaugeDial
            scale={scale}
            value={value}
            label={t('gauge.label', { metric: info.label, value: shown ?? t('na'), unit: info.unit })}
          />
        </Box>
        <Typography
          variant="h5"
          component="p"
          sx={{
            fontWeight: 700,
            color: zone === 'critical' ? 'error.main' : zone === 'warning' ? 'warning.dark' : 'text.primary',
          }}
        >
          {shown ?? t('na')} {value !== null && info.unit}
        </Typography>
        {reading && (
          <Typography variant="caption" color="text.secondary">
            {formatDisplayDate(reading.read_at, locale)}
          </Typography>
        )}
      </Box>
    </CardFrame>
  );
}
