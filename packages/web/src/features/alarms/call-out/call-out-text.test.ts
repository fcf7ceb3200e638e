import i18next from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import alarms from '../../../../public/locales/en-US/alarms.json';
import { onCallText } from './on-call-text.ts';
import { stepText, type Names } from './policy-text.ts';

const i18n = i18next.createInstance();
beforeAll(() => i18n.init({ lng: 'en-US', ns: ['alarms'], defaultNS: 'alarms', resources: { 'en-US': { alarms } } }));
const t = (...args: Parameters<typeof i18n.t>) => i18n.t(...args);

const NAMES: Names = {
  roster: (id) => (id === 'r1' ? 'Night shift' : null),
  user: (id) => (id === 'u1' ? 'Priya Nair' : null),
};

describe('what the call-out tab says of a policy step', () => {
  it('names a first step "at once", with its roster and channels listed as English lists them', () => {
    const text = stepText(
      t as never,
      { after_minutes: 0, target: { roster_id: 'r1' }, channels: ['email', 'sms'] },
      NAMES,
      'en-US',
    );
    expect(text).toBe('At once: the on-call person of Night shift, by e-mail and SMS');
  });

  it('counts the minutes of a later step and names a role or a user', () => {
    expect(
      stepText(t as never, { after_minutes: 15, target: { role: 'Manager' }, channels: ['voice'] }, NAMES, 'en-US'),
    ).toBe('After 15 minutes: everyone with the role Manager, by voice call');
    expect(
      stepText(t as never, { after_minutes: 1, target: { user_id: 'u1' }, channels: ['webhook'] }, NAMES, 'en-US'),
    ).toBe('After 1 minute: Priya Nair, by webhook');
  });

  it('says so when a step names a roster that was deleted', () => {
    expect(
      stepText(t as never, { after_minutes: 5, target: { roster_id: 'gone' }, channels: ['email'] }, NAMES, 'en-US'),
    ).toBe('After 5 minutes: the on-call person of a deleted roster, by e-mail');
  });
});

describe('who is on call, as the top bar says it', () => {
  const turn = (user_id: string, from: string, to: string, user_name = 'Ben Okafor') => ({
    user_id,
    user_name,
    from,
    to,
  });

  it('names the person on call until the end of the turn, and who is next', () => {
    const text = onCallText(
      t as never,
      {
        now: turn('u1', '2026-12-06T07:00:00Z', '2026-12-06T19:00:00Z'),
        next: turn('u2', '2026-12-06T19:00:00Z', '2026-12-07T07:00:00Z'),
      },
      NAMES.user,
      'en-US',
    );
    expect(text.now).toMatch(/^On call now: Priya Nair \(until \d{2} December 2026, \d{2}:00:00\)$/);
    // a member the caller may not list is named as the server names them
    expect(text.next).toMatch(/^Next: Ben Okafor from \d{2} December 2026/);
  });

  it('says nobody is on call for a roster without a turn now', () => {
    expect(onCallText(t as never, { now: null, next: null }, NAMES.user, 'en-US')).toEqual({
      now: 'Nobody is on call now',
      next: 'Nobody is next',
    });
  });
});
