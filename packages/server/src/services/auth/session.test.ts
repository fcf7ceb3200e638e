import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '@vigil/domain';
import { createTestApp, type TestApp } from '../../test-support/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('login', () => {
  it('returns a token and the user id for the right password', async () => {
    const res = await t.call('POST', '/auth/api/v1/users/login/', { body: { username: 'admin', password: 'vigil-demo' } });
    expect(res.status).toBe(200);
    expect(res.body.token).toMatch(/^[A-Za-z0-9_-]{40,}$/);
    expect(typeof res.body.user_id).toBe('string');
  });

  it('refuses a wrong password with the invalid-login message', async () => {
    const res = await t.call('POST', '/auth/api/v1/users/login', { body: { username: 'admin', password: 'nope' } });
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ error_type: 'Unauthorized', message: MESSAGES.invalidLogin });
  });

  it('revokes the token on logout', async () => {
    const token = await t.login('operator');
    expect((await t.call('POST', '/auth/api/v1/users/logout', { token })).status).toBe(204);
    const after = await t.call('POST', '/auth/api/v1/users/logout', { token });
    expect(after.status).toBe(401);
    expect(after.body.error_type).toBe('Unauthorized');
  });
});
