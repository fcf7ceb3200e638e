import type { InfiniteData } from '@tanstack/react-query';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ListBody, NotificationObject } from '@vigil/domain';
import { useSnackbar } from '../../../components/snackbars/snackbars.ts';
import { useTranslation } from 'react-i18next';
import type { Query } from '../../../api/client.ts';
import { notificationListQuery, notificationsApi, unreadCountQuery } from '../../../api/notifications.ts';
import { queryKeys } from '../../../api/query-keys.ts';
import { useSession } from '../../../session/session-context.ts';

type ListData = InfiniteData<ListBody<NotificationObject>>;

/** One filtered list, page by page (20 a page), newest first. */
export function useNotificationList(query: Query) {
  const { project } = useSession();
  return useInfiniteQuery(notificationListQuery(project.id, query));
}

export function useUnreadCount() {
  const { project } = useSession();
  return useQuery(unreadCountQuery(project.id));
}

/**
 * Marks one notification read (on selection, requirements#monitoring-states): every list shows it read at once and the
 * badge drops by one; the count is then fetched again. A failure shows updateError.
 */
export function useMarkRead() {
  const { t } = useTranslation('notifications');
  const { project } = useSession();
  const queryClient = useQueryClient();
  const { enqueueSnackbar } = useSnackbar();
  const lists = queryKeys.notifications.lists(project.id);
  const unread = queryKeys.notifications.unreadCount(project.id);
  return useMutation({
    mutationFn: (notification: NotificationObject) => notificationsApi.markAsRead([notification.id]),
    onMutate: async (notification) => {
      if (notification.is_read) return;
      await queryClient.cancelQueries({ queryKey: unread });
      queryClient.setQueriesData<ListData>({ queryKey: lists }, (data) => markInPages(data, notification.id));
      queryClient.setQueryData<number>(unread, (count) => (count === undefined ? count : Math.max(0, count - 1)));
    },
    onError: () => {
      enqueueSnackbar(t('errors.updateError'), { variant: 'error' });
      void queryClient.invalidateQueries({ queryKey: lists });
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: unread }),
  });
}

/** Marks every notification of the project read by the user. */
export function useMarkAllRead() {
  const { t } = useTranslation('notifications');
  const { project } = useSession();
  const queryClient = useQueryClient();
  const { enqueueSnackbar } = useSnackbar();
  return useMutation({
    mutationFn: notificationsApi.markAllRead,
    onSuccess: () => {
      queryClient.setQueriesData<ListData>({ queryKey: queryKeys.notifications.lists(project.id) }, (data) =>
        markInPages(data, null),
      );
      queryClient.setQueryData(queryKeys.notifications.unreadCount(project.id), 0);
    },
    onError: () => enqueueSnackbar(t('errors.updateError'), { variant: 'error' }),
    onSettled: async () => {
      await queryClient.invalidateQueries({ queryKey: queryKeys.notifications.lists(project.id) });
      await queryClient.invalidateQueries({ queryKey: queryKeys.notifications.unreadCount(project.id) });
    },
  });
}

/** The list with one notification (or all, for null) read. */
function markInPages(data: ListData | undefined, id: string | null): ListData | undefined {
  if (!data) return data;
  return {
    ...data,
    pages: data.pages.map((page) => ({
      ...page,
      objects: page.objects.map((n) => (id === null || n.id === id ? { ...n, is_read: true } : n)),
    })),
  };
}
