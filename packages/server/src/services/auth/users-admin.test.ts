import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '@vigil/domain';
import { createTestApp, type TestApp } from '../../test-support/test-app.ts';
import { API, CERRO, OUSE, lastMailTo, linkIn, projectId, seedUser, userId } from './test-helpers.ts';
import { USER_TEXTS } from './user-service.ts';

let t: TestApp;
let admin: string;
let manager: string;
let operator: string;
beforeAll(async () => {
  t = await createTestApp();
  [admin, manager, operator] = await Promise.all([t.login('admin'), t.login('manager'), t.login('operator')]);
});
afterAll(() => t.close());

const post = (token: string, id: string, action: string) => t.call('POST', `${API}/users/${id}/${action}`, { token });
const ACTIONS = ['deactivate', 'activate', 'invite'] as const;

describe('who may administer whom', () => {
  it('refuses account-wide actions on a user the caller could not manage in another of his projects', async () => {
    const dual = await seedUser(t, 'dual-role', { projects: [CERRO] });
    const ouseManager = await t.db
      .selectFrom('roles')
      .innerJoin('projects', 'projects.id', 'roles.project_id')
      .select('roles.id')
      .where('projects.name', '=', OUSE)
      .where('roles.name', '=', 'Manager')
      .executeTakeFirstOrThrow();
    await t.db
      .insertInto('user_profiles')
      .values({
        id: `p-${dual}`,
        project_id: await projectId(t, OUSE),
        user_id: dual,
        roles: JSON.stringify([ouseManager.id]),
        is_active: 1,
        default_responder_type_id: null,
        profile: '{}',
        created_at: new Date().toISOString(),
        updated_at: new Date().toISOString(),
      })
      .execute();
    // An Operator in Cerro Azul, but a Manager in Ouse: the manager may not touch the account.
    for (const action of ['deactivate', 'invite']) expect((await post(manager, dual, action)).status, action).toBe(403);
    expect((await t.call('DELETE', `${API}/users/${dual}`, { token: manager })).status).toBe(403);
    expect((await post(admin, dual, 'deactivate')).status).toBe(200);
  });

  it('lets an administrator act on managers and operators', async () => {
    for (const role of ['Manager', 'Operator']) {
      const id = await seedUser(t, `admin-target-${role}`, { role });
      for (const action of ACTIONS) expect((await post(admin, id, action)).status, action).toBe(200);
      expect((await post(admin, id, 'activate')).body.is_active).toBe(true);
      expect((await t.call('DELETE', `${API}/users/${id}`, { token: admin })).status).toBe(204);
    }
  });

  it('lets a manager act on operators but refuses a Manager or Administrator target with 403', async () => {
    const op = await seedUser(t, 'manager-target-op', { role: 'Operator' });
    for (const action of ACTIONS) expect((await post(manager, op, action)).status, action).toBe(200);
    for (const role of ['Manager', 'Administrator']) {
      const id = await seedUser(t, `manager-target-${role}`, { role });
      for (const action of [...ACTIONS, 'delete']) {
        const res =
          action === 'delete'
            ? await t.call('DELETE', `${API}/users/${id}`, { token: manager })
            : await post(manager, id, action);
        expect(res, `${action} ${role}`).toMatchObject({
          status: 403,
          body: { error_type: 'Forbidden', message: MESSAGES.forbidden },
        });
      }
      const patch = await t.call('PATCH', `${API}/users/${id}`, { token: manager, body: { first_name: 'Nope' } });
      expect(patch.status).toBe(403);
    }
  });

  it('refuses every user-administration call to an operator with 403', async () => {
    const id = await seedUser(t, 'operator-target');
    for (const action of ACTIONS) expect((await post(operator, id, action)).status, action).toBe(403);
    expect((await t.call('DELETE', `${API}/users/${id}`, { token: operator })).status).toBe(403);
    expect((await t.call('GET', `${API}/users`, { token: operator })).status).toBe(403);
    expect((await t.call('GET', `${API}/users/${id}`, { token: operator })).status).toBe(403);
    expect(
      (await t.call('PATCH', `${API}/users/${id}`, { token: operator, body: { first_name: 'Nope' } })).status,
    ).toBe(403);
  });

  it('never lets anyone deactivate, invite or delete himself', async () => {
    const me = await userId(t, 'admin');
    for (const action of ACTIONS) expect((await post(admin, me, action)).status, action).toBe(403);
    expect((await t.call('DELETE', `${API}/users/${me}`, { token: admin })).status).toBe(403);
  });
});

describe('editing a user', () => {
  it('lets anyone change his own names and e-mail, merged with the rest', async () => {
    const me = await userId(t, 'operator');
    const res = await t.call('PATCH', `${API}/users/${me}`, { token: operator, body: { first_name: 'Tomas' } });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      first_name: 'Tomas',
      last_name: 'Silva',
      name: 'Tomas Silva',
      username: 'operator',
    });
    const email = await t.call('PATCH', `${API}/users/${me}/`, {
      token: operator,
      body: { email: 'tomas@vigil.test' },
    });
    expect(email.body.email).toBe('tomas@vigil.test');
  });

  it('keeps the username for administrators and managers', async () => {
    const me = await userId(t, 'operator');
    const own = await t.call('PATCH', `${API}/users/${me}`, { token: operator, body: { username: 'tomas' } });
    expect(own.status).toBe(403);
    const unchanged = await t.call('PATCH', `${API}/users/${me}`, { token: operator, body: { username: 'operator' } });
    expect(unchanged.status).toBe(200);
    const id = await seedUser(t, 'renamed-by-manager');
    const byManager = await t.call('PATCH', `${API}/users/${id}`, { token: manager, body: { username: 'renamed-ok' } });
    expect(byManager).toMatchObject({ status: 200, body: { username: 'renamed-ok' } });
  });

  it('refuses a username that another user holds with 409', async () => {
    const id = await seedUser(t, 'clash');
    const res = await t.call('PATCH', `${API}/users/${id}`, { token: admin, body: { username: 'manager' } });
    expect(res).toMatchObject({
      status: 409,
      body: { error_type: 'Conflict', details: { username: [USER_TEXTS.usernameTaken] } },
    });
  });

  it('refuses fields that cannot be changed this way', async () => {
    const me = await userId(t, 'operator');
    const res = await t.call('PATCH', `${API}/users/${me}`, { token: operator, body: { is_active: false } });
    expect(res.status).toBe(400);
    expect(res.body.details).toEqual({ is_active: ['Unknown field'] });
  });
});

