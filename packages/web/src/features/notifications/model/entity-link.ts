import { RULE_TYPE_OF_EVENT, type NotificationObject } from '@vigil/domain';

/**
 * Where the entity block's EID leads (requirements#monitoring-screens): the safety-state or operational-state view for
 * events of those states, else the entity's metric drill-down `/metrics/{stateType}/{entityId}/{entityType}`
 * with the state the event is about. The notification does not know the dashboard that shows the
 * entity, so the state views open at their root with the entity named in the query.
 */
export function entityViewPath(n: Pick<NotificationObject, 'extra' | 'notification_type'>): string | null {
  const entity = n.extra?.monitored_entity;
  if (!entity?.id) return null;
  const id = encodeURIComponent(entity.id);
  const view = n.extra.view;
  if (view === 'safety-state' || view === 'operational-state') return `/${view}/root?entity=${id}`;
  const stateType = RULE_TYPE_OF_EVENT[n.notification_type.name] ?? 'safety_state';
  return `/metrics/${stateType.replaceAll('_', '-')}/${id}/${entity.monitored_entity_type}`;
}
