// @vitest-environment jsdom
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { newId, nowIso, toJson } from '../../../server/src/db/values.ts';
import { createTestApp, type TestApp } from '../../../server/src/test-support/test-app.ts';
import { ApiError } from './api-error.ts';
import { api, listAll, request } from './client.ts';
import { sessionEvents, type SessionEvent } from './session-events.ts';
import { sessionStore } from './session-store.ts';

/** The generic client of requirements#shell-calls against the real server (relative URLs resolved to it). */
let t: TestApp;
const events: SessionEvent[] = [];

beforeAll(async () => {
  t = await createTestApp();
  const base = await t.app.listen({ port: 0, host: '127.0.0.1' });
  const realFetch = globalThis.fetch;
  vi.stubGlobal('fetch', (url: string, init?: RequestInit) => realFetch(new URL(url, base), init));
  sessionEvents.subscribe((event) => events.push(event));
  const login = await t.call('POST', '/auth/api/v1/users/login', {
    body: { username: 'admin', password: 'vigil-demo' },
  });
  sessionStore.set({ token: login.body.token, userId: login.body.user_id, projectId: null });
  // 130 more users in the admin's project, so that the user list has two pages of 100.
  const project = await t.db.selectFrom('projects').select('id').orderBy('name').executeTakeFirstOrThrow();
  const role = await t.db
    .selectFrom('roles')
    .select('id')
    .where('project_id', '=', project.id)
    .where('name', '=', 'Operator')
    .executeTakeFirstOrThrow();
  const account = await t.db.selectFrom('accounts').select('id').executeTakeFirstOrThrow();
  for (let i = 0; i < 130; i += 1) {
    const id = newId();
    const now = nowIso();
    await t.db
      .insertInto('users')
      .values({
        id,
        account_id: account.id,
        username: `bulk-${String(i).padStart(3, '0')}`,
        email: `bulk-${i}@example.com`,
        first_name: 'Bulk',
        last_name: String(i),
        profile_image: null,
        password_hash: null,
        password_changed_at: null,
        is_password_set: 0,
        is_active: 1,
        created_at: now,
        updated_at: now,
        last_login_at: null,
      })
      .execute();
    await t.db
      .insertInto('user_profiles')
      .values({
        id: newId(),
        project_id: project.id,
        user_id: id,
        roles: toJson([role.id]),
        is_active: 1,
        default_responder_type_id: null,
        profile: '{}',
        created_at: now,
        updated_at: now,
      })
      .execute();
  }
});
afterAll(async () => {
  vi.unstubAllGlobals();
  await t.close();
});

describe('generic client', () => {
  it('fetches every page of a list, the rest in parallel, merged in order', async () => {
    const users = await listAll<{ username: string }>('/auth/api/v1/users', { query: { ordering: 'username' } });
    expect(users).toHaveLength(133);
    expect(users[0]!.username).toBe('admin');
    expect(users.slice(1, 131).map((u) => u.username)).toEqual(
      Array.from({ length: 130 }, (_, i) => `bulk-${String(i).padStart(3, '0')}`),
    );
  });

  it('sends the session token and reads JSON', async () => {
    const projects = await api.get<{ count: number }>('/ui/api/v1/projects');
    expect(projects.count).toBe(2);
  });

  it('throws an ApiError carrying the status, the error type and the details', async () => {
    const error = await api
      .post('/auth/api/v1/users/change-password', { current_password: 'x' })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 400, errorType: 'ValidationError' });
    expect((error as ApiError).fieldMessage('new_password')).toBe('Required');
  });

  it('maps 404 without telling the shell', async () => {
    events.length = 0;
    const error = (await api.get('/ui/api/v1/projects/nope').catch((e: unknown) => e)) as ApiError;
    expect(error.isNotFound).toBe(true);
    expect(events).toEqual([]);
  });

  it('reads bytes as a blob when asked, and still throws an ApiError when the call fails', async () => {
    const blob = await api.get<Blob>('/ui/api/v1/projects', { as: 'blob' });
    expect(blob).toBeInstanceOf(Blob);
    expect(JSON.parse(await blob.text()).count).toBe(2);
    const error = (await api.get('/ui/api/v1/projects/nope', { as: 'blob' }).catch((e: unknown) => e)) as ApiError;
    expect(error).toBeInstanceOf(ApiError);
    expect(error.isNotFound).toBe(true);
  });

  it('answers 204 with no content', async () => {
    const login = await t.call('POST', '/auth/api/v1/users/login', {
      body: { username: 'operator', password: 'vigil-demo' },
    });
    await expect(request('POST', '/auth/api/v1/users/logout', { token: login.body.token })).resolves.toBeUndefined();
  });

  it('reports a 401 of the session as expired and a 403 Forbidden as a restricted app', async () => {
    const admin = sessionStore.get();
    events.length = 0;
    sessionStore.set({ token: 'A'.repeat(43), userId: 'x', projectId: null });
    await api.get('/ui/api/v1/projects').catch(() => undefined);
    const operator = await t.call('POST', '/auth/api/v1/users/login', {
      body: { username: 'operator', password: 'vigil-demo' },
    });
    sessionStore.set({ token: operator.body.token, userId: operator.body.user_id, projectId: null });
    await api.get('/auth/api/v1/users').catch(() => undefined);
    sessionStore.set(admin);
    expect(events.map((e) => e.type)).toEqual(['expired', 'forbidden']);
  });

  it('does not end the session for calls made with another token (reset links)', async () => {
    events.length = 0;
    await api.get('/auth/api/v1/users/reset-password', { token: 'B'.repeat(43) }).catch(() => undefined);
    expect(events).toEqual([]);
  });

  it('leaves failures of calls made before sign-in to the caller', async () => {
    events.length = 0;
    const error = (await api
      .post('/auth/api/v1/users/login/', { username: 'admin', password: 'wrong' }, { auth: false })
      .catch((e: unknown) => e)) as ApiError;
    expect(error.status).toBe(401);
    expect(error.message).toBe('Unable to log in with the provided credentials');
    expect(events).toEqual([]);
  });
});
