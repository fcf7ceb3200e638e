import { intervalsBetween } from '@vigil/domain';
import { describe, expect, it } from 'vitest';
import { intervalText } from './interval-text.ts';

const SEC = 1000;
const MIN = 60 * SEC;
const HOUR = 60 * MIN;
const DAY = 24 * HOUR;

describe('the interval wording of the connectivity table', () => {
  it.each([
    [2 * 365 * DAY, '2 years'],
    [95 * DAY, '3 months'],
    [20 * DAY, '2 weeks'],
    [DAY + 5 * HOUR, '1 day'],
    [HOUR + 5 * MIN, '1 hour 5 mins'],
    [3 * HOUR, '3 hours 0 mins'],
    [MIN + 30 * SEC, '1 min 30 secs'],
    [42 * SEC, '42 secs'],
    [400, '0 secs'],
    [null, '---'],
  ])('words %s ms as "%s" in English', (ms, words) => {
    expect(intervalText(ms, 'en-US')).toBe(words);
    expect(intervalText(ms, 'en-GB')).toBe(words);
  });

  it('uses the same units in other languages', () => {
    expect(intervalText(HOUR + 5 * MIN, 'es')).toBe('1 hora 5 minutos');
    expect(intervalText(2 * 365 * DAY, 'pt-BR')).toBe('2 anos');
    expect(intervalText(null, 'ja')).toBe('---');
  });

  it('gives the last row of a table ---', () => {
    const times = ['2026-11-20T10:00:00Z', '2026-11-20T09:00:00Z', '2026-11-19T09:00:00Z'];
    expect(intervalsBetween(times).map((ms) => intervalText(ms, 'en-US'))).toEqual(['1 hour 0 mins', '1 day', '---']);
  });
});
