import { notifyManager, QueryObserver } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { queryClient } from './query-client.ts';

afterEach(() => {
  vi.useRealTimers();
  queryClient.clear();
});

describe('query updates reaching the page', () => {
  it('come in one task when they come in one task, in their order', () => {
    vi.useFakeTimers();
    const seen: string[] = [];
    for (const key of ['a', 'b', 'c'])
      // as useQuery subscribes
      new QueryObserver(queryClient, { queryKey: [key], enabled: false }).subscribe(
        notifyManager.batchCalls((result) => {
          if (result.data !== undefined) seen.push(key);
        }),
      );
    for (const key of ['a', 'b', 'c']) queryClient.setQueryData([key], 1);
    expect(seen).toEqual([]);
    expect(vi.getTimerCount()).toBe(1);
    vi.runOnlyPendingTimers();
    expect(seen).toEqual(['a', 'b', 'c']);
  });
});
