import { useCallback, useState } from 'react';
import { DEFAULT_FILTERS, notificationQuery, type NotificationFilters } from './notification-filters.ts';

/**
 * The filters a list shows and the query they make, fixed when applied: a period's range is taken
 * from the moment of Apply, so the list's query (and its cache entry) stays put until the next one.
 */
export function useAppliedFilters(historical: boolean) {
  const [applied, setApplied] = useState(() => ({
    filters: DEFAULT_FILTERS,
    query: notificationQuery(DEFAULT_FILTERS, new Date(), historical),
  }));
  const apply = useCallback(
    (filters: NotificationFilters) =>
      setApplied({ filters, query: notificationQuery(filters, new Date(), historical) }),
    [historical],
  );
  return { ...applied, apply };
}
