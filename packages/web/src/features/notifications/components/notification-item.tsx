import { Box, ListItemButton, Typography } from '@mui/material';
import type { NotificationObject } from '@vigil/domain';
import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import { deviceTitleOf } from '../model/notification-device.ts';
import { notificationTitle } from '../model/notification-title.ts';
import { LevelIcon } from './level-icon.tsx';
import { DisplayTime } from '../../../components/dates/display-time.tsx';

interface NotificationItemProps {
  notification: NotificationObject;
  selected?: boolean;
  onSelect(notification: NotificationObject): void;
}

/**
 * One notification of a list (requirements#monitoring-screens): level icon, title (bold while unread), device in
 * italics, date.
 */
export const NotificationItem = memo(function NotificationItem({
  notification,
  selected,
  onSelect,
}: NotificationItemProps) {
  const { t } = useTranslation('notifications');
  const unread = !notification.is_read;
  const device = deviceTitleOf(notification);
  return (
    <ListItemButton
      component="li"
      selected={selected}
      onClick={() => onSelect(notification)}
      sx={{
        alignItems: 'flex-start',
        gap: 1.5,
        py: 1.25,
        borderBottom: 1,
        borderColor: 'divider',
        bgcolor: unread ? 'action.hover' : undefined,
      }}
    >
      <LevelIcon level={notification.level} sx={{ mt: 0.25, flex: 'none' }} />
      <Box sx={{ minWidth: 0, flex: 1 }}>
        <Typography variant="body2" sx={{ fontWeight: unread ? 700 : 400, lineHeight: 1.4, overflowWrap: 'anywhere' }}>
          {notificationTitle(t, notification)}
        </Typography>
        {device && (
          <Typography variant="body2" color="text.secondary" noWrap sx={{ fontStyle: 'italic' }}>
            {device}
          </Typography>
        )}
        <DisplayTime iso={notification.created_at} sx={{ display: 'block', mt: 0.25 }} />
      </Box>
      {unread && (
        <Box
          role="img"
          aria-label={t('list.unread')}
          sx={{ width: 8, height: 8, borderRadius: '50%', bgcolor: 'primary.main', mt: 0.75, flex: 'none' }}
        />
      )}
    </ListItemButton>
  );
});
