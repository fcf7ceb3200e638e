import { useEffect, useState } from 'react';

/** Long enough for a loaded main thread to paint the first view first; short enough not to be seen waiting. */
const IDLE_TIMEOUT_MS = 300;

/**
 * False until the browser is idle after the component's first paint (or {@link IDLE_TIMEOUT_MS} have
 * passed): for parts of a map its first view can do without, such as the world under the site plan
 * and the device search, so that they do not hold back the markers.
 */
export function useAfterFirstPaint(): boolean {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    const done = () => setReady(true);
    if (typeof requestIdleCallback === 'function') {
      const handle = requestIdleCallback(done, { timeout: IDLE_TIMEOUT_MS });
      return () => cancelIdleCallback(handle);
    }
    const timer = setTimeout(done, 0);
    return () => clearTimeout(timer);
  }, []);
  return ready;
}
