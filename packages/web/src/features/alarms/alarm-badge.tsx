import NotificationImportantOutlined from '@mui/icons-material/NotificationImportantOutlined';
import { Badge, IconButton, Tooltip } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { alarmListQuery } from '../../api/alarms.ts';
import { useSession } from '../../session/session-context.ts';

/** The alarms awaiting an acknowledgement (not shelved, not suppressed), in the top bar beside the bell. */
export function AlarmBadge() {
  const { t } = useTranslation('alarms');
  const { project, hasModule } = useSession();
  const allowed = hasModule('notifications');
  const waiting = useQuery({ ...alarmListQuery(project.id, { scope: 'waiting', paginate_by: 1 }), enabled: allowed });
  if (!allowed) return null;
  const count = waiting.data?.count ?? 0;
  return (
    <Tooltip title={t('badge.tooltip')}>
      <IconButton component={RouterLink} to="/alarms" aria-label={t('badge.label', { count })}>
        <Badge badgeContent={count} max={999} color="error">
          <NotificationImportantOutlined />
        </Badge>
      </IconButton>
    </Tooltip>
  );
}
