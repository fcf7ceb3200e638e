import { lazy, Suspense, useSyncExternalStore } from 'react';
import { hostStore } from './snackbars.ts';

const NotistackHost = lazy(() => import('./notistack-host.tsx'));

/** Where snackbars show: nothing, and no code loaded, until the first one is asked for. */
export function SnackbarHost() {
  const wanted = useSyncExternalStore(hostStore.subscribe, hostStore.wanted);
  return wanted ? (
    <Suspense fallback={null}>
      <NotistackHost />
    </Suspense>
  ) : null;
}
