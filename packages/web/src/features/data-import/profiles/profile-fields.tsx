import { Autocomplete, Box, MenuItem, Stack, TextField } from '@mui/material';
import { IMPORT_FORMATS } from '@vigil/domain';
import { useMemo } from 'react';
import { Controller, useController, type Control, type UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { ChoiceField } from '../../../components/forms/choice-field.tsx';
import { TextsField } from '../../../components/forms/texts-field.tsx';
import type { ProfileFormValues } from '../model/profile-form.ts';

const DELIMITERS = { ',': 'comma', ';': 'semicolon', '\t': 'tab', '|': 'pipe' } as const;
const DECIMALS = { '.': 'point', ',': 'comma' } as const;

/** Every IANA zone the browser knows, UTC first. */
function timeZones(): string[] {
  const known = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  return ['UTC', ...known.filter((zone) => zone !== 'UTC')];
}

/**
 * A profile's own fields: name and format; for CSV its delimiter, decimal mark, timestamp column and
 * pattern; the logger's time zone and the texts that mean "no value".
 */
export function ProfileFields({
  form,
  headerColumns,
  onReadAgain,
}: {
  form: UseFormReturn<ProfileFormValues>;
  /** the sample file's columns, offered for the timestamp column */
  headerColumns: readonly string[] | null;
  /** the format or delimiter changed: the sample is read again */
  onReadAgain(): void;
}) {
  const { t } = useTranslation('dataImport');
  const zones = useMemo(timeZones, []);
  const csv = form.watch('format') === 'csv';
  const message = (name: keyof ProfileFormValues) => {
    const error = form.formState.errors[name];
    return error?.message ? t(`profile.errors.${error.message}`) : undefined;
  };
  const grid = { display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } };
  return (
    <Stack spacing={2}>
      <Box sx={grid}>
        <TextField
          {...form.register('name')}
          label={t('fields.name')}
          required
          error={Boolean(form.formState.errors.name)}
          helperText={message('name')}
        />
        <SampleReadingChoice
          control={form.control}
          name="format"
          label={t('fields.format')}
          choices={IMPORT_FORMATS}
          choiceLabel={(format) => t(`formats.${format}`)}
          onChosen={(format) => {
            if (format === 'toa5') {
              form.setValue('timestamp_column', 'TIMESTAMP');
              form.setValue('timestamp_format', 'ISO');
            }
            onReadAgain();
          }}
        />
      </Box>
      {csv && (
        <Box sx={{ ...grid, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr', md: 'repeat(4, 1fr)' } }}>
          <SampleReadingChoice
            control={form.control}
            name="delimiter"
            label={t('fields.delimiter')}
            choices={Object.keys(DELIMITERS)}
            choiceLabel={(delimiter) => t(`delimiters.${DELIMITERS[delimiter as keyof typeof DELIMITERS]}`)}
            onChosen={onReadAgain}
          />
          <Controller
            name="decimal"
            control={form.control}
            render={({ field }) => (
              <TextField select label={t('fields.decimal')} {...field}>
                {Object.entries(DECIMALS).map(([value, name]) => (
                  <MenuItem key={name} value={value}>
                    {t(`decimals.${name}`)}
                  </MenuItem>
                ))}
              </TextField>
            )}
          />
          <Controller
            name="timestamp_column"
            control={form.control}
            render={({ field, fieldState }) =>
              headerColumns ? (
                <TextField select label={t('fields.timestamp_column')} {...field}>
                  {headerColumns.map((column) => (
                    <MenuItem key={column} value={column}>
                      {column}
                    </MenuItem>
                  ))}
                </TextField>
              ) : (
                <TextField
                  {...field}
                  label={t('fields.timestamp_column')}
                  error={Boolean(fieldState.error)}
                  helperText={message('timestamp_column')}
                />
              )
            }
          />
          <TextField
            {...form.register('timestamp_format')}
            label={t('fields.timestamp_format')}
            error={Boolean(form.formState.errors.timestamp_format)}
            helperText={message('timestamp_format') ?? t('profile.timestampHint')}
          />
        </Box>
      )}
      <Box sx={grid}>
        <Controller
          name="timezone"
          control={form.control}
          render={({ field, fieldState }) => (
            <Autocomplete
              options={zones}
              value={field.value}
              disableClearable
              onChange={(_, value) => field.onChange(value)}
              renderInput={(params) => (
                <TextField
                  {...params}
                  label={t('fields.timezone')}
                  error={Boolean(fieldState.error)}
                  helperText={fieldState.error ? message('timezone') : t('profile.timezoneHint')}
                />
              )}
            />
          )}
        />
        <Controller
          name="nan_values"
          control={form.control}
          render={({ field }) => (
            <TextsField
              label={t('fields.nan_values')}
              helperText={t('profile.nanHint')}
              value={field.value}
              onChange={field.onChange}
            />
          )}
        />
      </Box>
    </Stack>
  );
}

/**
 * A choice that changes how the sample file is read (its format, its delimiter): once the form holds
 * the new value, `onChosen` reads the sample again.
 */
function SampleReadingChoice({
  control,
  name,
  label,
  choices,
  choiceLabel,
  onChosen,
}: {
  control: Control<ProfileFormValues>;
  name: 'format' | 'delimiter';
  label: string;
  choices: readonly string[];
  choiceLabel(choice: string): string;
  onChosen(choice: string): void;
}) {
  const { field } = useController({ control, name });
  return (
    <ChoiceField
      label={label}
      value={field.value}
      choices={choices}
      choiceLabel={choiceLabel}
      onChange={(choice) => {
        field.onChange(choice);
        onChosen(choice);
      }}
    />
  );
}
