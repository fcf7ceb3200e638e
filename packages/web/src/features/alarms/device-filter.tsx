import { Autocomplete, TextField } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { deviceChoicesQuery } from '../../api/registry.ts';
import { useSession } from '../../app/session-context.ts';

/** Narrows the alarms to one device, found by its title or EID. */
export function DeviceFilter({ value, onChange }: { value: string; onChange(id: string): void }) {
  const { t } = useTranslation('alarms');
  const { project } = useSession();
  const devices = useQuery(deviceChoicesQuery(project.id));
  const options = devices.data ?? [];
  return (
    <Autocomplete
      size="small"
      sx={{ minWidth: 260 }}
      options={options}
      loading={devices.isPending}
      value={options.find((d) => d.id === value) ?? null}
      onChange={(_, device) => onChange(device?.id ?? '')}
      getOptionLabel={(d) => d.title}
      isOptionEqualToValue={(a, b) => a.id === b.id}
      renderInput={(params) => <TextField {...params} label={t('filters.device')} />}
    />
  );
}
