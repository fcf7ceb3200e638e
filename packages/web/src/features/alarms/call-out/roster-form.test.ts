import { describe, expect, it } from 'vitest';
import { bodyOfRosterForm, rosterFormOf, rosterFormResolver, type RosterFormValues } from './roster-form.ts';

const FORM: RosterFormValues = {
  name: 'Night shift',
  members: ['u1', 'u2'],
  shift_hours: '12',
  starts_at: '2026-12-01T07:00',
  timezone: 'Europe/Zurich',
  overrides: [{ user_id: 'u2', from: '2026-12-24T07:00', to: '2026-12-26T07:00' }],
};

const check = (values: RosterFormValues) =>
  rosterFormResolver(values, undefined, { shouldUseNativeValidation: false, fields: {} });

describe('the roster form', () => {
  it('sends its times as the roster zone wall clock, in UTC', () => {
    const body = bodyOfRosterForm(FORM);
    expect(body.starts_at).toBe('2026-12-01T06:00:00.000Z');
    expect(body.shift_hours).toBe(12);
    expect(body.overrides).toEqual([
      { user_id: 'u2', from: '2026-12-24T06:00:00.000Z', to: '2026-12-26T06:00:00.000Z' },
    ]);
  });

  it('shows a stored roster as it was entered', () => {
    const roster = { ...bodyOfRosterForm(FORM), id: 'r', created_at: '', updated_at: '' };
    expect(rosterFormOf(roster as never)).toEqual(FORM);
  });

  it('refuses a roster without members and an override that ends before it starts, on their fields', async () => {
    const { errors } = await check({
      ...FORM,
      members: [],
      overrides: [{ user_id: 'u2', from: '2026-12-26T07:00', to: '2026-12-24T07:00' }],
    });
    expect(errors.members?.message).toBe('Add at least one member');
    expect((errors.overrides as unknown as { to?: { message: string } }[])[0]?.to?.message).toBe(
      'Ends before it starts',
    );
  });

  it('refuses a blank shift length', async () => {
    const { errors } = await check({ ...FORM, shift_hours: '' });
    expect(errors.shift_hours).toBeDefined();
  });
});
