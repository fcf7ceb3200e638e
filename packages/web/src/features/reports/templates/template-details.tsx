import { Autocomplete, Box, Chip, FormControlLabel, Stack, Switch, TextField } from '@mui/material';
import { LOCALES, REPORT_PERIODS, type Locale } from '@vigil/domain';
import { Controller, get, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { ChoiceField } from '../../../components/forms/choice-field.tsx';
import { browserTimeZone, TimeZoneField } from '../../../components/forms/time-zone-field.tsx';
import { messageKey } from '../model/field-message.ts';
import { BuilderPart } from './builder-part.tsx';
import type { TemplateForm } from './builder-types.ts';

/** A language by its own name ("Español"), as the profile's choice of language shows it. */
const ownName = (locale: Locale) => new Intl.DisplayNames([locale], { type: 'language' }).of(locale) ?? locale;

/** The template's own fields: name, period, language, schedule and recipients. */
export function TemplateDetails({ form, readOnly }: { form: TemplateForm; readOnly: boolean }) {
  const { t } = useTranslation('reports');
  const errors = form.formState.errors;
  const message = (path: string) => {
    const key = messageKey(get(errors, path));
    return key ? t(key) : undefined;
  };
  const schedule = useWatch({ control: form.control, name: 'schedule' });
  const grid = {
    display: 'grid',
    gap: 2,
    gridTemplateColumns: { xs: 'minmax(0, 1fr)', sm: 'repeat(2, minmax(0, 1fr))' },
  };
  return (
    <>
      <BuilderPart title={t('builder.details')} hint={t('builder.detailsHint')}>
        <Box sx={grid}>
          <TextField
            {...form.register('name')}
            label={t('fields.name')}
            required
            error={Boolean(errors.name)}
            helperText={message('name') ?? ' '}
            sx={{ gridColumn: { sm: '1 / -1' } }}
          />
          <Controller
            control={form.control}
            name="period"
            render={({ field }) => (
              <ChoiceField
                label={t('fields.period')}
                value={field.value}
                choices={REPORT_PERIODS}
                choiceLabel={(period) => t(`periods.${period}`)}
                onChange={field.onChange}
                helperText={t('fields.periodHint')}
              />
            )}
          />
          <Controller
            control={form.control}
            name="language"
            render={({ field }) => (
              <ChoiceField
                label={t('fields.language')}
                value={field.value ?? 'en-US'}
                choices={LOCALES}
                choiceLabel={ownName}
                onChange={field.onChange}
                helperText={t('fields.languageHint')}
              />
            )}
          />
        </Box>
      </BuilderPart>

      <BuilderPart title={t('builder.schedule')} hint={t('builder.scheduleHint')}>
        <Stack spacing={2}>
          <FormControlLabel
            control={
              <Switch
                checked={Boolean(schedule)}
                disabled={readOnly}
                onChange={(e) =>
                  form.setValue(
                    'schedule',
                    e.target.checked
                      ? { every: form.getValues('period'), day: 1, at: '06:00', timezone: browserTimeZone() }
                      : null,
                    { shouldDirty: true },
                  )
                }
              />
            }
            label={t('fields.scheduled')}
          />
          {schedule && (
            <Box sx={grid}>
              <Controller
                control={form.control}
                name="schedule.every"
                render={({ field }) => (
                  <ChoiceField
                    label={t('fields.every')}
                    value={field.value ?? 'month'}
                    choices={REPORT_PERIODS}
                    choiceLabel={(period) => t(`every.${period}`)}
                    onChange={field.onChange}
                  />
                )}
              />
              <TextField
                {...form.register('schedule.day', { valueAsNumber: true })}
                type="number"
                label={t(schedule.every === 'week' ? 'fields.weekDay' : 'fields.monthDay')}
                error={Boolean(get(errors, 'schedule.day'))}
                helperText={
                  message('schedule.day') ?? t(schedule.every === 'week' ? 'fields.weekDayHint' : 'fields.monthDayHint')
                }
                slotProps={{ htmlInput: { min: 1, max: schedule.every === 'week' ? 7 : 28 } }}
              />
              <TextField
                {...form.register('schedule.at')}
                type="time"
                label={t('fields.at')}
                error={Boolean(get(errors, 'schedule.at'))}
                helperText={message('schedule.at') ?? ' '}
                slotProps={{ inputLabel: { shrink: true } }}
              />
              <Controller
                control={form.control}
                name="schedule.timezone"
                render={({ field, fieldState }) => (
                  <TimeZoneField
                    label={t('fields.timezone')}
                    value={field.value ?? 'UTC'}
                    onChange={field.onChange}
                    disabled={readOnly}
                    error={Boolean(fieldState.error)}
                    helperText={fieldState.error ? t(messageKey(fieldState.error)!) : ' '}
                  />
                )}
              />
            </Box>
          )}
          <Controller
            control={form.control}
            name="recipients"
            render={({ field }) => (
              <RecipientsField
                value={field.value ?? []}
                onChange={field.onChange}
                readOnly={readOnly}
                invalid={(index) => Boolean(get(errors, `recipients.${index}`))}
                helperText={get(errors, 'recipients') ? t('errors.recipients') : t('fields.recipientsHint')}
              />
            )}
          />
        </Stack>
      </BuilderPart>
    </>
  );
}

/** E-mail addresses typed one by one (Enter, a comma or leaving the field adds one); a wrong one is red. */
function RecipientsField({
  value,
  onChange,
  readOnly,
  invalid,
  helperText,
}: {
  value: string[];
  onChange(value: string[]): void;
  readOnly: boolean;
  invalid(index: number): boolean;
  helperText: string;
}) {
  const { t } = useTranslation('reports');
  const anyInvalid = value.some((_, i) => invalid(i));
  return (
    <Autocomplete
      multiple
      freeSolo
      autoSelect
      options={[]}
      value={value}
      readOnly={readOnly}
      onChange={(_, texts) =>
        onChange(
          texts
            .flatMap((v) => String(v).split(/[,;\s]+/))
            .map((v) => v.trim())
            .filter((v, i, all) => v && all.indexOf(v) === i),
        )
      }
      renderValue={(texts, getItemProps) =>
        texts.map((text, index) => {
          const { key, ...props } = getItemProps({ index });
          return <Chip key={key} size="small" label={text} color={invalid(index) ? 'error' : 'default'} {...props} />;
        })
      }
      renderInput={(params) => (
        <TextField
          {...params}
          label={t('fields.recipients')}
          placeholder={value.length ? undefined : 'name@example.com'}
          error={anyInvalid}
          helperText={helperText}
        />
      )}
    />
  );
}
