import { useEffect, useState } from 'react';

/**
 * A chunk loaded on demand, shown without Suspense: `useModule()` is null until the chunk has
 * loaded, then the module. For drawings (maps, the side view): React 19 holds a Suspense boundary's
 * content back for up to 300 ms after any fallback on the page, so as to reveal boundaries together,
 * and a drawing whose data is in should not wait for that.
 */
export function moduleLoader<M extends object>(load: () => Promise<M>) {
  let loaded: M | null = null;
  let loading: Promise<M> | null = null;
  const start = () => (loading ??= load().then((module) => (loaded = module)));
  return {
    /** Starts loading the chunk alongside the data the drawing needs, rather than after it. */
    preload: () => void start(),
    useModule(): M | null {
      const [module, setModule] = useState(loaded);
      useEffect(() => {
        if (module) return;
        let live = true;
        void start().then((next) => live && setModule(next));
        return () => {
          live = false;
        };
      }, [module]);
      return module;
    },
  };
}
