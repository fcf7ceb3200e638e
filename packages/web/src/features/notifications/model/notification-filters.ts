import { NOTIFICATION_LEVELS, type NotificationLevel, type NotificationType } from '@vigil/domain';
import type { Query } from '../../../api/client.ts';
import { customRange, customRangeErrors, localDate, startOfLocalDay } from '../../../components/dates/custom-range.ts';

/** The filter panel's choices (requirements#monitoring-screens, requirements#shell-constants). */
export const READ_STATUSES = ['all', 'read', 'unread'] as const;
export type ReadStatus = (typeof READ_STATUSES)[number];
export const LEVEL_FILTERS = ['all', ...NOTIFICATION_LEVELS] as const;
export type LevelFilter = 'all' | NotificationLevel;
/** The notification time presets, then a custom range. */
export const PERIODS = ['oneDay', 'yesterday', 'sevenDays', 'oneMonth', 'threeMonths', 'custom'] as const;
export type Period = (typeof PERIODS)[number];

/** A device, or every device of a scheme, that the list is narrowed to. */
export interface FilterTarget {
  kind: 'device' | 'scheme';
  id: string;
  label: string;
}

export interface NotificationFilters {
  readStatus: ReadStatus;
  level: LevelFilter;
  period: Period;
  /** local dates (YYYY-MM-DD) of a custom period */
  start: string | null;
  end: string | null;
  eventType: 'all' | NotificationType;
  target: FilterTarget | null;
}

export const DEFAULT_FILTERS: NotificationFilters = {
  readStatus: 'all',
  level: 'all',
  period: 'oneDay',
  start: null,
  end: null,
  eventType: 'all',
  target: null,
};

const monthsBefore = (now: Date, months: number) => {
  const date = new Date(now);
  date.setMonth(date.getMonth() - months);
  return date;
};

/**
 * The created_at range of a period at `now`: one day is the last 24 hours, yesterday the previous
 * local calendar day, seven days, one month and three months end now; custom runs from the start
 * of its first day to the end of its last. Null for a custom period that is not valid.
 */
export function periodRange(filters: Pick<NotificationFilters, 'period' | 'start' | 'end'>, now: Date) {
  const today = startOfLocalDay(localDate(now));
  switch (filters.period) {
    case 'oneDay':
      return { from: new Date(now.getTime() - 24 * 3_600_000), to: null };
    case 'yesterday':
      return {
        from: new Date(today.getFullYear(), today.getMonth(), today.getDate() - 1),
        to: new Date(today.getTime() - 1),
      };
    case 'sevenDays':
      return { from: new Date(now.getTime() - 7 * 86_400_000), to: null };
    case 'oneMonth':
      return { from: monthsBefore(now, 1), to: null };
    case 'threeMonths':
      return { from: monthsBefore(now, 3), to: null };
    case 'custom': {
      if (Object.keys(customRangeErrors(filters.start, filters.end, now)).length) return null;
      return customRange(filters.start!, filters.end!);
    }
  }
}

/**
 * The list call's filters (requirements#monitoring-calls). One day is the server's default window, so it sends no
 * range and its query stays the same from one moment to the next. `historical` lifts the floor of
 * the user's creation time: the notifications page shows the project's history, the drawer what
 * is new to the user.
 */
export function notificationQuery(filters: NotificationFilters, now: Date, historical = false): Query {
  const range = filters.period === 'oneDay' ? null : periodRange(filters, now);
  return {
    level: filters.level === 'all' ? undefined : filters.level,
    read_status: filters.readStatus === 'all' ? undefined : filters.readStatus,
    'created_at.from_time': range?.from.toISOString(),
    'created_at.to_time': range?.to?.toISOString(),
    'extra.event_type': filters.eventType === 'all' ? undefined : filters.eventType,
    'extra.monitored_entity.id': filters.target?.kind === 'device' ? filters.target.id : undefined,
    'extra.monitored_entity.scheme.id': filters.target?.kind === 'scheme' ? filters.target.id : undefined,
    historical: historical ? 'true' : undefined,
  };
}

/** How many filters differ from the defaults, for the filter button's badge. */
export function changedFilterCount(filters: NotificationFilters): number {
  return (
    Number(filters.readStatus !== 'all') +
    Number(filters.level !== 'all') +
    Number(filters.period !== 'oneDay') +
    Number(filters.eventType !== 'all') +
    Number(filters.target !== null)
  );
}
