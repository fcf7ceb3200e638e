import { describe, expect, it } from 'vitest';
import {
  cumulativeFromIncrements,
  incrementsFromCumulative,
  nodeDepth,
  relativeToDatum,
  resultant,
  type ProfilePoint,
} from './inclinometer-profile.ts';

// A chain of four nodes 2 m apart, the bottom one (6 m) in stable ground.
const increments: ProfilePoint[] = [
  { depth: 0, a: 1.5, b: -0.5 },
  { depth: 2, a: 2.0, b: 0.25 },
  { depth: 4, a: 0.5, b: 0.0 },
  { depth: 6, a: 0.25, b: 0.125 },
];

describe('inclinometer profile arithmetic', () => {
  it('sums increments from the bottom up', () => {
    // by hand: 6 m: 0.25; 4 m: 0.25 + 0.5 = 0.75; 2 m: 0.75 + 2.0 = 2.75; 0 m: 2.75 + 1.5 = 4.25
    // B: 0.125; 0.125; 0.375; -0.125
    expect(cumulativeFromIncrements(increments)).toEqual([
      { depth: 0, a: 4.25, b: -0.125 },
      { depth: 2, a: 2.75, b: 0.375 },
      { depth: 4, a: 0.75, b: 0.125 },
      { depth: 6, a: 0.25, b: 0.125 },
    ]);
  });

  it('orders the nodes by depth first, whatever order they come in', () => {
    expect(cumulativeFromIncrements([...increments].reverse())[0]).toEqual({ depth: 0, a: 4.25, b: -0.125 });
  });

  it('takes increments back from cumulative values, the node below subtracted', () => {
    expect(
      incrementsFromCumulative([
        { depth: 0, a: 4.25, b: -0.125 },
        { depth: 2, a: 2.75, b: 0.375 },
        { depth: 4, a: 0.75, b: 0.125 },
        { depth: 6, a: 0.25, b: 0.125 },
      ]),
    ).toEqual(increments);
  });

  it('shows movement since the datum, node by node, leaving out nodes the datum lacks', () => {
    const datum: ProfilePoint[] = [
      { depth: 0, a: 3.0, b: -0.25 },
      { depth: 2, a: 2.5, b: 0.5 },
      { depth: 6, a: 0.25, b: 0.0 },
    ];
    // by hand: 0 m: 4.25 − 3.0 = 1.25, −0.125 + 0.25 = 0.125; 2 m: 0.25, −0.125; 6 m: 0, 0.125
    expect(relativeToDatum(cumulativeFromIncrements(increments), datum)).toEqual([
      { depth: 0, a: 1.25, b: 0.125 },
      { depth: 2, a: 0.25, b: -0.125 },
      { depth: 6, a: 0, b: 0.125 },
    ]);
  });

  it('gives the resultant of both axes and the depth of each node', () => {
    expect(resultant({ a: 3, b: -4 })).toBe(5);
    expect([0, 1, 2, 3].map((i) => nodeDepth(i, 2))).toEqual([0, 2, 4, 6]);
  });
});
