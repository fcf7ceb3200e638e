import { MenuItem, TextField } from '@mui/material';
import { AGGREGATE_INTERVALS, type AggregateInterval, type MetricInfo } from '@vigil/domain';
import { useTranslation } from 'react-i18next';
import { EXPLORER_FUNCTIONS, type ExplorerFunction } from '../model/explorer-choices.ts';

interface AnalysisFieldsProps {
  metrics: readonly MetricInfo[];
  metric: string | null;
  fn: ExplorerFunction;
  window: AggregateInterval;
  onMetric(metric: string): void;
  onFunction(fn: ExplorerFunction): void;
  onWindow(window: AggregateInterval): void;
}

/** What is read and how it is aggregated: the metric, the function and the window (requirements#monitoring-calls). */
export function AnalysisFields({ metrics, metric, fn, window, onMetric, onFunction, onWindow }: AnalysisFieldsProps) {
  const { t } = useTranslation('explorer');
  return (
    <>
      <TextField
        select
        size="small"
        label={t('metric.label')}
        value={metric ?? ''}
        disabled={!metrics.length}
        onChange={(e) => onMetric(e.target.value)}
        helperText={metrics.length ? ' ' : t('metric.chooseDevices')}
      >
        {metrics.map((m) => (
          <MenuItem key={m.metric} value={m.metric}>
            {m.unit ? `${m.label} (${m.unit})` : m.label}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        select
        size="small"
        label={t('function.label')}
        value={fn}
        onChange={(e) => onFunction(e.target.value as ExplorerFunction)}
        helperText=" "
      >
        {EXPLORER_FUNCTIONS.map((f) => (
          <MenuItem key={f} value={f}>
            {t(`function.${f}`)}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        select
        size="small"
        label={t('window.label')}
        value={window}
        onChange={(e) => onWindow(e.target.value as AggregateInterval)}
        helperText=" "
      >
        {AGGREGATE_INTERVALS.map((w) => (
          <MenuItem key={w} value={w}>
            {t(`window.${w}`)}
          </MenuItem>
        ))}
      </TextField>
    </>
  );
}
