import { describe, expect, it } from 'vitest';
import { isoFromZoned, zonedLocal } from './zoned-time.ts';

describe('wall-clock times of a roster time zone', () => {
  it('reads 07:00 in Zurich in winter as 06:00 UTC and in summer as 05:00 UTC', () => {
    expect(isoFromZoned('2026-01-15T07:00', 'Europe/Zurich')).toBe('2026-01-15T06:00:00.000Z');
    expect(isoFromZoned('2026-07-15T07:00', 'Europe/Zurich')).toBe('2026-07-15T05:00:00.000Z');
  });

  it('shows an instant as the zone wall clock shows it', () => {
    expect(zonedLocal('2026-03-29T05:30:00Z', 'Europe/Zurich')).toBe('2026-03-29T07:30');
    expect(zonedLocal('2026-03-29T05:30:00Z', 'America/Santiago')).toBe('2026-03-29T02:30');
  });

  it('gives back the time it was given, on either side of a DST change', () => {
    for (const local of ['2026-03-28T23:00', '2026-03-29T04:00', '2026-10-25T12:00'])
      expect(zonedLocal(isoFromZoned(local, 'Europe/London')!, 'Europe/London')).toBe(local);
  });

  it('refuses a text that is not a time', () => {
    expect(isoFromZoned('', 'UTC')).toBeNull();
    expect(isoFromZoned('tomorrow', 'UTC')).toBeNull();
  });
});
