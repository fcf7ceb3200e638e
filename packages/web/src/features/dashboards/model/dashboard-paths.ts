import { ENTITY_SEGMENT, type DashboardEntityRef, type StateType } from '@vigil/domain';

/** The address of a dashboard page: `/safety-state/root/north-crest`. */
export const pagePath = (stateType: StateType, path: string) => `/${stateType}/${path}`;

/** An entity's dashboard, generated from its scheme: `/safety-state/device/instrument/{id}`. */
export const entityDashboardPath = (stateType: StateType, entity: DashboardEntityRef) =>
  `/${stateType}/${ENTITY_SEGMENT}/${entity.entity_type}/${encodeURIComponent(entity.id)}`;

/** The metric drill-down of requirements#monitoring-screens: `/metrics/{stateType}/{entityId}/{entityType}`. */
export const metricsPath = (stateType: StateType, entity: DashboardEntityRef) =>
  `/metrics/${stateType}/${encodeURIComponent(entity.id)}/${entity.entity_type}`;
