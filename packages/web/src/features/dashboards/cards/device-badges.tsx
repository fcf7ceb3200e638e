import { Chip, Stack } from '@mui/material';
import { useTranslation } from 'react-i18next';
import type { DeviceSummary } from '../../../api/registry.ts';

/** Maintenance, turned-off and decommissioned badges: states read differently while these hold. */
export function DeviceBadges({
  device,
}: {
  device: Pick<DeviceSummary, 'maintenance_mode' | 'turned_off' | 'decommissioned'>;
}) {
  const { t } = useTranslation('dashboards');
  const badges = [
    device.maintenance_mode && t('badges.maintenance'),
    device.turned_off && t('badges.turnedOff'),
    device.decommissioned && t('badges.decommissioned'),
  ].filter(Boolean) as string[];
  if (!badges.length) return null;
  return (
    <Stack direction="row" spacing={0.5} sx={{ flexWrap: 'wrap' }}>
      {badges.map((badge) => (
        <Chip key={badge} label={badge} size="small" variant="outlined" color="warning" />
      ))}
    </Stack>
  );
}
