import { createBrowserRouter, Navigate, type LoaderFunctionArgs, type RouteObject } from 'react-router';
import { STATE_TYPES } from '@vigil/domain';
import { sessionStore } from '../api/session-store.ts';
import { prefetchDashboardTree } from '../features/dashboards/model/prefetch-dashboard-tree.ts';
import { prefetchDevices } from '../features/device-registry/model/prefetch-devices.ts';
import { LogoutRoute } from './logout-route.tsx';
import { prefetchLanding } from './prefetch-landing.ts';
import { queryClient } from './query-client.ts';
import { RootLayout } from './root-layout.tsx';

// Dynamic imports: the login screen and the signed-in application load as separate chunks.
const loginScreen = async () => ({ Component: (await import('../features/auth/login-route.tsx')).LoginRoute });
const signedIn = (name: keyof typeof import('./signed-in/pages.tsx')) => async () => ({
  Component: (await import('./signed-in/pages.tsx'))[name],
});

/** A feature page that shows only when the user has its module (requirements#shell-screens). */
function gatedPage<M extends Record<string, unknown>>(load: () => Promise<M>, name: keyof M) {
  return async () => {
    const [module, { ModuleGate }] = await Promise.all([load(), import('./signed-in/module-gate.tsx')]);
    const Page = module[name] as React.ComponentType;
    return {
      Component: () => (
        <ModuleGate>
          <Page />
        </ModuleGate>
      ),
    };
  };
}

function RootRedirect() {
  return <Navigate to={sessionStore.get() ? '/gohome' : '/login'} replace />;
}

/** The routes of requirements#shell-screens. */
export const routes: RouteObject[] = [
  {
    Component: RootLayout,
    children: [
      { path: '/', Component: RootRedirect },
      { path: '/login', lazy: loginScreen },
      { path: '/reset-password', lazy: loginScreen },
      { path: '/logout', Component: LogoutRoute },
      {
        lazy: signedIn('SignedInLayout'),
        children: [
          {
            path: '/gohome',
            loader: () => {
              void prefetchLanding().catch(() => undefined);
              return null;
            },
            lazy: signedIn('LandingRedirect'),
          },
          {
            path: '/profile',
            lazy: async () => ({ Component: (await import('../features/profile/profile-page.tsx')).ProfilePage }),
          },
          { path: '/safety-state', element: <Navigate to="/safety-state/root" replace /> },
          { path: '/operational-state', element: <Navigate to="/operational-state/root" replace /> },
          { path: '/users', lazy: gatedPage(() => import('../features/users/users-page.tsx'), 'UsersPage') },
          { path: '/roles', lazy: gatedPage(() => import('../features/roles/roles-page.tsx'), 'RolesPage') },
          {
            path: '/permissions',
            lazy: gatedPage(() => import('../features/roles/permissions-page.tsx'), 'PermissionsPage'),
          },
          {
            path: '/alarms',
            lazy: gatedPage(() => import('../features/alarms/alarms-page.tsx'), 'AlarmsPage'),
          },
          {
            path: '/file-manager',
            lazy: gatedPage(() => import('../features/file-manager/file-manager-page.tsx'), 'FileManagerPage'),
          },
          {
            path: '/journal-manager',
            lazy: gatedPage(() => import('../features/journal-manager/journal-manager-page.tsx'), 'JournalManagerPage'),
          },
          {
            path: '/data-entry',
            lazy: gatedPage(() => import('../features/data-entry/data-entry-page.tsx'), 'DataEntryPage'),
          },
          {
            path: '/cross-sections/*',
            lazy: gatedPage(() => import('../features/cross-sections/cross-sections-route.tsx'), 'CrossSectionsRoute'),
          },
          {
            path: '/devices/*',
            // Not awaited, as the dashboards' below: the table's rows are fetched alongside the page's chunk.
            loader: ({ params, request }: LoaderFunctionArgs) => {
              if (params['*']) return null; // the table is the module's first page only
              const tab = new URL(request.url).searchParams.get('tab');
              prefetchDevices(queryClient, sessionStore.get()?.projectId, tab);
              return null;
            },
            lazy: gatedPage(
              () => import('../features/device-registry/device-registry-route.tsx'),
              'DeviceRegistryRoute',
            ),
          },
          {
            path: '/data-import/*',
            lazy: gatedPage(() => import('../features/data-import/data-import-route.tsx'), 'DataImportRoute'),
          },
          {
            path: '/reports/*',
            lazy: gatedPage(() => import('../features/reports/reports-route.tsx'), 'ReportsRoute'),
          },
          {
            path: '/notifications',
            lazy: gatedPage(() => import('../features/notifications/page/notifications-page.tsx'), 'NotificationsPage'),
          },
          ...STATE_TYPES.map((stateType) => ({
            path: `/${stateType}/*`,
            // Not awaited: the page's data is fetched alongside the session's start, not before the page.
            loader: ({ params }: LoaderFunctionArgs) => {
              const path = (params['*'] ?? '').split('/').filter(Boolean).join('/') || 'root';
              const projectId = sessionStore.get()?.projectId;
              // the tree at once; the charts' and map's part once the chunk that reads the tree has come
              if (projectId) void prefetchDashboardTree(queryClient, projectId, stateType).catch(() => undefined);
              void import('../features/dashboards/model/prefetch-dashboard.ts').then(({ prefetchDashboard }) =>
                prefetchDashboard(queryClient, projectId, stateType, path),
              );
              return null;
            },
            lazy: gatedPage(() => import('../features/dashboards/dashboard-route.tsx'), 'DashboardRoute'),
          })),
          {
            path: '/metrics',
            lazy: gatedPage(
              () => import('../features/metrics-explorer/metrics-explorer-page.tsx'),
              'MetricsExplorerPage',
            ),
          },
          {
            path: '/metrics/:stateType/:entityId/:entityType/:dataPointId?',
            lazy: gatedPage(() => import('../features/dashboards/chart-dashboard-route.tsx'), 'ChartDashboardRoute'),
          },
          { path: '*', lazy: signedIn('NotFoundPage') },
        ],
      },
    ],
  },
];

let router: ReturnType<typeof createBrowserRouter> | undefined;

/**
 * The app's router, made at the first call: its first route's chunks and loaders are asked for
 * then. main.tsx makes it once the texts and the session's start calls are asked for, which would
 * otherwise wait behind a page's hundred scripts for one of HTTP/1.1's six connections.
 */
export const appRouter = () => (router ??= createBrowserRouter(routes));