describe('activation', () => {
  it("deactivation ends the user's sessions and refuses login; activation lets him in again", async () => {
    const id = await seedUser(t, 'sleeper');
    const session = await t.login('sleeper', 'seeded-pass');
    const res = await post(admin, id, 'deactivate');
    expect(res).toMatchObject({ status: 200, body: { id, is_active: false } });
    expect((await t.call('GET', `${API}/microservices`, { token: session })).status).toBe(401);
    const refused = await t.call('POST', `${API}/users/login`, {
      body: { username: 'sleeper', password: 'seeded-pass' },
    });
    expect(refused.body.message).toBe(MESSAGES.invalidLogin);
    await t.db.updateTable('users').set({ is_active: 1 }).where('id', '=', id).execute();
    expect((await t.call('GET', `${API}/microservices`, { token: session })).status).toBe(401);
    await t.db.updateTable('users').set({ is_active: 0 }).where('id', '=', id).execute();
    expect((await post(admin, id, 'activate')).body.is_active).toBe(true);
    expect(await t.login('sleeper', 'seeded-pass')).toBeTruthy();
  });
});

describe('invitation', () => {
  it('returns and mails an invite link; setting the password through it lets the user log in', async () => {
    const created = await t.call('POST', `${API}/users`, {
      token: admin,
      body: { username: 'invitee', email: 'invitee@vigil.test', first_name: 'Ivo', last_name: 'Neto' },
    });
    const res = await post(admin, created.body.id, 'invite');
    expect(res.status).toBe(200);
    const link = res.body.invite_link as string;
    expect(link).toMatch(
      new RegExp(`^${t.app.config.PUBLIC_URL}/reset-password\\?token=[A-Za-z0-9_-]{40,}&username=invitee$`),
    );
    expect(linkIn(await lastMailTo(t, 'invitee@vigil.test')).link).toBe(link);

    const token = new URL(link).searchParams.get('token')!;
    expect((await t.call('GET', `${API}/users/reset-password`, { token })).body).toEqual({
      username: 'invitee',
      email: 'invitee@vigil.test',
    });
    const body = { new_password: 'welcome-1', confirm_password: 'welcome-1' };
    expect((await t.call('POST', `${API}/users/reset-password`, { token, body })).status).toBe(200);
    const login = await t.call('POST', `${API}/users/login`, { body: { username: 'invitee', password: 'welcome-1' } });
    expect(login).toMatchObject({ status: 200, body: { user_id: created.body.id } });
    expect(
      (await t.call('GET', `${API}/users/${created.body.id}`, { token: login.body.token })).body.is_password_set,
    ).toBe(true);
    expect((await t.call('POST', `${API}/users/reset-password`, { token, body })).body.message).toBe(
      MESSAGES.invalidToken,
    );
  });

  it('replaces an earlier invite link and refuses a deactivated user', async () => {
    const id = await seedUser(t, 'reinvited');
    const first = new URL((await post(admin, id, 'invite')).body.invite_link).searchParams.get('token')!;
    await post(admin, id, 'invite');
    expect((await t.call('GET', `${API}/users/reset-password`, { token: first })).status).toBe(401);
    await post(admin, id, 'deactivate');
    const res = await post(admin, id, 'invite');
    expect(res).toMatchObject({
      status: 400,
      body: { error_type: 'ValidationError', message: USER_TEXTS.inviteInactive },
    });
  });
});

describe('deleting a user', () => {
  it('removes the profiles in both projects, then the account', async () => {
    const id = await seedUser(t, 'leaver', { projects: [CERRO, OUSE] });
    const session = await t.login('leaver', 'seeded-pass');
    expect((await t.call('DELETE', `${API}/users/${id}/`, { token: admin })).status).toBe(204);

    expect((await t.call('GET', `${API}/users/${id}`, { token: admin })).status).toBe(404);
    const other = await t.login('admin');
    await t.call('POST', `${API}/users/switch-data-context`, {
      token: other,
      body: { data_context: await projectId(t, OUSE) },
    });
    expect((await t.call('GET', `${API}/users/${id}`, { token: other })).status).toBe(404);
    const listed = await t.call('GET', `${API}/users?username=leaver`, { token: other });
    expect(listed.body.count).toBe(0);

    expect(await t.db.selectFrom('user_profiles').select('id').where('user_id', '=', id).execute()).toEqual([]);
    expect(await t.db.selectFrom('users').select('id').where('id', '=', id).execute()).toEqual([]);
    expect(await t.db.selectFrom('auth_tokens').select('id').where('user_id', '=', id).execute()).toEqual([]);
    expect((await t.call('GET', `${API}/microservices`, { token: session })).status).toBe(401);
  });
});
