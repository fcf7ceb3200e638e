import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { problemKeys } from './section-problems.ts';

const english = JSON.parse(
  readFileSync(join(import.meta.dirname, '../../../public/locales/en-US/crossSections.json'), 'utf8'),
) as { problems: Record<string, string> };
const say = (section: Parameters<typeof problemKeys>[0]) =>
  problemKeys(section).map((key) => english.problems[key.replace('problems.', '')]);

describe('why a section is not drawn (requirements#monitoring-validation)', () => {
  it('draws a section with a positive distance and the minimum altitude below the maximum', () => {
    expect(say({ distance: 280, altitude_min: 1115, altitude_max: 1190 })).toEqual([]);
  });

  it('says the distance must be positive: the default 0 m is not drawn', () => {
    expect(say({ distance: 0, altitude_min: 0, altitude_max: 100 })).toEqual([
      'The distance must be a number greater than 0.',
    ]);
  });

  it('says the minimum altitude must be below the maximum', () => {
    expect(say({ distance: 10, altitude_min: 100, altitude_max: 100 })).toEqual([
      'The minimum altitude must be a number below the maximum altitude.',
    ]);
  });

  it('says both when a value is not a number', () => {
    expect(say({ distance: '12', altitude_min: null, altitude_max: 5 })).toHaveLength(2);
  });
});
