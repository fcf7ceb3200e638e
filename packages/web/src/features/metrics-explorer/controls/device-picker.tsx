import { MenuItem, Stack, TextField } from '@mui/material';
import type { BasicGroup } from '@vigil/domain';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { DeviceChoice } from '../../../api/registry.ts';
import { MAX_DEVICES } from '../model/explorer-choices.ts';
import { filterDevices, matchesSearch, schemesInUse, type DeviceFilter } from '../model/device-filter.ts';
import { DevicePicker as DeviceField, eidAndScheme } from '../../../components/device-picker/device-picker.tsx';

interface DevicePickerProps {
  devices: readonly DeviceChoice[];
  groups: readonly BasicGroup[];
  loading: boolean;
  failed: boolean;
  value: readonly DeviceChoice[];
  onChange(devices: DeviceChoice[]): void;
}

/** Devices to compare: narrowed by group and scheme, searched by title or EID, at most MAX_DEVICES. */
export function DevicePicker({ devices, groups, loading, failed, value, onChange }: DevicePickerProps) {
  const { t } = useTranslation('explorer');
  const [filter, setFilter] = useState<DeviceFilter>({ groupId: null, schemeId: null });
  // The chosen devices stay options (hidden from the list) when the filters leave them out.
  const options = useMemo(() => {
    const shown = filterDevices(devices, groups, filter);
    return [...value.filter((d) => !shown.includes(d)), ...shown];
  }, [devices, groups, filter, value]);
  const schemes = useMemo(() => schemesInUse(devices), [devices]);
  const full = value.length >= MAX_DEVICES;

  return (
    <Stack direction={{ xs: 'column', md: 'row' }} spacing={1.5}>
      <Stack direction="row" spacing={1.5} sx={{ flex: 'none', width: { xs: '100%', md: 380 } }}>
        <FilterChoice
          label={t('devices.group')}
          anyLabel={t('devices.allGroups')}
          value={filter.groupId}
          options={groups.map((g) => ({ id: g.id, name: g.title }))}
          onChange={(groupId) => setFilter((f) => ({ ...f, groupId }))}
        />
        <FilterChoice
          label={t('devices.scheme')}
          anyLabel={t('devices.allSchemes')}
          value={filter.schemeId}
          options={schemes}
          onChange={(schemeId) => setFilter((f) => ({ ...f, schemeId }))}
        />
      </Stack>
      <DeviceField
        multiple
        size="small"
        sx={{ flex: 1, minWidth: 0 }}
        devices={options}
        value={value as DeviceChoice[]}
        loading={loading}
        filterSelectedOptions
        onChange={(next) => onChange(next.slice(0, MAX_DEVICES))}
        filterOptions={(all, state) => all.filter((d) => matchesSearch(d, state.inputValue))}
        getOptionDisabled={() => full}
        noOptionsText={failed ? t('devices.failed') : t('devices.none')}
        loadingText={t('devices.loading')}
        detail={eidAndScheme}
        label={t('devices.label')}
        placeholder={value.length ? undefined : t('devices.placeholder')}
        helperText={full ? t('devices.full', { max: MAX_DEVICES }) : t('devices.helper', { max: MAX_DEVICES })}
      />
    </Stack>
  );
}

/** One filter of the device list: null (shown as `anyLabel`) keeps every device. */
function FilterChoice(props: {
  label: string;
  anyLabel: string;
  value: string | null;
  options: readonly { id: string; name: string }[];
  onChange(id: string | null): void;
}) {
  return (
    <TextField
      select
      size="small"
      label={props.label}
      value={props.value ?? ''}
      onChange={(e) => props.onChange(e.target.value || null)}
      sx={{ flex: 1, minWidth: 0 }}
    >
      <MenuItem value="">{props.anyLabel}</MenuItem>
      {props.options.map((option) => (
        <MenuItem key={option.id} value={option.id}>
          {option.name}
        </MenuItem>
      ))}
    </TextField>
  );
}
