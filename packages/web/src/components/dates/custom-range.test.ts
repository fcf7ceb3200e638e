import { describe, expect, it } from 'vitest';
import { customRange, customRangeErrors, localDate } from './custom-range.ts';

// A local time, so that calendar days are the browser's whatever zone the tests run in.
const NOW = new Date(2026, 10, 20, 15, 30, 0);

describe('the custom date range', () => {
  it('accepts a start before the end, both today or earlier', () => {
    expect(customRangeErrors('2026-11-01', '2026-11-20', NOW)).toEqual({});
    expect(customRangeErrors('2026-11-20', '2026-11-20', NOW)).toEqual({});
  });

  it('refuses future dates', () => {
    expect(customRangeErrors('2026-11-21', '2026-11-22', NOW)).toEqual({ start: 'future', end: 'future' });
    expect(customRangeErrors('2026-11-01', '2026-11-21', NOW)).toEqual({ end: 'future' });
  });

  it('refuses a start after the end', () => {
    expect(customRangeErrors('2026-11-10', '2026-11-09', NOW)).toEqual({ start: 'afterEnd' });
  });

  it('needs both dates', () => {
    expect(customRangeErrors(null, null, NOW)).toEqual({ start: 'required', end: 'required' });
  });

  it('runs from the start of its first day to the end of its last', () => {
    expect(customRange('2026-11-01', '2026-11-03')).toEqual({
      from: new Date(2026, 10, 1),
      to: new Date(2026, 10, 3, 23, 59, 59, 999),
    });
  });

  it('names local days as YYYY-MM-DD', () => {
    expect(localDate(new Date(2026, 0, 5, 23, 59))).toBe('2026-01-05');
  });
});
