import type { NotificationType } from '@vigil/domain';
import type { EngineEntity } from './engine-entity.ts';

const title = (words: string) => words.charAt(0).toUpperCase() + words.slice(1);

/** "X State Changed from a to b" when both are known (requirements#monitoring-states), else "X State Changed to b". */
function changed(name: string, previous: unknown, current: unknown): string {
  const known = (v: unknown) => typeof v === 'string' && v !== '' && v !== 'unknown';
  if (known(previous) && known(current)) return `${name} State Changed from ${String(previous)} to ${String(current)}`;
  return known(current) ? `${name} State Changed to ${String(current)}` : `${name} State Changed`;
}

/** The English title of a notification; the web app may word it in the user's language from the type and context. */
export function notificationText(
  type: NotificationType,
  c: Record<string, unknown>,
  entity: EngineEntity | null,
): string {
  const metric = typeof c.metric_label === 'string' ? c.metric_label : 'a metric';
  switch (type) {
    case 'safety_state_changed':
      return changed('Safety', c.prev_safety_state, c.safety_state);
    case 'operational_state_changed':
      return changed('Operational', c.prev_operational_state, c.operational_state);
    case 'trend_state_changed':
      return changed('Trend', c.prev_trend_state, c.trend_state);
    case 'trend_state_trending':
      return `${metric} is trending (Nelson rule ${String(c.nelson_rule_number)})`;
    case 'abnormality_state_changed':
      return changed('Abnormality', c.prev_abnormality_state, c.abnormality_state);
    case 'abnormality_state_out_of_control':
      return `${metric} is out of control`;
    case 'unknown_payload_received':
      return `Payload received from an unknown device${entity ? '' : typeof c.eid === 'string' ? ` (${c.eid})` : ''}`;
    case 'metric_quality_state_changed':
      return changed('Metric Quality', c.prev_metric_quality_state, c.metric_quality_state);
    case 'invalid_metric_received':
      return `Invalid value of ${metric} received`;
    case 'metric_limit_reached':
      return `${metric} reached its ${String(c.limit_level ?? '')} ${String(c.limit_bound ?? '')} limit`.replace(
        /\s+/g,
        ' ',
      );
    case 'metric_limits_state_changed':
      return changed('Metric Limits', c.prev_metric_limits_state, c.metric_limits_state);
    case 'health_state_changed':
      return changed('Health', c.prev_health_state, c.health_state);
    case 'invalid_payload_received':
      return 'Invalid payload received';
    case 'connectivity_state_changed':
      return changed('Connectivity', c.prev_connectivity_state, c.connectivity_state);
    case 'data_quality_issues_state_changed':
      return changed('Data Quality Issues', c.prev_data_quality_issues_state, c.data_quality_issues_state);
    case 'advanced_indicator_state_changed':
      return `${title(String(c.advanced_indicator_name ?? 'Advanced indicator'))}: ${changed('Indicator', c.prev_advanced_indicator_state, c.advanced_indicator_state).replace('Indicator State Changed', 'state changed')}`;
  }
}
