import {
  NOTIFICATION_TYPES,
  NOTIFICATIONS_PAGE_SIZE,
  type ListBody,
  type NotificationObject,
  type NotificationReader,
  type NotificationType,
} from '@vigil/domain';
import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import { API, api, listAll, withQuery, type Query } from './client.ts';
import { queryKeys } from './query-keys.ts';

const BASE = `${API.notifications}/notifications`;

/** The notifications service calls of requirements#monitoring-calls. */
export const notificationsApi = {
  /** One page, newest first; `query` holds the filters (see the notifications feature's list model). */
  list: (query: Query, page: number, signal?: AbortSignal) =>
    api.get<ListBody<NotificationObject>>(`${BASE}/`, {
      query: { ...query, ordering: '-created_at', paginate_by: NOTIFICATIONS_PAGE_SIZE, page },
      signal,
    }),
  /** Every notification matching `query`, for an export. */
  listAll: (query: Query) => listAll<NotificationObject>(`${BASE}/`, { query: { ...query, ordering: '-created_at' } }),
  /** Unread count: level all, read_status unread, paginate_by 1, reading count (requirements#monitoring-calls). */
  unreadCount: async () =>
    (
      await api.get<ListBody<unknown>>(`${BASE}/`, {
        query: { level: 'all', read_status: 'unread', paginate_by: 1, fields: 'id' },
        quiet: true,
      })
    ).count,
  types: async () =>
    (
      await listAll<{ name: NotificationType }>(`${API.notifications}/notification-types/`, {
        query: { fields: 'name' },
      })
    ).map((type) => type.name),
  markAsRead: (ids: string[]) => api.post<{ marked: number }>(`${BASE}/mark-as-read`, { ids }, { quiet: true }),
  markAllRead: () => api.post<{ marked: number }>(`${BASE}/mark-all-read`, undefined, { quiet: true }),
  readBy: async (id: string) =>
    (
      await api.get<{ read_by_users: NotificationReader[] }>(`${BASE}/${id}`, {
        query: { fields: 'read_by_users' },
        quiet: true,
      })
    ).read_by_users,
  /**
   * The stream's address: EventSource cannot send headers, so the token goes in the query (requirements#http-contract).
   */
  streamUrl: (token: string) => withQuery(`${BASE}/stream/`, { token }),
};

export const notificationListQuery = (projectId: string | null, query: Query) =>
  infiniteQueryOptions({
    queryKey: queryKeys.notifications.list(projectId, query),
    queryFn: ({ pageParam, signal }) => notificationsApi.list(query, pageParam, signal),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.page * last.paginate_by < last.count ? last.page + 1 : undefined),
    // The stream keeps lists current; a refetch on every mount would flash the placeholders.
    staleTime: Infinity,
  });

export const unreadCountQuery = (projectId: string | null) =>
  queryOptions({
    queryKey: queryKeys.notifications.unreadCount(projectId),
    queryFn: notificationsApi.unreadCount,
    staleTime: Infinity,
  });

/** The types the filter offers; the spec's list until the server has answered. */
export const notificationTypesQuery = () =>
  queryOptions({
    queryKey: queryKeys.notifications.types(),
    queryFn: notificationsApi.types,
    staleTime: Infinity,
    placeholderData: [...NOTIFICATION_TYPES],
  });

export const readByQuery = (id: string) =>
  queryOptions({
    queryKey: queryKeys.notifications.readBy(id),
    queryFn: () => notificationsApi.readBy(id),
    retry: false,
  });
