import { useCallback, useInsertionEffect, useRef } from 'react';

/**
 * A function that keeps its identity and always runs the latest `fn`. uPlot keeps the callbacks it was
 * built with until the chart is built anew, so the formatters and zoom handlers handed to it must read
 * the current props; React's useEffectEvent may only be called from effects, not handed to a library.
 */
export function useLatestCallback<A extends unknown[], R>(fn: (...args: A) => R): (...args: A) => R {
  const latest = useRef(fn);
  // before any layout effect (uPlot is built in one), so a new chart already sees this render's `fn`
  useInsertionEffect(() => {
    latest.current = fn;
  });
  return useCallback((...args: A) => latest.current(...args), []);
}
