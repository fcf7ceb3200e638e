import FileDownloadOutlined from '@mui/icons-material/FileDownloadOutlined';
import { Box, Button, Paper, Stack, Typography } from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../session/session-context.ts';
import { ExportDialog } from '../../components/export-dialog/export-dialog.tsx';
import type { ExportSettings } from '../../components/export-dialog/export-settings.ts';
import { AnalysisFields } from './controls/analysis-fields.tsx';
import { DevicePicker } from './controls/device-picker.tsx';
import { PeriodFields } from './controls/period-fields.tsx';
import { MAX_DEVICES, withWindow } from './model/explorer-choices.ts';
import { explorerExport } from './model/explorer-table.ts';
import { useExplorerCatalogue, useExplorerData } from './model/use-explorer-data.ts';
import { useExplorerChoices } from './model/use-explorer-choices.ts';
import { resultsState } from './model/results-state.ts';
import { ExplorerResults } from './results/explorer-results.tsx';

/**
 * /metrics: engineers compare a metric of several devices over a period, aggregated per window
 * (requirements#monitoring-calls).
 */
export function MetricsExplorerPage() {
  const { t, i18n } = useTranslation('explorer');
  const { project } = useSession();
  const { choices, change } = useExplorerChoices();
  const catalogue = useExplorerCatalogue();
  const data = useExplorerData(choices, catalogue);
  const [exporting, setExporting] = useState<ExportSettings | null>(null);
  const failed = [catalogue.devices, catalogue.schemes, data.readings].filter((q) => q.isError);

  const state = resultsState({
    deviceCount: choices.devices.length,
    failed: failed.length > 0,
    cataloguePending: catalogue.devices.isPending || catalogue.schemes.isPending,
    hasMetric: data.metric !== null,
    validPeriod: data.period.range !== null,
    readingsPending: data.readings.isPending,
    rowCount: data.rows.length,
  });
  const metricLabel = data.metrics.find((m) => m.metric === data.metric)?.label ?? '';
  const caption = t('caption', {
    metric: metricLabel,
    fn: t(`function.${choices.fn}`),
    window: t(`windowAdverb.${choices.window}`),
  });
  const range = data.period.range;

  const startExport = () =>
    setExporting(
      explorerExport(data.columns, data.rows, {
        title: caption,
        windowHeading: t('results.window'),
        window: choices.window,
        locale: i18n.resolvedLanguage ?? 'en-US',
        weekOf: (date) => t('results.weekOf', { date }),
        meta: [
          { name: t('exportMeta.project'), content: project.name },
          { name: t('exportMeta.from'), content: range?.from.toISOString() ?? '' },
          { name: t('exportMeta.to'), content: range?.to.toISOString() ?? '' },
        ],
      }),
    );

  return (
    <Box sx={{ px: { xs: 0, sm: 1 }, py: { xs: 1, sm: 2 }, maxWidth: 1600, mx: 'auto' }}>
      <Stack direction="row" spacing={2} sx={{ justifyContent: 'space-between', alignItems: 'center' }}>
        <Typography variant="h4" component="h1" sx={{ fontSize: { xs: '1.75rem', sm: '2.125rem' }, minWidth: 0 }}>
          {t('title')}
        </Typography>
        <Button
          variant="outlined"
          startIcon={<FileDownloadOutlined />}
          disabled={state !== 'ready'}
          onClick={startExport}
          sx={{ flex: 'none' }}
        >
          {t('export')}
        </Button>
      </Stack>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {t('intro', { max: MAX_DEVICES })}
      </Typography>

      <Paper component="section" aria-label={t('choices')} variant="outlined" sx={{ p: 2, mb: 2 }}>
        <DevicePicker
          devices={catalogue.devices.data ?? []}
          groups={catalogue.groups.data ?? []}
          loading={catalogue.devices.isPending}
          failed={catalogue.devices.isError}
          value={data.chosen}
          onChange={(devices) => change({ devices: devices.map((d) => d.id) })}
        />
        <Box
          sx={{
            mt: 1.5,
            display: 'grid',
            gap: 1.5,
            // As many columns as the panel holds at a width a date field needs; the metric takes two.
            gridTemplateColumns: 'repeat(auto-fill, minmax(150px, 1fr))',
            '& > :first-of-type': { gridColumn: 'span 2' },
          }}
        >
          <AnalysisFields
            metrics={data.metrics}
            metric={data.metric}
            fn={choices.fn}
            window={choices.window}
            onMetric={(metric) => change({ metric })}
            onFunction={(fn) => change({ fn })}
            onWindow={(window) => change((current) => withWindow(current, window))}
          />
          <PeriodFields
            window={choices.window}
            value={choices.period}
            errors={data.period.errors}
            onChange={(period) =>
              change((current) => ({
                ...current,
                period: typeof period === 'function' ? period(current.period) : period,
              }))
            }
          />
        </Box>
      </Paper>

      <ExplorerResults
        state={state}
        columns={data.columns}
        rows={data.rows}
        window={choices.window}
        caption={caption}
        onRetry={() => failed.forEach((q) => void q.refetch())}
      />
      {exporting && <ExportDialog open settings={exporting} onClose={() => setExporting(null)} />}
    </Box>
  );
}
