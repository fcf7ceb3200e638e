import { LinearProgress } from '@mui/material';
import { ENTITY_SEGMENT, STATE_TYPES, type StateType } from '@vigil/domain';
import { lazy, Suspense, type ReactNode } from 'react';
import { useLocation, useParams } from 'react-router';
import { CROSS_SECTION_SEGMENT } from '../../components/cross-section/section-paths.ts';
import { DashboardPage } from './page/dashboard-page.tsx';

// The virtual dashboards are chunks of their own: a page of cards opens without their code.
const EntityDashboard = lazy(async () => ({
  default: (await import('./entity/entity-dashboard.tsx')).EntityDashboard,
}));
const CrossSectionDashboard = lazy(async () => ({
  default: (await import('./cross-section/cross-section-dashboard.tsx')).CrossSectionDashboard,
}));

const loading = (page: ReactNode) => <Suspense fallback={<LinearProgress />}>{page}</Suspense>;

/**
 * `/safety-state/{dashboardPath*}` and `/operational-state/{dashboardPath*}` (requirements#monitoring-screens): a page
 * of
 * the stored tree, `device/{entityType}/{entityId}`, an entity dashboard, or `cross-section/{id}`, the
 * virtual dashboard of a cross section.
 */
export function DashboardRoute() {
  const { pathname } = useLocation();
  const splat = useParams()['*'] ?? '';
  const stateType = (STATE_TYPES.find((s) => pathname.startsWith(`/${s}/`)) ?? 'safety-state') as StateType;
  const segments = splat.split('/').filter(Boolean);
  if (segments[0] === ENTITY_SEGMENT) {
    return loading(
      <EntityDashboard
        key={splat}
        stateType={stateType}
        entityType={segments[1] ?? ''}
        entityId={decodeURIComponent(segments[2] ?? '')}
      />,
    );
  }
  if (segments[0] === CROSS_SECTION_SEGMENT) {
    const id = decodeURIComponent(segments[1] ?? '');
    return loading(<CrossSectionDashboard key={id} stateType={stateType} id={id} />);
  }
  return <DashboardPage key={`${stateType}/${splat}`} stateType={stateType} path={segments.join('/') || 'root'} />;
}
