import InfoOutlined from '@mui/icons-material/InfoOutlined';
import ZoomOutOutlined from '@mui/icons-material/ZoomOutOutlined';
import { IconButton, Tooltip } from '@mui/material';
import { PRESET_LISTS, presetRange, type DashboardCard, type TimePreset, type TimeRange } from '@vigil/domain';
import { useMemo, useState } from 'react';
import { ZoomedRange } from './zoomed-range.tsx';
import { useTranslation } from 'react-i18next';
import { useTimeSeriesChart } from '../../../components/charts/lazy-time-series-chart.ts';
import { InlineChoice } from '../../../components/forms/inline-choice.tsx';
import { chartSheet } from '../model/chart-export.ts';
import { useCalibrationMarkers } from '../model/use-calibration-markers.ts';
import { useChartCard } from '../model/use-chart-card.ts';
import { useDashboardContext } from './card-context.ts';
import { CardFrame } from './card-frame.tsx';

type Card = Extract<DashboardCard, { type: 'chart' }>;

/** One or more metrics of one or more devices over a period; drag to zoom in, double-click to zoom out. */
export function ChartCard({ card }: { card: Card }) {
  const { t } = useTranslation('dashboards');
  const { syncKey, now, openDevice, initialZoom, marker } = useDashboardContext();
  const [period, setPeriod] = useState<TimePreset>(card.period);
  const [zoom, setZoom] = useState<TimeRange | null>(initialZoom ?? null);
  const range = useMemo(() => zoom ?? presetRange(period, now), [zoom, period, now]);
  const chart = useChartCard(card.series, range);
  const title = card.title || chart.plotted.map((s) => s.label).join(', ');
  const presets = PRESET_LISTS.default.presets.includes(period)
    ? PRESET_LISTS.default.presets
    : [period, ...PRESET_LISTS.default.presets];
  const single = card.series.length === 1 ? card.series[0]! : null;
  // uPlot's chunk: asked for by the page's prefetch with the charts' data (prefetch-dashboard.ts)
  const TimeSeriesChart = useTimeSeriesChart();
  const limits = useMemo(
    () => chart.limits.map((l) => ({ ...l, label: t(`chart.limitLabel.${l.level}_${l.bound}`) })),
    [chart.limits, t],
  );
  const { markers: calibrations, pending: calibrationsPending } = useCalibrationMarkers(card.series);
  // drawn once its limit lines and calibration marks are known: a uPlot made anew for them is a second draw
  const waiting = chart.loading || chart.limitsPending || calibrationsPending || !TimeSeriesChart;
  const markers = useMemo(() => {
    if (marker === undefined) return calibrations.length ? calibrations : undefined;
    // The reading's value is drawn on the chart of its own metric only.
    const charted = chart.plotted.find((s) => s.info.metric === marker.metric);
    const value = charted && marker.value !== undefined ? { value: marker.value, unit: charted.unit } : {};
    return [{ time: marker.time, label: t('chart.alertMarker'), ...value }, ...calibrations];
  }, [marker, chart.plotted, calibrations, t]);

  return (
    <CardFrame
      title={title}
      subtitle={zoom ? <ZoomedRange range={zoom} /> : t(`presets.${period}`)}
      loading={waiting || chart.fetching}
      error={chart.error}
      onRetry={chart.refetch}
      actions={
        <>
          {zoom && (
            <Tooltip title={t('chart.resetZoom')}>
              <IconButton size="small" aria-label={t('chart.resetZoom')} onClick={() => setZoom(null)}>
                <ZoomOutOutlined fontSize="small" />
              </IconButton>
            </Tooltip>
          )}
          {single && (
            <Tooltip title={t('chart.device')}>
              <IconButton
                size="small"
                aria-label={t('chart.device')}
                onClick={() =>
                  openDevice({
                    id: single.entity_id,
                    entity_type: single.entity_type,
                    title: chart.plotted[0]?.label ?? '',
                  })
                }
              >
                <InfoOutlined fontSize="small" />
              </IconButton>
            </Tooltip>
          )}
          <InlineChoice
            value={period}
            choices={presets}
            choiceLabel={(p) => t(`presets.${p}`)}
            ariaLabel={t('chart.period')}
            onChange={(next) => {
              setZoom(null);
              setPeriod(next);
            }}
          />
        </>
      }
      exportSettings={() => ({
        title,
        subtitle: `${range.from.toISOString()} – ${range.to.toISOString()}`,
        fileName: title,
        data: [chartSheet(t('chart.sheet'), t('columns.time'), chart.plotted)],
      })}
    >
      {TimeSeriesChart && !waiting && (
        <TimeSeriesChart
          series={chart.plotted}
          limits={limits}
          markers={markers}
          height="fill"
          syncKey={syncKey}
          range={range}
          onZoom={setZoom}
          onResetZoom={() => setZoom(null)}
          noDataText={t('noData')}
          ariaLabel={t('chart.label', { title })}
        />
      )}
    </CardFrame>
  );
}
