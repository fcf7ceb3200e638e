import EventBusyOutlined from '@mui/icons-material/EventBusyOutlined';
import QueryStatsOutlined from '@mui/icons-material/QueryStatsOutlined';
import SensorsOutlined from '@mui/icons-material/SensorsOutlined';
import { LinearProgress, Paper, Skeleton, Stack, Typography } from '@mui/material';
import type { AggregateInterval } from '@vigil/domain';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { AggregationTable } from '../../../components/aggregation-table/aggregation-table.tsx';
import type { AggregationRow } from '../../../components/aggregation-table/aggregation-rows.ts';
import { LoadFailedAlert } from '../../../components/load-failed-alert.tsx';
import { MAX_DEVICES } from '../model/explorer-choices.ts';
import type { DeviceColumn } from '../model/explorer-query.ts';
import type { ResultsState } from '../model/results-state.ts';
import { chartSeries, windowGapMs } from '../model/explorer-table.ts';
import { CHART_HEIGHT, ExplorerChart } from './explorer-chart.tsx';
import { ExplorerEmpty } from './explorer-empty.tsx';

interface ExplorerResultsProps {
  state: ResultsState;
  columns: readonly DeviceColumn[];
  rows: readonly AggregationRow[];
  window: AggregateInterval;
  /** "Piezometric level, maximum per day": names the chart and the table */
  caption: string;
  onRetry(): void;
}

/** The readings as a chart beside a table (one above the other on a phone), or why there are none. */
export function ExplorerResults({ state, columns, rows, window, caption, onRetry }: ExplorerResultsProps) {
  const { t } = useTranslation('explorer');
  const series = useMemo(() => chartSeries(columns, rows), [columns, rows]);
  if (state === 'error') return <LoadFailedAlert onRetry={onRetry}>{t('results.loadError')}</LoadFailedAlert>;
  if (state === 'loading')
    return (
      <Paper variant="outlined" sx={{ p: 2 }}>
        <LinearProgress aria-label={t('results.loading')} sx={{ mb: 2 }} />
        <Skeleton variant="rounded" height={CHART_HEIGHT} />
      </Paper>
    );
  if (state !== 'ready') {
    const icon =
      state === 'noDevices' ? (
        <SensorsOutlined />
      ) : state === 'invalidPeriod' ? (
        <EventBusyOutlined />
      ) : (
        <QueryStatsOutlined />
      );
    return (
      <Paper variant="outlined">
        <ExplorerEmpty
          icon={icon}
          title={t(`results.${state}.title`)}
          body={t(`results.${state}.body`, { max: MAX_DEVICES })}
        />
      </Paper>
    );
  }
  return (
    <Stack direction={{ xs: 'column', lg: 'row' }} spacing={2} sx={{ alignItems: { lg: 'flex-start' } }}>
      <Paper variant="outlined" sx={{ flex: 3, minWidth: 0, p: 2 }}>
        <Typography variant="subtitle2" component="h2" sx={{ mb: 1 }}>
          {caption}
        </Typography>
        <ExplorerChart
          series={series}
          gapMs={windowGapMs(window)}
          noDataText={t('results.chartNoData')}
          ariaLabel={t('results.chartLabel', { caption })}
        />
      </Paper>
      <Paper
        variant="outlined"
        sx={{ flex: 2, minWidth: 0, display: 'flex', flexDirection: 'column', maxHeight: { lg: 460 } }}
      >
        <AggregationTable
          columns={columns}
          rows={rows}
          interval={window}
          label={t('results.tableLabel', { caption })}
          windowHeading={t('results.window')}
          weekOf={(date) => t('results.weekOf', { date })}
        />
      </Paper>
    </Stack>
  );
}
