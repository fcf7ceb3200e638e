import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '@vigil/domain';
import { createTestApp, type TestApp } from '../../test-support/test-app.ts';
import { API, CERRO, OUSE, projectId, roleId } from './test-helpers.ts';
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

const person = (username: string, extra: object = {}) => ({
  username,
  email: `${username}@vigil.test`,
  first_name: 'Ana',
  last_name: 'Lima',
  ...extra,
});
const create = (token: string, body: object) => t.call('POST', `${API}/users/`, { token, body });

describe('creating a user', () => {
  it('creates the user with a profile in the current project and role Operator by default', async () => {
    const res = await create(admin, person('ana'));
    expect(res.status).toBe(201);
    const operatorRole = await roleId(t, CERRO, 'Operator');
    expect(res.body).toMatchObject({
      username: 'ana',
      email: 'ana@vigil.test',
      first_name: 'Ana',
      last_name: 'Lima',
      name: 'Ana Lima',
      profile_image: null,
      is_active: true,
      is_password_set: false,
      last_login: null,
      roles: [{ id: operatorRole, name: 'Operator' }],
      default_responder_type: null,
      profile: { locale: 'en-US', activeRole: operatorRole, home_module: null },
      projects: [await projectId(t, CERRO)],
    });
    expect(res.body).not.toHaveProperty('password_hash');
    const profile = await t.db
      .selectFrom('user_profiles')
      .select('id')
      .where('user_id', '=', res.body.id)
      .executeTakeFirstOrThrow();
    expect(res.body.uiId).toBe(profile.id);
    const me = await t.call('GET', `${API}/users/${res.body.id}`, { token: admin });
    expect(me.body).toEqual(res.body);
  });

  it('asks for a new password at the first login with the password it was given', async () => {
    await create(admin, person('bruno', { password: 'given-secret' }));
    const res = await t.call('POST', `${API}/users/login`, { body: { username: 'bruno', password: 'given-secret' } });
    expect(res.status).toBe(401);
    expect(res.body.error_type).toBe('ExpiredPasswordError');
    expect(res.body.details.reset_token).toHaveLength(1);
  });

  it('gives the chosen roles and default responder type of the current project', async () => {
    const manager = await roleId(t, CERRO, 'Manager');
    const responder = await t.db
      .selectFrom('responder_types')
      .select(['id', 'title'])
      .where('project_id', '=', await projectId(t, CERRO))
      .where('name', '=', 'site-engineer')
      .executeTakeFirstOrThrow();
    const res = await create(admin, person('carla', { roles: [manager], default_responder_type: responder.id }));
    expect(res.status).toBe(201);
    expect(res.body.roles).toEqual([{ id: manager, name: 'Manager' }]);
    expect(res.body.default_responder_type).toEqual({ id: responder.id, title: responder.title });
  });

  it('lets a manager create an operator', async () => {
    const res = await create(manager, person('dario', { roles: [await roleId(t, CERRO, 'Operator')] }));
    expect(res.status).toBe(201);
  });

  it('refuses a role the caller may not assign with 403', async () => {
    const byManager = await create(manager, person('elena', { roles: [await roleId(t, CERRO, 'Manager')] }));
    expect(byManager).toMatchObject({ status: 403, body: { error_type: 'Forbidden' } });
    const byAdmin = await create(admin, person('elena', { roles: [await roleId(t, CERRO, 'Administrator')] }));
    expect(byAdmin.status).toBe(403);
  });

  it('refuses an operator with 403', async () => {
    const res = await create(operator, person('fabio'));
    expect(res).toMatchObject({ status: 403, body: { error_type: 'Forbidden', message: MESSAGES.forbidden } });
  });

  it('refuses a role or responder type of another project with "Failed to create a user."', async () => {
    const foreignRole = await create(admin, person('gina', { roles: [await roleId(t, OUSE, 'Operator')] }));
    expect(foreignRole).toMatchObject({
      status: 400,
      body: { error_type: 'ValidationError', message: MESSAGES.createUserFailed },
    });
    expect(foreignRole.body.details.roles).toEqual([USER_TEXTS.unknownRole]);
    const foreignResponder = await create(admin, person('gina', { default_responder_type: 'no-such-type' }));
    expect(foreignResponder.body.details.default_responder_type).toEqual([USER_TEXTS.unknownResponderType]);
  });

  it('refuses a duplicate username or e-mail with 409 "Failed to create a user."', async () => {
    const username = await create(admin, person('Admin', { email: 'someone-else@vigil.test' }));
    expect(username).toMatchObject({
      status: 409,
      body: { error_type: 'Conflict', message: MESSAGES.createUserFailed },
    });
    expect(username.body.details).toEqual({ username: [USER_TEXTS.usernameTaken] });
    const email = await create(admin, person('hugo', { email: 'ANA@vigil.test' }));
    expect(email).toMatchObject({ status: 409, body: { message: MESSAGES.createUserFailed } });
    expect(email.body.details).toEqual({ email: [USER_TEXTS.emailTaken] });
  });

  it('refuses unknown fields and a bad e-mail with a ValidationError', async () => {
    const unknown = await create(admin, person('ines', { is_superuser: true }));
    expect(unknown.status).toBe(400);
    expect(unknown.body.details).toEqual({ is_superuser: ['Unknown field'] });
    const email = await create(admin, person('ines', { email: 'ines@nowhere' }));
    expect(email.body.details.email).toEqual([MESSAGES.invalidEmail]);
  });
});

describe('the default role', () => {
  let lone: TestApp;
  let token: string;
  beforeAll(async () => {
    lone = await createTestApp();
    token = await lone.login('admin');
  });
  afterAll(() => lone.close());

  const removeRole = async (name: string) =>
    lone.db
      .deleteFrom('roles')
      .where('project_id', '=', await projectId(lone, CERRO))
      .where('name', '=', name)
      .execute();

  it('is the first non-administrator role when there is no Operator role', async () => {
    await removeRole('Operator');
    const res = await lone.call('POST', `${API}/users`, { token, body: person('jose') });
    expect(res.status).toBe(201);
    expect(res.body.roles.map((r: { name: string }) => r.name)).toEqual(['Manager']);
  });

  it('is missing when only the Administrator role exists: "No roles were found in the server"', async () => {
    await removeRole('Manager');
    const res = await lone.call('POST', `${API}/users`, { token, body: person('kim') });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error_type: 'ValidationError', message: MESSAGES.noRoles });
    expect(
      await lone.db.selectFrom('users').select('id').where('username', '=', 'kim').executeTakeFirst(),
    ).toBeUndefined();
  });
});
