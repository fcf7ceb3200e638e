import { describe, expect, it } from 'vitest';
import { chosenDays, currentPeriod } from './generate-span.ts';

describe('the span a report is generated for', () => {
  const now = new Date('2026-12-06T15:40:00Z'); // a Sunday

  it('is this month, week (from Monday) or quarter in the zone given', () => {
    expect(currentPeriod('month', now, 'UTC')).toEqual({
      from: '2026-12-01T00:00:00.000Z',
      to: '2027-01-01T00:00:00.000Z',
    });
    expect(currentPeriod('week', now, 'UTC')).toEqual({
      from: '2026-11-30T00:00:00.000Z',
      to: '2026-12-07T00:00:00.000Z',
    });
    expect(currentPeriod('quarter', now, 'America/Santiago')).toEqual({
      from: '2026-10-01T03:00:00.000Z',
      to: '2027-01-01T03:00:00.000Z',
    });
  });

  it('is chosen days from the first midnight to the midnight after the last, both days included', () => {
    const span = chosenDays('2026-11-02', '2026-11-03')!;
    expect(Date.parse(span.to) - Date.parse(span.from)).toBeGreaterThanOrEqual(47 * 3_600_000);
    expect(new Date(span.from).getDate()).toBe(2);
    expect(new Date(span.to).getDate()).toBe(4);
  });

  it('is nothing while a day is missing or unreadable', () => {
    expect(chosenDays('', '2026-11-03')).toBeNull();
    expect(chosenDays('2026-11-02', 'soon')).toBeNull();
  });
});
