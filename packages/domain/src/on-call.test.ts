import { describe, expect, it } from 'vitest';
import { inQuietHours, onCallAt, onCallNowAndNext, type RotationRoster } from './on-call.ts';

const zurich: RotationRoster = {
  members: ['ana', 'ben', 'caro'],
  shift_hours: 12,
  // 07:00 in Zurich (CET, +01:00)
  starts_at: '2026-03-27T06:00:00Z',
  timezone: 'Europe/Zurich',
  overrides: [],
};

describe('on-call rotation', () => {
  it('hands over at the shift change, in member order, and wraps around', () => {
    expect(onCallAt(zurich, '2026-03-27T10:00:00Z')).toEqual({
      user_id: 'ana',
      from: '2026-03-27T06:00:00.000Z',
      to: '2026-03-27T18:00:00.000Z',
    });
    expect(onCallAt(zurich, '2026-03-27T17:59:59Z')!.user_id).toBe('ana');
    expect(onCallAt(zurich, '2026-03-27T18:00:00Z')!.user_id).toBe('ben');
    expect(onCallAt(zurich, '2026-03-28T06:00:00Z')!.user_id).toBe('caro');
    expect(onCallAt(zurich, '2026-03-28T18:00:00Z')!.user_id).toBe('ana');
  });

  it('keeps shifts on the wall clock across the spring DST change (the night shift is an hour shorter)', () => {
    // 29 March 2026: Zurich goes from +01:00 to +02:00 at 02:00 local. The night shift 19:00–07:00
    // of the 28th ends at 07:00 CEST, 05:00 UTC, after 11 hours.
    const night = onCallAt(zurich, '2026-03-29T02:00:00Z')!;
    expect(night).toEqual({ user_id: 'ana', from: '2026-03-28T18:00:00.000Z', to: '2026-03-29T05:00:00.000Z' });
    const day = onCallAt(zurich, '2026-03-29T05:00:00Z')!;
    expect(day).toEqual({ user_id: 'ben', from: '2026-03-29T05:00:00.000Z', to: '2026-03-29T17:00:00.000Z' });
  });

  it('keeps shifts on the wall clock across the autumn DST change (the night shift is an hour longer)', () => {
    const autumn = { ...zurich, starts_at: '2026-10-24T05:00:00Z' }; // 07:00 CEST
    // 25 October: back to +01:00 at 03:00 local; the night from 19:00 CEST (17:00 UTC) lasts 13 hours.
    expect(onCallAt(autumn, '2026-10-25T03:00:00Z')).toEqual({
      user_id: 'ben',
      from: '2026-10-24T17:00:00.000Z',
      to: '2026-10-25T06:00:00.000Z',
    });
    expect(onCallAt(autumn, '2026-10-25T06:00:00Z')!.from).toBe('2026-10-25T06:00:00.000Z');
  });

  it('lets an override win for its span, the latest added winning over an earlier one', () => {
    const roster = {
      ...zurich,
      overrides: [
        { user_id: 'dora', from: '2026-03-27T08:00:00Z', to: '2026-03-27T12:00:00Z' },
        { user_id: 'emil', from: '2026-03-27T10:00:00Z', to: '2026-03-27T11:00:00Z' },
      ],
    };
    expect(onCallAt(roster, '2026-03-27T07:00:00Z')).toEqual({
      user_id: 'ana',
      from: '2026-03-27T06:00:00.000Z',
      to: '2026-03-27T08:00:00.000Z',
    });
    expect(onCallAt(roster, '2026-03-27T09:00:00Z')).toEqual({
      user_id: 'dora',
      from: '2026-03-27T08:00:00.000Z',
      to: '2026-03-27T10:00:00.000Z',
    });
    expect(onCallAt(roster, '2026-03-27T10:30:00Z')!.user_id).toBe('emil');
    expect(onCallAt(roster, '2026-03-27T11:30:00Z')!.user_id).toBe('dora');
    expect(onCallAt(roster, '2026-03-27T12:00:00Z')).toEqual({
      user_id: 'ana',
      from: '2026-03-27T12:00:00.000Z',
      to: '2026-03-27T18:00:00.000Z',
    });
  });

  it('answers now and next', () => {
    const { now, next } = onCallNowAndNext(zurich, '2026-03-27T10:00:00Z');
    expect(now!.user_id).toBe('ana');
    expect(next).toMatchObject({ user_id: 'ben', from: '2026-03-27T18:00:00.000Z' });
  });
});

describe('quiet hours', () => {
  it('spans midnight in the contact’s zone', () => {
    const quiet = { from: '22:00', to: '06:00', timezone: 'Europe/Zurich' };
    expect(inQuietHours(quiet, '2026-01-10T22:30:00Z')).toBe(true); // 23:30 local
    expect(inQuietHours(quiet, '2026-01-10T04:59:00Z')).toBe(true); // 05:59 local
    expect(inQuietHours(quiet, '2026-01-10T05:00:00Z')).toBe(false); // 06:00 local
    expect(inQuietHours(null, '2026-01-10T02:00:00Z')).toBe(false);
  });
});
