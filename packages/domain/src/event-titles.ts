/**
 * How Vigil words events and alarms for people, in their language: the notification titles of the web
 * app, the "What" of call-out messages and the states of reports (ADR 0050). The texts are the web
 * app's locale files (events: the `notifications` namespace's `titles.*`, `states.*`, `stateNames.*`,
 * `limits.*`, `detail.na`; alarms: the `alarms` namespace's `sources.*`); each side reads them through
 * its own lookup, given here as a `Translate` of one namespace.
 */

/** Interpolation values of a text, and the text to answer when its key is missing. */
export interface TranslateOptions {
  defaultValue?: string;
  [name: string]: string | number | undefined;
}

/** The text of a key of one namespace (e.g. `titles.changedTo`) in one language, `{{name}}` filled in. */
export type Translate = (key: string, options?: TranslateOptions) => string;

/** What an event is, as far as its wording goes; `text` is the rules engine's English text. */
export interface WordedEvent {
  type: string;
  context: Record<string, unknown>;
  text: string;
}

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
export const stateName = (t: Translate, value: unknown): string =>
  t(`states.${text(value)}`, { defaultValue: text(value) || t('detail.na') });

/**
 * An event in words, from its type and context; the engine's English text when the type is not one
 * Vigil words itself. "Safety State Changed from {previous} to {current}" when both states are known
 * (requirements#monitoring-states).
 */
export function eventTitle(t: Translate, event: WordedEvent): string {
  const c = event.context;
  const metric = text(c.metric_label) || text(c.metric);
  const state = CHANGED_STATE[event.type];
  if (state) return changed(t, t(`stateNames.${state}`), c[`prev_${state}`], c[state]);
  switch (event.type) {
    case 'trend_state_trending':
      return t('titles.trending', { metric, rule: text(c.nelson_rule_number) });
    case 'abnormality_state_out_of_control':
      return t('titles.outOfControl', { metric });
    case 'unknown_payload_received':
      return c.eid ? t('titles.unknownPayloadFrom', { eid: text(c.eid) }) : t('titles.unknownPayload');
    case 'invalid_metric_received':
      return t('titles.invalidMetric', { metric });
    case 'metric_limit_reached':
      return t('titles.limitReached', {
        metric,
        limit: t(`limits.${text(c.limit_level)}_${text(c.limit_bound)}`, { defaultValue: '' }),
      });
    case 'invalid_payload_received':
      return t('titles.invalidPayload');
    case 'advanced_indicator_state_changed':
      return changed(t, text(c.advanced_indicator_name), c.prev_advanced_indicator_state, c.advanced_indicator_state);
    default:
      return event.text;
  }
}

function changed(t: Translate, name: string, previous: unknown, current: unknown) {
  if (known(previous) && known(current))
    return t('titles.changedFromTo', { name, previous: stateName(t, previous), current: stateName(t, current) });
  if (known(current)) return t('titles.changedTo', { name, current: stateName(t, current) });
  return t('titles.changed', { name });
}

/** What raised an alarm ("Metric limits", "Indicator {{detail}}"), from its source (`kind` or `kind:detail`). */
export function alarmSourceName(t: Translate, source: string): string {
  const at = source.indexOf(':');
  const [kind, detail] = at < 0 ? [source, ''] : [source.slice(0, at), source.slice(at + 1)];
  return t(`sources.${kind}`, { detail, defaultValue: source });
}
