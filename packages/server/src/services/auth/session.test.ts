import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '@vigil/domain';
import { createTestApp, type TestApp } from '../../test-support/test-app.ts';
import { API, CERRO, OUSE, projectId, seedUser } from './test-helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const login = (username: string, password: string) =>
  t.call('POST', `${API}/users/login/`, { body: { username, password } });

describe('login', () => {
  it('returns a token and the user id for the right password', async () => {
    const res = await login('admin', 'vigil-demo');
    expect(res.status).toBe(200);
    expect(res.body.token).toMatch(/^[A-Za-z0-9_-]{40,}$/);
    expect(typeof res.body.user_id).toBe('string');
  });

  it('refuses a wrong password with the invalid-login message', async () => {
    const res = await login('admin', 'nope');
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ error_type: 'Unauthorized', message: MESSAGES.invalidLogin });
  });

  it('refuses a blank username with "Required"', async () => {
    const res = await login('   ', 'vigil-demo');
    expect(res.status).toBe(400);
    expect(res.body.details.username).toEqual([MESSAGES.required]);
  });

  it('revokes the token on logout', async () => {
    const token = await t.login('operator');
    expect((await t.call('POST', `${API}/users/logout`, { token })).status).toBe(204);
    const after = await t.call('POST', `${API}/users/logout`, { token });
    expect(after.status).toBe(401);
    expect(after.body.error_type).toBe('Unauthorized');
  });
});

describe('expired password', () => {
  it('answers ExpiredPasswordError with a reset token when the password is older than the maximum age', async () => {
    const id = await seedUser(t, 'veteran', { password: 'aged-secret' });
    const longAgo = new Date(Date.now() - 200 * 86_400_000).toISOString();
    await t.db.updateTable('users').set({ password_changed_at: longAgo }).where('id', '=', id).execute();
    const res = await login('veteran', 'aged-secret');
    expect(res.status).toBe(401);
    expect(res.body.error_type).toBe('ExpiredPasswordError');
    expect(res.body.message).toBe(MESSAGES.expiredPassword);
    expect(res.body.details.reset_token[0]).toMatch(/^[A-Za-z0-9_-]{40,}$/);
  });

  it('answers ExpiredPasswordError when the password was never set, and its reset token sets a new one', async () => {
    const id = await seedUser(t, 'newcomer', { password: 'first-secret' });
    await t.db.updateTable('users').set({ is_password_set: 0 }).where('id', '=', id).execute();
    const res = await login('newcomer', 'first-secret');
    expect(res.body.error_type).toBe('ExpiredPasswordError');
    const token = res.body.details.reset_token[0];
    const body = { new_password: 'chosen-secret', confirm_password: 'chosen-secret' };
    expect((await t.call('POST', `${API}/users/reset-password`, { token, body })).status).toBe(200);
    const after = await login('newcomer', 'chosen-secret');
    expect(after.status).toBe(200);
    expect(after.body.user_id).toBe(id);
  });

  it('does not hand out a reset token for a wrong password', async () => {
    const id = await seedUser(t, 'guarded', { password: 'real-secret' });
    await t.db.updateTable('users').set({ is_password_set: 0 }).where('id', '=', id).execute();
    const res = await login('guarded', 'guessed');
    expect(res.body).toEqual({ error_type: 'Unauthorized', message: MESSAGES.invalidLogin });
  });
});

describe('switch data context', () => {
  it("makes another of the user's projects the current one", async () => {
    const token = await t.login('manager');
    const ouse = await projectId(t, OUSE);
    const res = await t.call('POST', `${API}/users/switch-data-context/`, { token, body: { data_context: ouse } });
    expect(res).toMatchObject({ status: 200, body: { data_context: ouse } });
    const users = await t.call('GET', `${API}/users`, { token });
    const me = users.body.objects.find((u: { username: string }) => u.username === 'manager');
    const profile = await t.db
      .selectFrom('user_profiles')
      .select('id')
      .where('project_id', '=', ouse)
      .where('user_id', '=', me.id)
      .executeTakeFirstOrThrow();
    expect(me.uiId).toBe(profile.id);
  });

  it('refuses a project the user is not a member of', async () => {
    await seedUser(t, 'cerro-only', { projects: [CERRO] });
    const token = await t.login('cerro-only', 'seeded-pass');
    const res = await t.call('POST', `${API}/users/switch-data-context`, {
      token,
      body: { data_context: await projectId(t, OUSE) },
    });
    expect(res.status).toBe(403);
    expect(res.body.error_type).toBe('Forbidden');
  });
});

