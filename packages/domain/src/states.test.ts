import { describe, expect, it } from 'vitest';
import { mostUrgentState, stateColour, statePriority } from './states.ts';

describe('state colours', () => {
  it('orders red 1, orange 2, yellow 3, blue 4, green 5, grey 6, black 7', () => {
    expect(['red', 'orange', 'yellow', 'blue', 'green', 'grey', 'black'].map(statePriority)).toEqual([
      1, 2, 3, 4, 5, 6, 7,
    ]);
  });

  it('treats unknown values as grey, priority 6', () => {
    expect(stateColour('purple')).toBe('grey');
    expect(stateColour(null)).toBe('grey');
    expect(statePriority(undefined)).toBe(6);
  });

  it('picks the most urgent state of a set', () => {
    expect(mostUrgentState(['green', 'yellow', 'blue'])).toBe('yellow');
    expect(mostUrgentState(['black', 'unknown'])).toBe('grey');
    expect(mostUrgentState([])).toBe('black');
  });
});
