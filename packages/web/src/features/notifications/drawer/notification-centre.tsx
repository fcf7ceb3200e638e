import type { NotificationObject } from '@vigil/domain';
import { useState } from 'react';
import { EventDetailDialog } from '../event-detail/event-detail-dialog.tsx';
import { useMarkRead } from '../model/use-notification-data.ts';
import { useNotificationStream } from '../stream/use-notification-stream.ts';
import { NotificationBell } from './notification-bell.tsx';
import { NotificationDrawer } from './notification-drawer.tsx';

/**
 * The notifications of the top bar: the live stream, the bell, the drawer and the event detail it
 * opens. Selecting a notification marks it read.
 */
export function NotificationCentre() {
  useNotificationStream();
  const [open, setOpen] = useState(false);
  const [selected, setSelected] = useState<NotificationObject | null>(null);
  const markRead = useMarkRead();

  const select = (notification: NotificationObject) => {
    setSelected(notification);
    if (!notification.is_read) markRead.mutate(notification);
  };

  return (
    <>
      <NotificationBell open={open} onClick={() => setOpen((value) => !value)} />
      <NotificationDrawer open={open} onClose={() => setOpen(false)} selectedId={selected?.id} onSelect={select} />
      <EventDetailDialog
        notification={selected}
        onClose={() => setSelected(null)}
        onNavigate={() => {
          setSelected(null);
          setOpen(false);
        }}
      />
    </>
  );
}
