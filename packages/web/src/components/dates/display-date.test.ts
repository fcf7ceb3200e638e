import { describe, expect, it } from 'vitest';
import { formatDisplayDate, relativeTime } from './display-date.ts';

const NOW = new Date('2026-11-25T12:00:00Z');

describe('dates as the app shows them', () => {
  it("says how long ago in the largest whole unit, and 'now' for a time a clock skew puts ahead", () => {
    expect(relativeTime('2026-11-25T09:00:00Z', NOW, 'en-US')).toBe('3 hours ago');
    expect(relativeTime('2026-11-25T12:00:02Z', NOW, 'en-US')).toBe('now');
    expect(relativeTime('not a date', NOW, 'en-US')).toBe('');
  });

  it("writes 'DD MMMM YYYY, HH:mm:ss' with the month in the interface language", () => {
    const local = new Date(2026, 10, 5, 7, 8, 9).toISOString();
    expect(formatDisplayDate(local, 'en-US')).toBe('05 November 2026, 07:08:09');
  });
});
