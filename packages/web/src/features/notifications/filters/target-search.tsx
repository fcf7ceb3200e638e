import { Autocomplete, Box, TextField, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { deviceChoicesQuery } from '../../../api/registry.ts';
import { useSession } from '../../../session/session-context.ts';
import type { FilterTarget } from '../model/notification-filters.ts';
import { matchTargets, targetOptions, type TargetOption } from '../model/target-options.ts';

/** The device-or-scheme search with suggestions (requirements#monitoring-screens). */
export function TargetSearch({
  value,
  onChange,
}: {
  value: FilterTarget | null;
  onChange(value: FilterTarget | null): void;
}) {
  const { t } = useTranslation('notifications');
  const { project } = useSession();
  const devices = useQuery(deviceChoicesQuery(project.id));
  const options = useMemo(() => targetOptions(devices.data ?? []), [devices.data]);
  const selected = value
    ? (options.find((o) => o.kind === value.kind && o.id === value.id) ?? { ...value, detail: '' })
    : null;
  return (
    <Autocomplete<TargetOption>
      size="small"
      options={options}
      value={selected}
      loading={devices.isPending}
      onChange={(_, option) => onChange(option && { kind: option.kind, id: option.id, label: option.label })}
      filterOptions={(all, state) => matchTargets(all, state.inputValue)}
      groupBy={(option) => t(option.kind === 'device' ? 'filters.devices' : 'filters.schemes')}
      getOptionLabel={(option) => option.label}
      isOptionEqualToValue={(a, b) => a.kind === b.kind && a.id === b.id}
      noOptionsText={devices.isError ? t('filters.targetsFailed') : t('filters.noTargets')}
      loadingText={t('filters.loadingTargets')}
      renderOption={({ key, ...props }, option) => (
        <Box component="li" key={key} {...props}>
          <Box sx={{ minWidth: 0 }}>
            <Typography variant="body2" noWrap>
              {option.label}
            </Typography>
            {option.detail && (
              <Typography variant="caption" color="text.secondary">
                {option.detail}
              </Typography>
            )}
          </Box>
        </Box>
      )}
      renderInput={(params) => (
        <TextField {...params} label={t('filters.target')} placeholder={t('filters.targetHint')} />
      )}
    />
  );
}
