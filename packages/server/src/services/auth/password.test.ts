import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '@vigil/domain';
import { createTestApp, type TestApp } from '../../test-support/test-app.ts';
import { PASSWORD_TEXTS } from './password-service.ts';
import { API, lastMailTo, linkIn, seedUser } from './test-helpers.ts';

let t: TestApp;
let publicUrl: string;
beforeAll(async () => {
  t = await createTestApp();
  publicUrl = t.app.config.PUBLIC_URL;
});
afterAll(() => t.close());

async function forgot(email: string, resetPasswordLink?: string) {
  const body = resetPasswordLink === undefined ? { email } : { email, reset_password_link: resetPasswordLink };
  return t.call('POST', `${API}/users/forgot-password/`, { body });
}

describe('forgot password', () => {
  it('answers the same for an unknown e-mail and sends nothing', async () => {
    const res = await forgot('nobody@vigil.test');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ detail: PASSWORD_TEXTS.forgotSent });
    expect(await lastMailTo(t, 'nobody@vigil.test')).toBeUndefined();
  });

  it('mails a reset link to the reset-password screen with the token and username', async () => {
    await seedUser(t, 'forgetful');
    const res = await forgot('forgetful@vigil.test');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ detail: PASSWORD_TEXTS.forgotSent });
    const { link, token, username } = linkIn(await lastMailTo(t, 'forgetful@vigil.test'));
    expect(link.startsWith(`${publicUrl}/reset-password?token=`)).toBe(true);
    expect(username).toBe('forgetful');
    expect(token).toMatch(/^[A-Za-z0-9_-]{40,}$/);
  });

  it('uses a reset_password_link that is a path on this site', async () => {
    await seedUser(t, 'pathlink');
    await forgot('pathlink@vigil.test', '/login/reset-password');
    expect(linkIn(await lastMailTo(t, 'pathlink@vigil.test')).link).toMatch(
      new RegExp(`^${publicUrl}/login/reset-password\\?token=[^&]+&username=pathlink$`),
    );
  });

  it('uses a reset_password_link with the same origin as the public URL', async () => {
    await seedUser(t, 'samesite');
    await forgot('samesite@vigil.test', `${publicUrl}/reset-password?lang=ja`);
    const { link } = linkIn(await lastMailTo(t, 'samesite@vigil.test'));
    expect(link).toMatch(new RegExp(`^${publicUrl}/reset-password\\?lang=ja&token=[^&]+&username=samesite$`));
  });

  it('ignores a reset_password_link pointing at another site', async () => {
    await seedUser(t, 'phished');
    for (const foreign of ['https://evil.example/reset', '//evil.example/reset', '/\\evil.example/reset']) {
      await forgot('phished@vigil.test', foreign);
      const { link } = linkIn(await lastMailTo(t, 'phished@vigil.test'));
      expect(link.startsWith(`${publicUrl}/reset-password?token=`)).toBe(true);
    }
  });

  it('sends nothing to a deactivated user', async () => {
    const id = await seedUser(t, 'dormant');
    await t.db.updateTable('users').set({ is_active: 0 }).where('id', '=', id).execute();
    expect((await forgot('dormant@vigil.test')).status).toBe(200);
    expect(await lastMailTo(t, 'dormant@vigil.test')).toBeUndefined();
  });

  it('refuses a badly formed e-mail with "Invalid Email Address"', async () => {
    const res = await forgot('not-an-email');
    expect(res.status).toBe(400);
    expect(res.body.details.email).toEqual([MESSAGES.invalidEmail]);
  });
});

