import { describe, expect, it } from 'vitest';
import { periodLabel } from './period-label.ts';

describe('a report’s period as people read it', () => {
  it('runs from its first day to the day before its end', () => {
    const from = new Date(2026, 11, 1).toISOString();
    const to = new Date(2027, 0, 1).toISOString();
    expect(periodLabel(from, to, 'en-GB')).toBe('1 Dec 2026 – 31 Dec 2026');
  });

  it('is one day when it spans one day, and nothing when unreadable', () => {
    expect(periodLabel(new Date(2026, 10, 2).toISOString(), new Date(2026, 10, 3).toISOString(), 'en-GB')).toBe(
      '2 Nov 2026',
    );
    expect(periodLabel('soon', 'later', 'en-GB')).toBe('');
  });
});
