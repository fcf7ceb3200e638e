import { stateColour, type StateColour } from '@vigil/domain';

/**
 * How the seven state colours of requirements#monitoring-states are painted: softened where the pure colour reads
 * badly.
 */
export const STATE_PAINT: Record<StateColour, string> = {
  red: '#D0021B',
  orange: '#F5A623',
  yellow: '#F2D21B',
  blue: '#4A90E2',
  green: '#2E9E4F',
  grey: '#9B9B9B',
  black: '#1B1B1B',
};

/** Text that reads on a state's paint. */
export const STATE_INK: Record<StateColour, string> = {
  red: '#FFFFFF',
  orange: '#1B1B1B',
  yellow: '#1B1B1B',
  blue: '#FFFFFF',
  green: '#FFFFFF',
  grey: '#1B1B1B',
  black: '#FFFFFF',
};

/** The paint of any state value; unknown values are grey. */
export const paintOf = (state: unknown) => STATE_PAINT[stateColour(typeof state === 'string' ? state : null)];