describe('reset password', () => {
  async function resetToken(username: string) {
    await forgot(`${username}@vigil.test`);
    return linkIn(await lastMailTo(t, `${username}@vigil.test`)).token;
  }

  it('tells whose token it is', async () => {
    await seedUser(t, 'checker');
    const token = await resetToken('checker');
    const res = await t.call('GET', `${API}/users/reset-password`, { token });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ username: 'checker', email: 'checker@vigil.test' });
  });

  it('sets the new password, after which login works and the old password and sessions do not', async () => {
    await seedUser(t, 'resetter', { password: 'old-secret' });
    const session = await t.login('resetter', 'old-secret');
    const token = await resetToken('resetter');
    const body = { new_password: 'new-secret', confirm_password: 'new-secret' };
    const res = await t.call('POST', `${API}/users/reset-password/`, { token, body });
    expect(res).toMatchObject({ status: 200, body: { detail: PASSWORD_TEXTS.passwordSet } });
    expect(await t.login('resetter', 'new-secret')).toBeTruthy();
    const old = await t.call('POST', `${API}/users/login`, { body: { username: 'resetter', password: 'old-secret' } });
    expect(old.body).toEqual({ error_type: 'Unauthorized', message: MESSAGES.invalidLogin });
    expect((await t.call('GET', `${API}/users/reset-password`, { token: session })).status).toBe(401);
    expect((await t.call('POST', `${API}/users/logout`, { token: session })).status).toBe(401);
  });

  it('refuses a used token with the invalid-token message', async () => {
    await seedUser(t, 'twice');
    const token = await resetToken('twice');
    const body = { new_password: 'first-secret', confirm_password: 'first-secret' };
    expect((await t.call('POST', `${API}/users/reset-password`, { token, body })).status).toBe(200);
    const again = await t.call('POST', `${API}/users/reset-password`, { token, body });
    expect(again).toMatchObject({ status: 401, body: { error_type: 'Unauthorized', message: MESSAGES.invalidToken } });
    const check = await t.call('GET', `${API}/users/reset-password`, { token });
    expect(check).toMatchObject({ status: 401, body: { message: MESSAGES.invalidToken } });
  });

  it('refuses an expired token and a session token with the invalid-token message', async () => {
    await seedUser(t, 'late');
    const token = await resetToken('late');
    await t.db
      .updateTable('auth_tokens')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('kind', '=', 'reset')
      .execute();
    const body = { new_password: 'late-secret', confirm_password: 'late-secret' };
    const expired = await t.call('POST', `${API}/users/reset-password`, { token, body });
    expect(expired).toMatchObject({
      status: 401,
      body: { error_type: 'Unauthorized', message: MESSAGES.invalidToken },
    });
    const session = await t.login('late', 'seeded-pass');
    const wrongKind = await t.call('POST', `${API}/users/reset-password`, { token: session, body });
    expect(wrongKind).toMatchObject({ status: 401, body: { message: MESSAGES.invalidToken } });
  });

  it('refuses a password shorter than 6 in details.new_password', async () => {
    await seedUser(t, 'shorty');
    const token = await resetToken('shorty');
    const res = await t.call('POST', `${API}/users/reset-password`, {
      token,
      body: { new_password: 'abc', confirm_password: 'abc' },
    });
    expect(res.status).toBe(400);
    expect(res.body.error_type).toBe('ValidationError');
    expect(res.body.details.new_password).toEqual([MESSAGES.passwordTooShort]);
  });

  it('refuses a confirmation that differs in details.confirm_password', async () => {
    await seedUser(t, 'typo');
    const token = await resetToken('typo');
    const res = await t.call('POST', `${API}/users/reset-password`, {
      token,
      body: { new_password: 'abcdef', confirm_password: 'abcdeg' },
    });
    expect(res.status).toBe(400);
    expect(res.body.details.confirm_password).toEqual([MESSAGES.passwordsMustMatch]);
  });
});

describe('change password', () => {
  const change = (token: string, body: object) => t.call('POST', `${API}/users/change-password/`, { token, body });

  it('refuses a wrong current password with "Current password is incorrect"', async () => {
    await seedUser(t, 'changer1', { password: 'right-one' });
    const token = await t.login('changer1', 'right-one');
    const res = await change(token, {
      current_password: 'wrong-one',
      new_password: 'next-one',
      confirm_password: 'next-one',
    });
    expect(res.status).toBe(400);
    expect(res.body.error_type).toBe('ValidationError');
    expect(res.body.details).toEqual({ current_password: [MESSAGES.currentPasswordIncorrect] });
  });

  it('refuses a confirmation that differs with the equal-password message', async () => {
    await seedUser(t, 'changer2', { password: 'right-one' });
    const token = await t.login('changer2', 'right-one');
    const res = await change(token, {
      current_password: 'right-one',
      new_password: 'next-one',
      confirm_password: 'next-two',
    });
    expect(res.status).toBe(400);
    expect(res.body.details.confirm_password).toEqual([MESSAGES.passwordsMustMatch]);
  });

  it('refuses a new password shorter than 6', async () => {
    await seedUser(t, 'changer3', { password: 'right-one' });
    const token = await t.login('changer3', 'right-one');
    const res = await change(token, {
      current_password: 'right-one',
      new_password: 'five5',
      confirm_password: 'five5',
    });
    expect(res.status).toBe(400);
    expect(res.body.details.new_password).toEqual([MESSAGES.passwordTooShort]);
  });

  it('changes the password, keeps this session and ends the other ones', async () => {
    await seedUser(t, 'changer4', { password: 'right-one' });
    const current = await t.login('changer4', 'right-one');
    const other = await t.login('changer4', 'right-one');
    const res = await change(current, {
      current_password: 'right-one',
      new_password: 'next-one',
      confirm_password: 'next-one',
    });
    expect(res).toMatchObject({ status: 200, body: { detail: PASSWORD_TEXTS.passwordChanged } });
    expect((await t.call('GET', `${API}/microservices`, { token: current })).status).toBe(200);
    expect((await t.call('GET', `${API}/microservices`, { token: other })).status).toBe(401);
    expect(await t.login('changer4', 'next-one')).toBeTruthy();
  });

  it('needs a session', async () => {
    const res = await change('', { current_password: 'a', new_password: 'abcdef', confirm_password: 'abcdef' });
    expect(res.status).toBe(401);
  });
});
