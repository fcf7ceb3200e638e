import { MenuItem, TextField } from '@mui/material';
import { presetListFor, presetRange, type AggregateInterval, type TimePreset } from '@vigil/domain';
import { useTranslation } from 'react-i18next';
import { localDate, type CustomRangeErrors } from '../../../components/dates/custom-range.ts';
import type { ExplorerPeriod } from '../model/explorer-choices.ts';

interface PeriodFieldsProps {
  window: AggregateInterval;
  value: ExplorerPeriod;
  errors: CustomRangeErrors;
  /** a new period, or a change to the period as last chosen (two quick edits must not undo each other) */
  onChange(period: ExplorerPeriod | ((current: ExplorerPeriod) => ExplorerPeriod)): void;
}

const CUSTOM = 'custom';

/**
 * The window's preset list (requirements#monitoring-constants) and a custom range of two dates, checked as they change
 * (requirements#monitoring-validation).
 */
export function PeriodFields({ window, value, errors, onChange }: PeriodFieldsProps) {
  const { t } = useTranslation('explorer');
  const today = localDate(new Date());
  const choose = (choice: string) => {
    if (choice !== CUSTOM) return onChange({ preset: choice as TimePreset });
    // A custom range starts as the preset it replaces, so it is valid until it is changed.
    const range = 'preset' in value ? presetRange(value.preset, new Date()) : null;
    onChange({ start: range ? localDate(range.from) : today, end: range ? localDate(range.to) : today });
  };
  return (
    <>
      <TextField
        select
        size="small"
        label={t('period.label')}
        value={'preset' in value ? value.preset : CUSTOM}
        onChange={(e) => choose(e.target.value)}
        helperText=" "
        // Two columns for a custom range, so that its dates follow it side by side.
        sx={{ gridColumn: 'preset' in value ? undefined : 'span 2' }}
      >
        {presetListFor(window).presets.map((p) => (
          <MenuItem key={p} value={p}>
            {t(`presets.${p}`)}
          </MenuItem>
        ))}
        <MenuItem value={CUSTOM}>{t('period.custom')}</MenuItem>
      </TextField>
      {'start' in value &&
        (['start', 'end'] as const).map((field) => (
          <TextField
            key={field}
            type="date"
            size="small"
            label={t(`period.${field}`)}
            value={value[field]}
            onChange={(e) => {
              const date = e.target.value;
              onChange((current) => ('start' in current ? { ...current, [field]: date } : current));
            }}
            error={Boolean(errors[field])}
            helperText={errors[field] ? t(`period.errors.${errors[field]}`) : ' '}
            slotProps={{ inputLabel: { shrink: true }, htmlInput: { max: today } }}
          />
        ))}
    </>
  );
}
