import { NOTIFICATION_LEVELS, idSchema, isNotificationType } from '@vigil/domain';
import { z } from 'zod';
import { listQuerySchema, filterText } from '../../http/list-query.ts';
import { booleanText, idListText } from '../registry/params.ts';

const time = z.string().max(40);

/**
 * `GET notifications/` (requirements#monitoring-calls); `historical=true` lifts the floor of the user's own creation
 * time.
 */
export const notificationListQuery = listQuerySchema.extend({
  level: z.enum(['all', ...NOTIFICATION_LEVELS]).optional(),
  read_status: z.enum(['all', 'read', 'unread']).optional(),
  historical: booleanText.optional(),
  'created_at.from_time': time.optional(),
  'created_at.to_time': time.optional(),
  'extra.monitored_entity.id': idListText.optional(),
  'extra.monitored_entity.scheme.id': idListText.optional(),
  'extra.event_type': filterText
    .refine((text) => text.split(',').every(isNotificationType), 'Unknown notification type')
    .optional(),
});
export type NotificationListInput = z.infer<typeof notificationListQuery>;

export const markAsReadBody = z.object({ ids: z.array(idSchema).min(1).max(1000) });

/** `GET notifications/stream/`: the token comes as `?token=` (read by the auth hook) or as the header. */
export const streamQuery = z.object({
  token: z.string().max(200).optional(),
  fields: z.string().max(2000).optional(),
  excluded_fields: z.string().max(2000).optional(),
  /** for EventSource polyfills that cannot send the `Last-Event-ID` header */
  last_event_id: z
    .string()
    .regex(/^\d{1,15}$/, 'Use the id of the last event received')
    .optional(),
});
