import { MenuItem, Stack, TextField } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { deviceChoicesQuery, groupsQuery, type DeviceChoice } from '../../../api/registry.ts';
import { useSession } from '../../../session/session-context.ts';
import type { RoundDevice } from '../model/round.ts';
import { DevicePicker, eidAndScheme } from '../../../components/device-picker/device-picker.tsx';

const asRoundDevice = (d: DeviceChoice): RoundDevice => ({
  id: d.id,
  entity_type: d.monitored_entity_type,
  title: d.title,
  eid: d.eid,
});

const byTitle = new Intl.Collator(undefined, { numeric: true, sensitivity: 'base' });

/** Adds devices to the round: one found by title or EID, or every device of a group (a field visit's route). */
export function RoundPicker({
  inRound,
  onAdd,
}: {
  inRound: readonly RoundDevice[];
  onAdd(devices: RoundDevice[]): void;
}) {
  const { t } = useTranslation('dataEntry');
  const { project } = useSession();
  const devices = useQuery(deviceChoicesQuery(project.id));
  const groups = useQuery(groupsQuery(project.id));
  const [typed, setTyped] = useState('');
  // Only devices with a scheme have metrics to enter.
  const readable = useMemo(
    () => (devices.data ?? []).filter((d) => d.scheme).sort((a, b) => byTitle.compare(a.title, b.title)),
    [devices.data],
  );
  const taken = new Set(inRound.map((d) => d.id));
  const options = readable.filter((d) => !taken.has(d.id));
  const groupOptions = (groups.data ?? []).filter((g) => g.device_profiles.length > 0);

  const addGroup = (groupId: string) => {
    const members = new Set(groupOptions.find((g) => g.id === groupId)?.device_profiles ?? []);
    onAdd(readable.filter((d) => members.has(d.id)).map(asRoundDevice));
  };

  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ mb: 2 }}>
      <DevicePicker
        sx={{ flex: 2, minWidth: 0 }}
        devices={options}
        value={null}
        inputValue={typed}
        onInputChange={(_, value, reason) => setTyped(reason === 'reset' ? '' : value)}
        onChange={(device) => {
          if (device) onAdd([asRoundDevice(device)]);
          setTyped('');
        }}
        blurOnSelect
        loading={devices.isPending}
        filterOptions={(all, { inputValue }) => {
          const wanted = inputValue.trim().toLowerCase();
          return all.filter((d) => !wanted || `${d.title} ${d.eid}`.toLowerCase().includes(wanted));
        }}
        noOptionsText={devices.isError ? t('picker.failed') : t('picker.none')}
        loadingText={t('picker.loading')}
        detail={eidAndScheme}
        label={t('picker.device')}
        placeholder={t('picker.devicePlaceholder')}
      />
      <TextField
        select
        sx={{ flex: 1, minWidth: 0 }}
        label={t('picker.group')}
        value=""
        onChange={(e) => addGroup(e.target.value)}
        disabled={groupOptions.length === 0}
        helperText={groups.isError ? t('picker.groupsFailed') : undefined}
      >
        {groupOptions.map((g) => (
          <MenuItem key={g.id} value={g.id}>
            {t('picker.groupOption', { title: g.title, count: g.device_profiles.length })}
          </MenuItem>
        ))}
      </TextField>
    </Stack>
  );
}
