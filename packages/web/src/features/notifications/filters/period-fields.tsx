import { MenuItem, Stack, TextField } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { localDate, type DateError } from '../../../components/dates/custom-range.ts';
import { PERIODS, type NotificationFilters, type Period } from '../model/notification-filters.ts';

interface PeriodFieldsProps {
  value: Pick<NotificationFilters, 'period' | 'start' | 'end'>;
  errors: { start?: DateError; end?: DateError };
  /** whether to show the errors (after a first Apply) */
  showErrors: boolean;
  onChange(value: Partial<NotificationFilters>): void;
}

/** The period picker, with start and end dates for a custom period (no future dates, start not after end). */
export function PeriodFields({ value, errors, showErrors, onChange }: PeriodFieldsProps) {
  const { t } = useTranslation('notifications');
  const today = localDate(new Date());
  const message = (error: DateError | undefined) => (showErrors && error ? t(`filters.dateErrors.${error}`) : ' ');
  return (
    <Stack spacing={1.5}>
      <TextField
        select
        size="small"
        label={t('filters.period')}
        value={value.period}
        onChange={(event) => onChange({ period: event.target.value as Period })}
      >
        {PERIODS.map((period) => (
          <MenuItem key={period} value={period}>
            {t(`filters.periods.${period}`)}
          </MenuItem>
        ))}
      </TextField>
      {value.period === 'custom' && (
        <Stack direction="row" spacing={1.5}>
          {(['start', 'end'] as const).map((field) => (
            <TextField
              key={field}
              type="date"
              size="small"
              fullWidth
              label={t(`filters.${field}`)}
              value={value[field] ?? ''}
              onChange={(event) => onChange({ [field]: event.target.value || null })}
              error={showErrors && Boolean(errors[field])}
              helperText={message(errors[field])}
              slotProps={{ inputLabel: { shrink: true }, htmlInput: { max: today } }}
            />
          ))}
        </Stack>
      )}
    </Stack>
  );
}
