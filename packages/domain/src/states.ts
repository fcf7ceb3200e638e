/**
 * State colours and priorities (requirements#monitoring-states), the one place that maps a state to how urgent it is.
 * Priority 1 is the most urgent; unknown values are grey, priority 6.
 */
/** The two state dashboards' kinds; without schemas, so that the web app's entry can route by them. */
export const STATE_TYPES = ['safety-state', 'operational-state'] as const;
export type StateType = (typeof STATE_TYPES)[number];
/** The entity state a dashboard of each type shows. */
export const STATE_FIELD = { 'safety-state': 'safety_state', 'operational-state': 'operational_state' } as const;
/** The path segment of entity dashboards (`/safety-state/device/{type}/{id}`); no page may use it. */
export const ENTITY_SEGMENT = 'device';

export const STATE_COLOURS = ['red', 'orange', 'yellow', 'blue', 'green', 'grey', 'black'] as const;
export type StateColour = (typeof STATE_COLOURS)[number];

const PRIORITY: Record<StateColour, number> = { red: 1, orange: 2, yellow: 3, blue: 4, green: 5, grey: 6, black: 7 };

/** A state value's colour: one of the seven, anything else grey. */
export function stateColour(value: string | null | undefined): StateColour {
  return (STATE_COLOURS as readonly string[]).includes(value ?? '') ? (value as StateColour) : 'grey';
}

/** Priority of a state value: red 1 … black 7, unknown 6. */
export function statePriority(value: string | null | undefined): number {
  return PRIORITY[stateColour(value)];
}

/** The most urgent of several states (for a group, a map cluster or an interface node). */
export function mostUrgentState(values: ReadonlyArray<string | null | undefined>): StateColour {
  return values
    .map(stateColour)
    .reduce<StateColour>((worst, v) => (PRIORITY[v] < PRIORITY[worst] ? v : worst), 'black');
}

/** Limit line colours of charts (requirements#monitoring-constants). */
export const LIMIT_LINE_COLOURS = { critical: '#D0021B', warning: '#F5A623', invalid: '#4A90E2' } as const;

/** Orders items most urgent state first (red … black), then by title in natural order (PZ-2 before PZ-10). */
export function compareByUrgency<T>(state: (item: T) => string | null | undefined, title: (item: T) => string) {
  const collator = new Intl.Collator('en', { numeric: true, sensitivity: 'base' });
  return (a: T, b: T) => statePriority(state(a)) - statePriority(state(b)) || collator.compare(title(a), title(b));
}

/** The states tracked with a *_changed_at time (requirements#monitoring-entities). */
export const TRACKED_STATES = [
  'safety_state',
  'operational_state',
  'health_state',
  'connectivity_state',
  'abnormality_state',
  'trend_state',
  'metric_limits_state',
  'metric_quality_state',
] as const;
export type TrackedState = (typeof TRACKED_STATES)[number];
