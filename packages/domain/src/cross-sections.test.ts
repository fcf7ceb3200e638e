import { describe, expect, it } from 'vitest';
import { crossSectionCreateBody, crossSectionProblems } from './cross-sections.ts';

describe('when a cross section is drawn (requirements#monitoring-validation)', () => {
  it('needs a positive distance and numeric altitudes with the minimum below the maximum', () => {
    expect(crossSectionProblems({ distance: 240, altitude_min: 380, altitude_max: 440 })).toEqual([]);
    expect(crossSectionProblems({ distance: 0, altitude_min: 0, altitude_max: 100 })).toEqual(['distance']);
    expect(crossSectionProblems({ distance: -1, altitude_min: 0, altitude_max: 100 })).toEqual(['distance']);
    expect(crossSectionProblems({ distance: 10, altitude_min: 100, altitude_max: 100 })).toEqual(['altitude']);
    expect(crossSectionProblems({ distance: 10, altitude_min: 120, altitude_max: 100 })).toEqual(['altitude']);
    expect(crossSectionProblems({ distance: '10', altitude_min: null, altitude_max: 100 })).toEqual([
      'distance',
      'altitude',
    ]);
  });

  it('is not drawn with the defaults: distance 0 m, altitude 0 to 100 m', () => {
    const defaults = crossSectionCreateBody.parse({});
    expect(defaults).toMatchObject({ name: 'Cross Section', distance: 0, altitude_min: 0, altitude_max: 100 });
    expect(crossSectionProblems(defaults)).toEqual(['distance']);
  });
});
