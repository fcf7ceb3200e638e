import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { deviceChoicesQuery } from '../../api/registry.ts';
import { useSession } from '../../session/session-context.ts';
import { DevicePicker } from '../../components/device-picker/device-picker.tsx';

/** Narrows the alarms to one device, found by its title or EID. */
export function DeviceFilter({ value, onChange }: { value: string; onChange(id: string): void }) {
  const { t } = useTranslation('alarms');
  const { project } = useSession();
  const devices = useQuery(deviceChoicesQuery(project.id));
  const options = devices.data ?? [];
  return (
    <DevicePicker
      size="small"
      sx={{ minWidth: 260 }}
      devices={options}
      loading={devices.isPending}
      value={options.find((d) => d.id === value) ?? null}
      onChange={(device) => onChange(device?.id ?? '')}
      label={t('filters.device')}
    />
  );
}
