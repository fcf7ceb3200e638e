import type { NotificationReader } from '@vigil/domain';
import type { NotificationsTable } from '../../db/schema.ts';
import { fromJson } from '../../db/values.ts';

export type NotificationRow = Omit<NotificationsTable, 'seq' | 'recipient_role'> & { seq: number };

/** A notification on the wire (requirements#monitoring-entities); `is_read` is the asking user's. */
export function presentNotification(row: NotificationRow, isRead: boolean, readers: NotificationReader[] = []) {
  return {
    id: row.id,
    text: row.text,
    is_read: isRead,
    created_at: row.created_at,
    icon: row.icon,
    level: row.level,
    read_by_users: readers,
    notification_type: { name: row.notification_type },
    extra: fromJson<Record<string, unknown>>(row.extra, {}),
  };
}
export type NotificationObject = ReturnType<typeof presentNotification>;
