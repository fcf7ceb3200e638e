import { eventTitle, stateName as domainStateName, type NotificationObject, type Translate } from '@vigil/domain';
import type { TFunction } from 'i18next';

/** i18next's `t` over the `notifications` texts: the wording itself is the domain's, shared with the server. */
const inNotifications =
  (t: TFunction): Translate =>
  (key, options) =>
    t(`notifications:${key}`, options);

/** A state value in words ('red' → "red"; other values as they come). */
export const stateName = (t: TFunction, value: unknown) => domainStateName(inNotifications(t), value);

/**
 * The title of a notification in the interface language, from its type and event context; the
 * server's English text when the type is not one the app words itself (requirements#monitoring-states).
 */
export function notificationTitle(t: TFunction, n: Pick<NotificationObject, 'text' | 'notification_type' | 'extra'>) {
  return eventTitle(inNotifications(t), {
    type: n.notification_type.name,
    context: n.extra?.event_context ?? {},
    text: n.text,
  });
}
