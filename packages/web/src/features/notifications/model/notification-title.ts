import type { NotificationObject } from '@vigil/domain';
import type { TFunction } from 'i18next';

/** The state each "… state changed" type moves, as its context names it. */
const CHANGED_STATE: Partial<Record<string, string>> = {
  safety_state_changed: 'safety_state',
  operational_state_changed: 'operational_state',
  trend_state_changed: 'trend_state',
  abnormality_state_changed: 'abnormality_state',
  metric_quality_state_changed: 'metric_quality_state',
  metric_limits_state_changed: 'metric_limits_state',
  health_state_changed: 'health_state',
  connectivity_state_changed: 'connectivity_state',
  data_quality_issues_state_changed: 'data_quality_issues_state',
};

const known = (value: unknown): value is string => typeof value === 'string' && value !== '' && value !== 'unknown';
const text = (value: unknown) => (typeof value === 'string' || typeof value === 'number' ? String(value) : '');

/** A state value in words ('red' → "red"; other values as they come). */
export const stateName = (t: TFunction, value: unknown) =>
  t(`notifications:states.${text(value)}`, { defaultValue: text(value) || t('notifications:detail.na') });

/**
 * The title of a notification in the interface language, from its type and event context; the
 * server's English text when the type is not one the app words itself. "Safety State Changed from
 * {previous} to {current}" when both states are known (requirements#monitoring-states).
 */
export function notificationTitle(t: TFunction, n: Pick<NotificationObject, 'text' | 'notification_type' | 'extra'>) {
  const type = n.notification_type.name;
  const c = n.extra?.event_context ?? {};
  const metric = text(c.metric_label) || text(c.metric);
  const state = CHANGED_STATE[type];
  if (state) return changed(t, t(`notifications:stateNames.${state}`), c[`prev_${state}`], c[state]);
  switch (type) {
    case 'trend_state_trending':
      return t('notifications:titles.trending', { metric, rule: text(c.nelson_rule_number) });
    case 'abnormality_state_out_of_control':
      return t('notifications:titles.outOfControl', { metric });
    case 'unknown_payload_received':
      return c.eid
        ? t('notifications:titles.unknownPayloadFrom', { eid: text(c.eid) })
        : t('notifications:titles.unknownPayload');
    case 'invalid_metric_received':
      return t('notifications:titles.invalidMetric', { metric });
    case 'metric_limit_reached':
      return t('notifications:titles.limitReached', {
        metric,
        limit: t(`notifications:limits.${text(c.limit_level)}_${text(c.limit_bound)}`, { defaultValue: '' }),
      });
    case 'invalid_payload_received':
      return t('notifications:titles.invalidPayload');
    case 'advanced_indicator_state_changed':
      return changed(t, text(c.advanced_indicator_name), c.prev_advanced_indicator_state, c.advanced_indicator_state);
    default:
      return n.text;
  }
}

function changed(t: TFunction, name: string, previous: unknown, current: unknown) {
  if (known(previous) && known(current))
    return t('notifications:titles.changedFromTo', {
      name,
      previous: stateName(t, previous),
      current: stateName(t, current),
    });
  if (known(current)) return t('notifications:titles.changedTo', { name, current: stateName(t, current) });
  return t('notifications:titles.changed', { name });
}
