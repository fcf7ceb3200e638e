import { Autocomplete, Box, MenuItem, TextField, Typography } from '@mui/material';
import type { DeviceChoice } from '../../../api/registry.ts';
import type { MetricDefinition } from '@vigil/domain';
import { memo } from 'react';
import { Controller, useWatch, type Control, type UseFormSetValue } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { ProfileFormValues } from '../model/profile-form.ts';

/** The columns of a row: the file's column, its first values, device, metric, scale and offset. */
const GRID = {
  display: 'grid',
  columnGap: 2,
  rowGap: 1.5,
  alignItems: 'center',
  gridTemplateColumns: {
    xs: '1fr 1fr',
    md: 'minmax(140px, 1.1fr) minmax(260px, 2fr) minmax(180px, 1.4fr) 96px 96px',
  },
} as const;

export interface MappingChoices {
  devices: readonly DeviceChoice[];
  /** the raw metrics of each scheme, by scheme id */
  rawMetrics: ReadonlyMap<string, readonly MetricDefinition[]>;
}

/**
 * Beside each column of the file, the device (by EID or title) and one of its scheme's raw metrics
 * it feeds, with an optional scale and offset; columns left blank are not imported.
 */
export function ColumnMapping({
  control,
  setValue,
  samples,
  choices,
}: {
  control: Control<ProfileFormValues>;
  setValue: UseFormSetValue<ProfileFormValues>;
  /** the sample's first values of each column, by column name */
  samples: ReadonlyMap<string, readonly string[]>;
  choices: MappingChoices;
}) {
  const { t } = useTranslation('dataImport');
  const rows = useWatch({ control, name: 'columns' });
  return (
    <Box>
      <Box sx={{ ...GRID, display: { xs: 'none', md: 'grid' }, pb: 1, borderBottom: 1, borderColor: 'divider' }}>
        {(['column', 'device', 'metric', 'scale', 'offset'] as const).map((name) => (
          <Typography key={name} variant="subtitle2" component="div" color="text.secondary">
            {t(`mapping.${name}`)}
          </Typography>
        ))}
      </Box>
      {rows.map((row, index) => (
        <MappingRow
          key={`${index}:${row.column}`}
          index={index}
          column={row.column}
          unit={row.unit}
          samples={samples.get(row.column) ?? []}
          control={control}
          setValue={setValue}
          choices={choices}
        />
      ))}
    </Box>
  );
}

const MappingRow = memo(function MappingRow({
  index,
  column,
  unit,
  samples,
  control,
  setValue,
  choices,
}: {
  index: number;
  column: string;
  unit: string;
  samples: readonly string[];
  control: Control<ProfileFormValues>;
  setValue: UseFormSetValue<ProfileFormValues>;
  choices: MappingChoices;
}) {
  const { t } = useTranslation('dataImport');
  const eid = useWatch({ control, name: `columns.${index}.eid` });
  const device = choices.devices.find((d) => d.eid === eid) ?? null;
  const metrics = (device?.scheme && choices.rawMetrics.get(device.scheme.id)) || [];
  return (
    <Box role="group" aria-label={column} sx={{ ...GRID, py: 1.5, borderBottom: 1, borderColor: 'divider' }}>
      <Box sx={{ gridColumn: { xs: '1 / -1', md: 'auto' }, minWidth: 0 }}>
        <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
          {column}
          {unit && (
            <Typography component="span" variant="body2" color="text.secondary">
              {` (${unit})`}
            </Typography>
          )}
        </Typography>
        {samples.length > 0 && (
          <Typography variant="caption" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
            {samples.join(' · ')}
          </Typography>
        )}
      </Box>
      <Controller
        name={`columns.${index}.eid`}
        control={control}
        render={({ field }) => (
          <Autocomplete
            options={choices.devices}
            value={device}
            size="small"
            sx={{ gridColumn: { xs: '1 / -1', md: 'auto' } }}
            getOptionLabel={(d) => `${d.eid} · ${d.title}`}
            isOptionEqualToValue={(a, b) => a.id === b.id}
            onChange={(_, chosen) => {
              field.onChange(chosen?.eid ?? '');
              const offered = (chosen?.scheme && choices.rawMetrics.get(chosen.scheme.id)) || [];
              // A scheme of one raw metric leaves nothing to choose.
              setValue(`columns.${index}.metric`, offered.length === 1 ? offered[0]!.key : '', {
                shouldValidate: false,
              });
            }}
            renderInput={(params) => (
              <TextField {...params} label={t('mapping.device')} placeholder={t('mapping.notImported')} />
            )}
          />
        )}
      />
      <Controller
        name={`columns.${index}.metric`}
        control={control}
        render={({ field, fieldState }) => (
          <TextField
            select
            size="small"
            label={t('mapping.metric')}
            value={metrics.some((m) => m.key === field.value) ? field.value : ''}
            onChange={field.onChange}
            disabled={!device}
            error={Boolean(fieldState.error)}
            helperText={fieldState.error ? t(`profile.errors.${fieldState.error.message}`) : undefined}
            sx={{ gridColumn: { xs: '1 / -1', md: 'auto' } }}
          >
            {metrics.map((metric) => (
              <MenuItem key={metric.key} value={metric.key}>
                {metric.unit ? `${metric.label} (${metric.unit})` : metric.label}
              </MenuItem>
            ))}
          </TextField>
        )}
      />
      {(['scale', 'offset'] as const).map((name) => (
        <Controller
          key={name}
          name={`columns.${index}.${name}`}
          control={control}
          render={({ field, fieldState }) => (
            <TextField
              {...field}
              size="small"
              label={t(`mapping.${name}`)}
              placeholder={name === 'scale' ? '1' : '0'}
              disabled={!device}
              error={Boolean(fieldState.error)}
              helperText={fieldState.error ? t('profile.errors.number') : undefined}
              slotProps={{ htmlInput: { inputMode: 'decimal' } }}
            />
          )}
        />
      ))}
    </Box>
  );
});
