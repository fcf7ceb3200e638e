import NotificationImportantOutlined from '@mui/icons-material/NotificationImportantOutlined';
import { Badge, IconButton, Popover, Skeleton, Tooltip } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { alarmListQuery } from '../../api/alarms.ts';
import { useSession } from '../../session/session-context.ts';

// The menu's content loads when it first opens: the top bar is on every page's first paint.
const AlarmMenu = lazy(async () => ({ default: (await import('./alarm-menu.tsx')).AlarmMenu }));

/**
 * The alarms awaiting an acknowledgement (not shelved, not suppressed), in the top bar beside the bell;
 * it opens a menu with who is on call now and next, and the way to the alarms.
 */
export function AlarmBadge() {
  const { t } = useTranslation('alarms');
  const { project, hasModule } = useSession();
  const menuId = useId();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const allowed = hasModule('notifications');
  const waiting = useQuery({ ...alarmListQuery(project.id, { scope: 'waiting', paginate_by: 1 }), enabled: allowed });
  if (!allowed) return null;
  const count = waiting.data?.count ?? 0;
  const close = () => setAnchor(null);
  return (
    <>
      <Tooltip title={t('badge.tooltip')}>
        <IconButton
          onClick={(event) => setAnchor(event.currentTarget)}
          aria-label={t('badge.label', { count })}
          aria-haspopup="dialog"
          aria-expanded={Boolean(anchor)}
          aria-controls={anchor ? menuId : undefined}
        >
          <Badge badgeContent={count} max={999} color="error">
            <NotificationImportantOutlined />
          </Badge>
        </IconButton>
      </Tooltip>
      <Popover
        id={menuId}
        open={Boolean(anchor)}
        anchorEl={anchor}
        onClose={close}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
        slotProps={{
          paper: { role: 'dialog', 'aria-label': t('menu.label'), sx: { width: 360, maxWidth: 'calc(100vw - 16px)' } },
        }}
      >
        <Suspense fallback={<Skeleton variant="rectangular" height={160} />}>
          <AlarmMenu waiting={count} onClose={close} />
        </Suspense>
      </Popover>
    </>
  );
}
