import NotificationsNoneOutlined from '@mui/icons-material/NotificationsNoneOutlined';
import { Alert, Box, Button, List, Skeleton, Stack, Typography } from '@mui/material';
import type { NotificationObject } from '@vigil/domain';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { useNotificationList } from '../model/use-notification-data.ts';
import { NotificationItem } from './notification-item.tsx';

interface NotificationListProps {
  list: ReturnType<typeof useNotificationList>;
  selectedId?: string | null;
  onSelect(notification: NotificationObject): void;
  label: string;
}

/**
 * A list of notifications with infinite scroll (requirements#monitoring-screens): five placeholder rows while the first
 * page loads, the next page fetched when the end of the list comes into view.
 */
export function NotificationList({ list, selectedId, onSelect, label }: NotificationListProps) {
  const { t } = useTranslation('notifications');
  const end = useRef<HTMLDivElement>(null);
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = list;

  useEffect(() => {
    const target = end.current;
    if (!target || !hasNextPage) return;
    const observer = new IntersectionObserver(([entry]) => {
      if (entry?.isIntersecting && !isFetchingNextPage) void fetchNextPage();
    });
    observer.observe(target);
    return () => observer.disconnect();
  }, [hasNextPage, isFetchingNextPage, fetchNextPage]);

  if (list.isPending) return <PlaceholderRows count={5} label={t('list.loading')} />;
  if (list.isError)
    return (
      <Alert
        severity="error"
        sx={{ m: 2 }}
        action={
          <Button color="inherit" size="small" onClick={() => void list.refetch()}>
            {t('list.retry')}
          </Button>
        }
      >
        {t('errors.fetchError')}
      </Alert>
    );
  const notifications = list.data.pages.flatMap((page) => page.objects);
  if (!notifications.length)
    return (
      <Stack spacing={1} sx={{ alignItems: 'center', textAlign: 'center', py: 6, px: 3, color: 'text.secondary' }}>
        <NotificationsNoneOutlined sx={{ fontSize: 40 }} />
        <Typography sx={{ fontWeight: 600 }}>{t('list.empty')}</Typography>
        <Typography variant="body2">{t('list.emptyHint')}</Typography>
      </Stack>
    );
  return (
    <>
      <List disablePadding aria-label={label}>
        {notifications.map((n) => (
          <NotificationItem key={n.id} notification={n} selected={n.id === selectedId} onSelect={onSelect} />
        ))}
      </List>
      {isFetchingNextPage && <PlaceholderRows count={2} label={t('list.loadingMore')} />}
      <Box ref={end} sx={{ height: 8 }} />
    </>
  );
}

/** Rows shaped like notifications while they load. */
function PlaceholderRows({ count, label }: { count: number; label: string }) {
  return (
    <Box role="progressbar" aria-label={label} aria-busy>
      {Array.from({ length: count }, (_, i) => (
        <Stack key={i} direction="row" spacing={1.5} sx={{ px: 2, py: 1.5, borderBottom: 1, borderColor: 'divider' }}>
          <Skeleton variant="circular" width={24} height={24} />
          <Box sx={{ flex: 1 }}>
            <Skeleton width="85%" />
            <Skeleton width="45%" />
            <Skeleton width="60%" height={16} />
          </Box>
        </Stack>
      ))}
    </Box>
  );
}