describe('login throttling', () => {
  let strict: TestApp;
  beforeAll(async () => {
    strict = await createTestApp({ env: { LOGIN_MAX_FAILURES: '3' } });
  });
  afterAll(() => strict.close());

  it('refuses even the right password with TooManyRequests after 3 failures', async () => {
    const attempt = (password: string) =>
      strict.call('POST', `${API}/users/login`, { body: { username: 'operator', password } });
    for (let i = 0; i < 3; i++) expect((await attempt('wrong')).status).toBe(401);
    const res = await attempt('vigil-demo');
    expect(res.status).toBe(429);
    expect(res.body).toEqual({ error_type: 'TooManyRequests', message: MESSAGES.tooManyLoginAttempts });
  });

  it('lets the locked-out user in from an address that has not been failing', async () => {
    const from = (remoteAddress: string, password: string) =>
      strict.app.inject({
        method: 'POST',
        url: `${API}/users/login`,
        remoteAddress,
        payload: { username: 'admin', password },
      });
    for (let i = 0; i < 3; i++) expect((await from('203.0.113.7', 'wrong')).statusCode).toBe(401);
    expect((await from('203.0.113.7', 'vigil-demo')).statusCode).toBe(429);
    expect((await from('198.51.100.20', 'vigil-demo')).statusCode).toBe(200);
    // A new address gets one try while the username is locked, then is refused for it too.
    expect((await from('198.51.100.21', 'wrong')).statusCode).toBe(401);
    expect((await from('198.51.100.21', 'vigil-demo')).statusCode).toBe(429);
  });

  it('counts failures per connection address, whatever X-Forwarded-For says', async () => {
    const forged = (i: number) =>
      strict.app.inject({
        method: 'POST',
        url: `${API}/users/login`,
        remoteAddress: '198.51.100.50',
        payload: { username: `nobody-${i}`, password: 'wrong' },
        headers: { 'x-forwarded-for': `192.0.2.${i}` },
      });
    // The address allowance is 4 × 3 failures, every one from the same connection address.
    let status = 0;
    for (let i = 0; i < 13; i++) status = (await forged(i)).statusCode;
    expect(status).toBe(429);
    const viaOther = await strict.app.inject({
      method: 'POST',
      url: `${API}/users/login`,
      remoteAddress: '198.51.100.99',
      payload: { username: 'nobody-x', password: 'wrong' },
    });
    expect(viaOther.statusCode).toBe(401);
  });

  it('believes X-Forwarded-For from a configured proxy only', async () => {
    const proxied = await createTestApp({ seed: false, env: { TRUST_PROXY: '127.0.0.1' } });
    const attempt = (ip: string) =>
      proxied.call('POST', `${API}/users/login`, {
        body: { username: 'nobody', password: 'wrong' },
        headers: { 'x-forwarded-for': ip },
      });
    // Each forwarded address is a client of its own behind the proxy: none reaches its allowance.
    for (let i = 0; i < 13; i++) expect((await attempt(`192.0.2.${i}`)).status).toBe(401);
    await proxied.close();
  });

  it('keeps other usernames open', async () => {
    const res = await strict.call('POST', `${API}/users/login`, {
      body: { username: 'manager', password: 'vigil-demo' },
    });

    expect(res.status).toBe(200);
  });

  it('counts wrong current passwords on change-password like failed logins', async () => {
    const token = await strict.login('manager');
    const body = { current_password: 'guess', new_password: 'abcdef', confirm_password: 'abcdef' };
    const change = () => strict.call('POST', `${API}/users/change-password`, { token, body });
    for (let i = 0; i < 3; i++) expect((await change()).status).toBe(400);
    const res = await change();
    expect(res).toMatchObject({ status: 429, body: { error_type: 'TooManyRequests' } });
  });
});
