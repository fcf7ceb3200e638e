import { describe, expect, it } from 'vitest';
import { intervalParts, intervalsBetween, intervalWording } from './intervals.ts';

const SEC = 1000;
const MIN = 60 * SEC;
const HOUR = 60 * MIN;
const DAY = 24 * HOUR;

describe('connectivity interval wording', () => {
  it('shows whole years of 365 days', () => {
    expect(intervalWording(365 * DAY)).toBe('1 year');
    expect(intervalWording(2 * 365 * DAY + 200 * DAY)).toBe('2 years');
    expect(intervalWording(364 * DAY)).toBe('12 months');
  });

  it('shows whole months of 30 days', () => {
    expect(intervalWording(30 * DAY)).toBe('1 month');
    expect(intervalWording(95 * DAY)).toBe('3 months');
    expect(intervalWording(29 * DAY + 23 * HOUR)).toBe('4 weeks');
  });

  it('shows whole weeks of 7 days', () => {
    expect(intervalWording(7 * DAY)).toBe('1 week');
    expect(intervalWording(20 * DAY)).toBe('2 weeks');
    expect(intervalWording(6 * DAY + 23 * HOUR)).toBe('6 days');
  });

  it('shows whole days alone, dropping hours', () => {
    expect(intervalWording(DAY)).toBe('1 day');
    expect(intervalWording(5 * DAY + 12 * HOUR)).toBe('5 days');
  });

  it('shows hours plus minutes below a day', () => {
    expect(intervalWording(DAY - SEC)).toBe('23 hours 59 mins');
    expect(intervalWording(2 * HOUR + 5 * MIN + 30 * SEC)).toBe('2 hours 5 mins');
    expect(intervalWording(HOUR + MIN)).toBe('1 hour 1 min');
    expect(intervalWording(HOUR)).toBe('1 hour 0 mins');
  });

  it('shows minutes plus seconds below an hour', () => {
    expect(intervalWording(HOUR - SEC)).toBe('59 mins 59 secs');
    expect(intervalWording(3 * MIN + 20 * SEC)).toBe('3 mins 20 secs');
    expect(intervalWording(MIN + SEC)).toBe('1 min 1 sec');
    expect(intervalWording(MIN)).toBe('1 min 0 secs');
  });

  it('shows seconds below a minute, and 0 secs for no time', () => {
    expect(intervalWording(59 * SEC)).toBe('59 secs');
    expect(intervalWording(45 * SEC + 999)).toBe('45 secs');
    expect(intervalWording(SEC)).toBe('1 sec');
    expect(intervalWording(999)).toBe('0 secs');
    expect(intervalWording(0)).toBe('0 secs');
  });

  it("shows '---' for the last item and for an unreadable interval", () => {
    expect(intervalWording(null)).toBe('---');
    expect(intervalWording(Number.NaN)).toBe('---');
  });

  it('shows the length of a negative interval', () => {
    expect(intervalWording(-90 * SEC)).toBe('1 min 30 secs');
  });
});

describe('interval parts', () => {
  it('gives units and counts for the web app to translate', () => {
    expect(intervalParts(3 * 365 * DAY)).toEqual([{ unit: 'years', count: 3 }]);
    expect(intervalParts(2 * HOUR + 5 * MIN)).toEqual([
      { unit: 'hours', count: 2 },
      { unit: 'mins', count: 5 },
    ]);
    expect(intervalParts(0)).toEqual([{ unit: 'secs', count: 0 }]);
    expect(intervalParts(Number.POSITIVE_INFINITY)).toEqual([]);
  });
});

describe('intervals between events', () => {
  it('measures from each time, newest first, to the next older one; null for the last', () => {
    const times = ['2024-03-02T10:00:00Z', '2024-03-02T09:58:30Z', '2024-02-24T09:58:30Z'];
    expect(intervalsBetween(times)).toEqual([90 * SEC, 7 * DAY, null]);
    expect(intervalsBetween(times).map(intervalWording)).toEqual(['1 min 30 secs', '1 week', '---']);
  });

  it('gives null for an unreadable time and nothing for no times', () => {
    expect(intervalsBetween(['not a time', '2024-03-02T10:00:00Z'])).toEqual([null, null]);
    expect(intervalsBetween([])).toEqual([]);
  });
});
