import { MenuItem, TextField } from '@mui/material';
import { AGGREGATE_INTERVALS, type AggregateInterval, type MetricInfo } from '@vigil/domain';
import { useTranslation } from 'react-i18next';
import { ChoiceField } from '../../../components/forms/choice-field.tsx';
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
      <ChoiceField
        size="small"
        label={t('function.label')}
        value={fn}
        choices={EXPLORER_FUNCTIONS}
        choiceLabel={(f) => t(`function.${f}`)}
        onChange={onFunction}
        helperText=" "
      />
      <ChoiceField
        size="small"
        label={t('window.label')}
        value={window}
        choices={AGGREGATE_INTERVALS}
        choiceLabel={(w) => t(`window.${w}`)}
        onChange={onWindow}
        helperText=" "
      />
    </>
  );
}
