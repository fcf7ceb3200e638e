import NotificationsOutlined from '@mui/icons-material/NotificationsOutlined';
import { Badge, IconButton, Tooltip } from '@mui/material';
import { UNREAD_BADGE_CAP } from '@vigil/domain';
import { useTranslation } from 'react-i18next';
import { useUnreadCount } from '../model/use-notification-data.ts';

/** The bell of the top bar with the unread badge, capped at 999 (requirements#monitoring-screens). */
export function NotificationBell({ open, onClick }: { open: boolean; onClick(): void }) {
  const { t } = useTranslation('notifications');
  const unread = useUnreadCount().data ?? 0;
  const label = t('bell.label', { count: unread });
  return (
    <Tooltip title={t('bell.tooltip')}>
      <IconButton onClick={onClick} aria-label={label} aria-haspopup="dialog" aria-expanded={open}>
        <Badge badgeContent={unread} max={UNREAD_BADGE_CAP} color="error">
          <NotificationsOutlined />
        </Badge>
      </IconButton>
    </Tooltip>
  );
}
