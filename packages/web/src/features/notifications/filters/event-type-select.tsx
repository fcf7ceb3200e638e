import { MenuItem, TextField } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import type { NotificationType } from '@vigil/domain';
import { useTranslation } from 'react-i18next';
import { notificationTypesQuery } from '../../../api/notifications.ts';

/** Select list height of requirements#monitoring-constants. */
const LIST_HEIGHT = 400;

/** The event type filter: all, then the notification types the service lists. */
export function EventTypeSelect({
  value,
  onChange,
}: {
  value: 'all' | NotificationType;
  onChange(value: 'all' | NotificationType): void;
}) {
  const { t } = useTranslation('notifications');
  const types = useQuery(notificationTypesQuery()).data ?? [];
  return (
    <TextField
      select
      size="small"
      label={t('filters.eventType')}
      value={value}
      onChange={(event) => onChange(event.target.value as 'all' | NotificationType)}
      slotProps={{ select: { MenuProps: { slotProps: { paper: { sx: { maxHeight: LIST_HEIGHT } } } } } }}
    >
      <MenuItem value="all">{t('filters.allTypes')}</MenuItem>
      {types.map((type) => (
        <MenuItem key={type} value={type}>
          {t(`types.${type}`, { defaultValue: type })}
        </MenuItem>
      ))}
    </TextField>
  );
}
