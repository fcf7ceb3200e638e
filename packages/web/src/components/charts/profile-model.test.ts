import { describe, expect, it } from 'vitest';
import { depthRange, displacementRange, hasNoValues, profileData, profileRows } from './profile-model.ts';

const profiles = [
  {
    key: 'now',
    label: 'Now',
    points: [
      { depth: 2, value: 1 },
      { depth: 0, value: 3 },
    ],
  },
  {
    key: 'd7',
    label: '7 days ago',
    points: [
      { depth: 4, value: 0 },
      { depth: 0, value: 2 },
    ],
  },
];

describe('profile chart model', () => {
  it('aligns the profiles on their depths, shallowest first, null where a profile has no node', () => {
    expect(profileData(profiles, null)).toEqual([
      [0, 2, 4],
      [3, 1, null],
      [2, null, 0],
    ]);
  });

  it('adds a row holding the limit when there is one', () => {
    expect(profileData(profiles, 20).at(-1)).toEqual([20, 20, 20]);
  });

  it('keeps zero and both sides of the limit in view, padded by a tenth', () => {
    expect(displacementRange(2, 8, null)).toEqual([-1, 8.8]);
    expect(displacementRange(2, 8, 10)).toEqual([-12, 12]);
    expect(displacementRange(null, null, null)).toEqual([-1, 1]);
  });

  it('runs the depth axis from just above the top to just below the deepest node', () => {
    expect(depthRange(20)).toEqual([-0.6, 20.6]);
    expect(depthRange(2)).toEqual([-0.25, 2.25]);
  });

  it('lists a row per depth for the table', () => {
    expect(profileRows(profiles)).toEqual([
      { depth: 0, values: [3, 2] },
      { depth: 2, values: [1, null] },
      { depth: 4, values: [null, 0] },
    ]);
  });

  it('has no values when every point is null', () => {
    expect(hasNoValues([{ key: 'x', label: 'x', points: [{ depth: 0, value: null }] }])).toBe(true);
    expect(hasNoValues(profiles)).toBe(false);
  });
});
