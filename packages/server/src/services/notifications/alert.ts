import { alertPriority, type NotificationLevel, type NotificationType } from '@vigil/domain';
import type { BusEvents } from '../../bus/bus.ts';

/**
 * The `alert` stream message that follows a live notification: the web app's snackbar (requirements#monitoring-states).
 */
export function presentAlert(notification: BusEvents['notification.created']['notification']) {
  const type = notification.notification_type.name as NotificationType;
  const level = notification.level as NotificationLevel;
  const extra = notification.extra as { monitored_entity?: { id?: string } | null } | undefined;
  return {
    priority: alertPriority(type, level),
    level,
    notification_type: type,
    text: notification.text,
    notification_id: notification.id,
    monitored_entity_id: extra?.monitored_entity?.id ?? null,
  };
}
