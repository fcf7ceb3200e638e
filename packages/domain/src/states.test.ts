import { describe, expect, it } from 'vitest';
import { compareByUrgency, mostUrgentState, stateColour, statePriority } from './states.ts';

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

describe('state ordering', () => {
  it('puts the most urgent first, then titles in natural order', () => {
    const devices = [
      { title: 'PZ-10', state: 'green' },
      { title: 'PZ-2', state: 'green' },
      { title: 'DL-01', state: 'black' },
      { title: 'PZ-07', state: 'unknown' },
      { title: 'PZ-03', state: 'red' },
      { title: 'PZ-04', state: 'yellow' },
      { title: 'PZ-05', state: 'orange' },
      { title: 'PZ-06', state: 'blue' },
    ];
    const sorted = devices
      .sort(
        compareByUrgency(
          (d) => d.state,
          (d) => d.title,
        ),
      )
      .map((d) => d.title);
    expect(sorted).toEqual(['PZ-03', 'PZ-05', 'PZ-04', 'PZ-06', 'PZ-2', 'PZ-10', 'PZ-07', 'DL-01']);
  });
});
