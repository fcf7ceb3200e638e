import { InputAdornment, TextField } from '@mui/material';
import { formatValue, type MetricDefinition } from '@vigil/domain';
import { useTranslation } from 'react-i18next';
import type { ValueCheck } from '../model/value-checks.ts';

interface MetricInputProps {
  metric: MetricDefinition;
  text: string;
  check: ValueCheck;
  /** what the server said about this value on the last submission */
  problem?: string;
  disabled?: boolean;
  onChange(text: string): void;
}

/** The colour of a limit's level, as states show it. */
export const levelColour = (level: 'warning' | 'critical') => (level === 'critical' ? 'error.main' : 'warning.dark');

/**
 * A raw value's field, checked as it is typed: not a number or beyond the scheme's invalid bounds is
 * an error (it would be refused); a limit reached is a warning naming its level, before submitting.
 */
export function MetricInput({ metric, text, check, problem, disabled, onChange }: MetricInputProps) {
  const { t, i18n } = useTranslation('dataEntry');
  const locale = i18n.resolvedLanguage ?? 'en-US';
  const number = (value: number) => formatValue(value, { decimals: metric.decimals }, locale) ?? String(value);
  const unit = metric.unit ? ` ${metric.unit}` : '';
  let helper = problem ?? ' ';
  let error = Boolean(problem);
  let colour: string | undefined;
  if (!problem && check.kind === 'notNumber') {
    helper = t('check.notNumber');
    error = true;
  } else if (!problem && check.kind === 'refused') {
    const above = check.value > check.range.upper;
    helper = t(above ? 'check.refusedAbove' : 'check.refusedBelow', {
      bound: `${number(above ? check.range.upper : check.range.lower)}${unit}`,
    });
    error = true;
  } else if (!problem && check.kind === 'ok' && check.hit) {
    helper = t(`check.limit.${check.hit.level}`, { limit: `${number(check.hit.limit.value)}${unit}` });
    colour = levelColour(check.hit.level);
  }
  return (
    <TextField
      label={metric.label}
      value={text}
      onChange={(e) => onChange(e.target.value)}
      disabled={disabled}
      error={error}
      helperText={helper}
      color={colour ? 'warning' : undefined}
      fullWidth
      slotProps={{
        htmlInput: { inputMode: 'decimal', autoComplete: 'off', spellCheck: false },
        input: metric.unit ? { endAdornment: <InputAdornment position="end">{metric.unit}</InputAdornment> } : {},
        formHelperText: colour ? { sx: { color: colour, fontWeight: 500 } } : undefined,
      }}
      sx={colour ? { '& .MuiOutlinedInput-notchedOutline': { borderColor: colour, borderWidth: 2 } } : undefined}
    />
  );
}
