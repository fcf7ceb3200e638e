import { notifyManager, QueryClient } from '@tanstack/react-query';
import { ApiError } from '../api/api-error.ts';

/** Client errors (4xx) are answers, not glitches: only network failures and 5xx are retried. */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: 60_000,
      retry: (failures, error) => !(error instanceof ApiError && error.status < 500) && failures < 2,
      refetchOnWindowFocus: false,
    },
  },
});

let queued: Array<() => void> | null = null;
/**
 * Query updates that come in one task reach React in one task: by default each is a `setTimeout` of
 * its own, so that the eight charts of a page answered by one call were eight renders, layouts and
 * paints instead of one. The order of the notifications is kept.
 */
notifyManager.setScheduler((notify) => {
  if (queued) return void queued.push(notify);
  queued = [notify];
  setTimeout(() => {
    const run = queued!;
    queued = null;
    for (const each of run) each();
  }, 0);
});
