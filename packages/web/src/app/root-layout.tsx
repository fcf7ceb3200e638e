import { Suspense } from 'react';
import { Outlet } from 'react-router';
import { FullScreenLoader } from '../components/full-screen-loader.tsx';
import { SessionEventsHandler } from './session-events-handler.tsx';

/** Above every route: reacts to session expiry and server errors, and waits for translations. */
export function RootLayout() {
  return (
    <Suspense fallback={<FullScreenLoader />}>
      <SessionEventsHandler />
      <Outlet />
    </Suspense>
  );
}
