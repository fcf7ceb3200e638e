import type { NotificationObject } from '@vigil/domain';
import { lazy, Suspense, useState } from 'react';
import { useMarkRead } from '../model/use-notification-data.ts';
import { useNotificationStream } from '../stream/use-notification-stream.ts';
import { NotificationBell } from './notification-bell.tsx';

// The drawer and the detail load when first opened: every signed-in page has the bell, few open it.
const NotificationDrawer = lazy(() =>
  import('./notification-drawer.tsx').then((m) => ({ default: m.NotificationDrawer })),
);
const EventDetailDialog = lazy(() =>
  import('../event-detail/event-detail-dialog.tsx').then((m) => ({ default: m.EventDetailDialog })),
);

/**
 * The notifications of the top bar: the live stream, the bell, the drawer and the event detail it
 * opens. Selecting a notification marks it read.
 */
export function NotificationCentre() {
  useNotificationStream();
  const [open, setOpen] = useState(false);
  const [opened, setOpened] = useState(false);
  const [selected, setSelected] = useState<NotificationObject | null>(null);
  const markRead = useMarkRead();

  const select = (notification: NotificationObject) => {
    setSelected(notification);
    if (!notification.is_read) markRead.mutate(notification);
  };

  return (
    <>
      <NotificationBell
        open={open}
        onClick={() => {
          setOpened(true);
          setOpen((value) => !value);
        }}
      />
      {opened && (
        <Suspense fallback={null}>
          <NotificationDrawer open={open} onClose={() => setOpen(false)} selectedId={selected?.id} onSelect={select} />
          <EventDetailDialog
            notification={selected}
            onClose={() => setSelected(null)}
            onNavigate={() => {
              setSelected(null);
              setOpen(false);
            }}
          />
        </Suspense>
      )}
    </>
  );
}
