import { ENTITY_SEGMENT, STATE_TYPES, type StateType } from '@vigil/domain';
import { useLocation, useParams } from 'react-router';
import { EntityDashboard } from './entity/entity-dashboard.tsx';
import { DashboardPage } from './page/dashboard-page.tsx';

/**
 * `/safety-state/{dashboardPath*}` and `/operational-state/{dashboardPath*}` (spec 001 §2): a page of
 * the stored tree, or `device/{entityType}/{entityId}`, an entity dashboard.
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
  return <DashboardPage key={`${stateType}/${splat}`} stateType={stateType} path={segments.join('/') || 'root'} />;
}
