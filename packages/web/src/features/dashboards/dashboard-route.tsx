import { ENTITY_SEGMENT, STATE_TYPES, type StateType } from '@vigil/domain';
import { useLocation, useParams } from 'react-router';
import { CROSS_SECTION_SEGMENT } from '../../components/cross-section/section-paths.ts';
import { CrossSectionDashboard } from './cross-section/cross-section-dashboard.tsx';
import { EntityDashboard } from './entity/entity-dashboard.tsx';
import { DashboardPage } from './page/dashboard-page.tsx';

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
    return (
      <EntityDashboard
        key={splat}
        stateType={stateType}
        entityType={segments[1] ?? ''}
        entityId={decodeURIComponent(segments[2] ?? '')}
      />
    );
  }
  if (segments[0] === CROSS_SECTION_SEGMENT) {
    const id = decodeURIComponent(segments[1] ?? '');
    return <CrossSectionDashboard key={id} stateType={stateType} id={id} />;
  }
  return <DashboardPage key={`${stateType}/${splat}`} stateType={stateType} path={segments.join('/') || 'root'} />;
}
