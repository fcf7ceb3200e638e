import type { NotificationObject } from '@vigil/domain';

export interface BodyProps {
  notification: NotificationObject;
}

/** The event context of a notification, as an object of unknown values. */
export const contextOf = (n: NotificationObject): Record<string, unknown> => n.extra?.event_context ?? {};

/** A nested object of the context (nelson_rule_1, extra), or an empty one. */
export const objectOf = (value: unknown): Record<string, unknown> =>
  value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
