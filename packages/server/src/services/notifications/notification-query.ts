import { NOTIFICATION_WINDOW_HOURS, NOTIFICATIONS_PAGE_SIZE } from '@vigil/domain';
import { parseListQuery, type ListQuery, type ListQueryInput, type ListSpec } from '../../http/list-query.ts';
import type { NotificationListInput } from './params.ts';

/**
 * The notifications list (requirements#monitoring-calls): newest first; the `extra.*` filters read the denormalised
 * columns.
 */
export const notificationList: ListSpec = {
  columns: {
    created_at: 'n.created_at',
    level: 'n.level',
    'extra.event_type': 'n.notification_type',
    'extra.monitored_entity.id': 'n.entity_id',
    'extra.monitored_entity.scheme.id': 'n.scheme_id',
  },
  filters: ['level', 'extra.event_type', 'extra.monitored_entity.id', 'extra.monitored_entity.scheme.id'],
  ranges: ['created_at'],
  orderings: ['created_at'],
  defaultOrdering: '-created_at',
  tieBreaker: 'n.seq',
};

export type ReadStatus = 'all' | 'read' | 'unread';

export interface NotificationQuery extends ListQuery {
  readStatus: ReadStatus;
}

const later = (a: string, b: string) => (a > b ? a : b);
const dayBefore = (now: Date) => new Date(now.getTime() - NOTIFICATION_WINDOW_HOURS * 3_600_000).toISOString();

/** The earliest time a user sees by default: 24 hours ago, and never before the user existed. */
export const windowStart = (now: Date, userCreatedAt: string) => later(dayBefore(now), userCreatedAt);

/**
 * The list helper's reading of the query, plus what it cannot take as it comes: `read_status`,
 * `level=all`, `historical`, and the default lower bound of `created_at` (24 hours ago), which is
 * raised to the user's creation time unless `historical=true`.
 */
export function parseNotificationQuery(input: NotificationListInput, userCreatedAt: string, now: Date) {
  const { read_status, historical, level, ...rest } = input;
  const generic: ListQueryInput = level && level !== 'all' ? { ...rest, level } : rest;
  const query = parseListQuery(generic, notificationList);
  const given = query.ranges.find((r) => r.column === 'n.created_at' && r.op === '>=')?.value;
  const asked = given ?? dayBefore(now);
  const from = historical === 'true' || historical === '1' ? asked : later(asked, userCreatedAt);
  return {
    ...query,
    paginateBy: input.paginate_by ?? NOTIFICATIONS_PAGE_SIZE,
    ranges: [...query.ranges.filter((r) => r.op !== '>='), { column: 'n.created_at', op: '>=' as const, value: from }],
    readStatus: read_status ?? 'all',
  } satisfies NotificationQuery;
}
