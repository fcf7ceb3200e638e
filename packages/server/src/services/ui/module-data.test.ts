import { MESSAGES } from '@vigil/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test-support/test-app.ts';
import { CERRO, demoIds, OUSE } from './test-fixtures.ts';

let t: TestApp;
let cerro: string;
beforeAll(async () => {
  t = await createTestApp();
  cerro = await demoIds(t).project(CERRO);
});
afterAll(() => t.close());

const sharedUrl = async (path: string, projectId = cerro) =>
  `/ui/api/v1/projects/${projectId}/modules/${await demoIds(t).module(projectId, path)}`;
const ownUrl = async (username: string, path: string, projectId = cerro) =>
  `/ui/api/v1/projects/${projectId}/user-profiles/${await demoIds(t).profileId(projectId, username)}/module-data/${await demoIds(t).module(projectId, path)}`;

describe('project module data', () => {
  it('is empty until first saved', async () => {
    const url = await sharedUrl('cross-sections');
    const res = await t.call('GET', url, { token: await t.login('manager') });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      project: cerro,
      module: await demoIds(t).module(cerro, 'cross-sections'),
      user: null,
      action: null,
      timestamp: null,
      data: null,
    });
  });

  it('stores what is put and returns it to every member, recording who saved it', async () => {
    const url = await sharedUrl('safety-state');
    const data = { layout: [{ card: 'map', w: 16, h: 4 }], zoom: 14.5, tags: ['north'] };
    const put = await t.call('PUT', url, {
      token: await t.login('manager'),
      body: { user: 'someone-else', action: 'persist', timestamp: '2026-11-20T10:00:00+01:00', data },
    });
    expect(put.status).toBe(200);
    const got = await t.call('GET', url, { token: await t.login('operator') });
    expect(got.body).toEqual(put.body);
    expect(got.body).toMatchObject({
      user: await demoIds(t).userId('manager'),
      action: 'persist',
      timestamp: '2026-11-20T09:00:00.000Z',
      data,
    });
  });

  it('replaces the data on the next put', async () => {
    const url = await sharedUrl('safety-state');
    const token = await t.login('admin');
    await t.call('PUT', url, { token, body: { action: 'persist', data: { zoom: 3 } } });
    expect((await t.call('GET', url, { token })).body.data).toEqual({ zoom: 3 });
  });

  it('accepts only the persist action', async () => {
    const res = await t.call('PUT', await sharedUrl('safety-state'), {
      token: await t.login('admin'),
      body: { action: 'delete', data: {} },
    });
    expect(res.status).toBe(400);
    expect(res.body.details).toHaveProperty('action');
  });

  it('answers "Module Not Found" for a module the user cannot see', async () => {
    const token = await t.login('operator');
    for (const method of ['GET', 'PUT']) {
      const res = await t.call(method, await sharedUrl('roles'), {
        token,
        body: method === 'PUT' ? { action: 'persist', data: 1 } : undefined,
      });
      expect(res.status).toBe(404);
      expect(res.body.message).toBe(MESSAGES.moduleNotFound);
    }
  });

  it('does not find a module of another project through this project', async () => {
    const foreign = await demoIds(t).module(await demoIds(t).project(OUSE), 'metrics');
    const res = await t.call('GET', `/ui/api/v1/projects/${cerro}/modules/${foreign}`, {
      token: await t.login('admin'),
    });
    expect(res.status).toBe(404);
  });
});

describe('per-user module data', () => {
  it('is an empty object until first saved', async () => {
    const res = await t.call('GET', await ownUrl('operator', 'metrics'), { token: await t.login('operator') });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      profile: await demoIds(t).profileId(cerro, 'operator'),
      data: {},
      updated_at: null,
    });
  });

  it('replaces on put and merges on patch', async () => {
    const url = await ownUrl('operator', 'metrics');
    const token = await t.login('operator');
    const put = await t.call('PUT', url, { token, body: { data: { chart: 'line', range: '7d' } } });
    expect(put.status).toBe(200);
    expect(put.body.data).toEqual({ chart: 'line', range: '7d' });
    const patched = await t.call('PATCH', url, { token, body: { data: { range: '30d', pinned: ['PZ-01'] } } });
    expect(patched.body.data).toEqual({ chart: 'line', range: '30d', pinned: ['PZ-01'] });
    const replaced = await t.call('PUT', url, { token, body: { data: { chart: 'bar' } } });
    expect(replaced.body.data).toEqual({ chart: 'bar' });
    const got = await t.call('GET', url, { token });
    expect(got.body).toEqual(replaced.body);
    expect(got.body.updated_at).toEqual(expect.any(String));
  });

  it('keeps each user’s data to himself', async () => {
    await t.call('PUT', await ownUrl('admin', 'metrics'), {
      token: await t.login('admin'),
      body: { data: { secret: 1 } },
    });
    const token = await t.login('manager');
    for (const method of ['GET', 'PUT', 'PATCH']) {
      const res = await t.call(method, await ownUrl('admin', 'metrics'), {
        token,
        body: method === 'GET' ? undefined : { data: { x: 1 } },
      });
      expect(res.status, method).toBe(404);
    }
    const admin = await t.call('GET', await ownUrl('admin', 'metrics'), { token: await t.login('admin') });
    expect(admin.body.data).toEqual({ secret: 1 });
  });

  it('refuses data that is not an object', async () => {
    const res = await t.call('PUT', await ownUrl('operator', 'metrics'), {
      token: await t.login('operator'),
      body: { data: [1, 2] },
    });
    expect(res.status).toBe(400);
  });
});
