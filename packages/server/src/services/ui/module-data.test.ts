import { MESSAGES } from '@vigil/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test-support/test-app.ts';
import { MODULE_DATA_CONFLICT } from './module-data-service.ts';
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

  it('stores a first save without timestamp, recording who saved it and when, for every member', async () => {
    const url = await sharedUrl('metrics');
    const data = { layout: [{ card: 'map', w: 16, h: 4 }], zoom: 14.5, tags: ['north'] };
    const before = Date.now();
    const put = await t.call('PUT', url, {
      token: await t.login('manager'),
      body: { user: 'someone-else', action: 'persist', data },
    });
    expect(put.status).toBe(200);
    expect(put.body).toMatchObject({ user: await demoIds(t).userId('manager'), action: 'persist', data });
    // The server's clock, not the body's, dates a version.
    expect(Date.parse(put.body.timestamp)).toBeGreaterThanOrEqual(before);
    expect(Date.parse(put.body.timestamp)).toBeLessThanOrEqual(Date.now());
    const got = await t.call('GET', url, { token: await t.login('operator') });
    expect(got.body).toEqual(put.body);
  });

  it('saves again from the version the save returned, with a later timestamp', async () => {
    const url = await sharedUrl('metrics');
    const token = await t.login('admin');
    const read = (await t.call('GET', url, { token })).body;
    const put = await t.call('PUT', url, {
      token,
      body: { action: 'persist', timestamp: read.timestamp, data: { zoom: 3 } },
    });
    expect(put.status).toBe(200);
    expect(put.body.user).toBe(await demoIds(t).userId('admin'));
    expect(Date.parse(put.body.timestamp)).toBeGreaterThan(Date.parse(read.timestamp));
    const again = await t.call('PUT', url, {
      token,
      body: { action: 'persist', timestamp: put.body.timestamp, data: { zoom: 4 } },
    });
    expect(again.status).toBe(200);
    expect((await t.call('GET', url, { token })).body.data).toEqual({ zoom: 4 });
  });

  it('compares the base timestamp as an instant, whatever its offset', async () => {
    const url = await sharedUrl('metrics');
    const token = await t.login('admin');
    const stored = Date.parse((await t.call('GET', url, { token })).body.timestamp);
    // The same instant written one hour east of UTC.
    const local = new Date(stored + 3_600_000).toISOString().replace('Z', '+01:00');
    const put = await t.call('PUT', url, { token, body: { action: 'persist', timestamp: local, data: { zoom: 5 } } });
    expect(put.status).toBe(200);
  });

  it('refuses a save from a stale version with 409 Conflict and keeps the stored data', async () => {
    const url = await sharedUrl('metrics');
    const token = await t.login('manager');
    const read = (await t.call('GET', url, { token })).body;
    const ahead = await t.call('PUT', url, {
      token: await t.login('admin'),
      body: { action: 'persist', timestamp: read.timestamp, data: { saved: 'first' } },
    });
    expect(ahead.status).toBe(200);
    for (const timestamp of [read.timestamp, '2020-01-01T00:00:00Z', undefined]) {
      const stale = await t.call('PUT', url, {
        token,
        body: { action: 'persist', timestamp, data: { saved: 'late' } },
      });
      expect(stale.status, String(timestamp)).toBe(409);
      expect(stale.body).toEqual({ error_type: 'Conflict', message: MODULE_DATA_CONFLICT });
    }
    expect((await t.call('GET', url, { token })).body).toEqual(ahead.body);
  });

  it('lets exactly one of two saves from the same version through, first save or not', async () => {
    const url = await sharedUrl('file-manager');
    const [admin, manager] = [await t.login('admin'), await t.login('manager')];
    const race = async (base: string | undefined) => {
      const saves = await Promise.all(
        [admin, manager].map((token, i) =>
          t.call('PUT', url, { token, body: { action: 'persist', timestamp: base, data: { by: i } } }),
        ),
      );
      expect(saves.map((r) => r.status).sort(), String(base)).toEqual([200, 409]);
      const winner = saves.find((r) => r.status === 200)!;
      expect((await t.call('GET', url, { token: admin })).body).toEqual(winner.body);
      return winner.body.timestamp as string;
    };
    await race(await race(undefined));
  });

  it('is saved only by administrators and managers', async () => {
    const url = await sharedUrl('journal-manager');
    const read = (await t.call('GET', url, { token: await t.login('operator') })).body;
    const refused = await t.call('PUT', url, {
      token: await t.login('operator'),
      body: { action: 'persist', timestamp: read.timestamp ?? undefined, data: { x: 1 } },
    });
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({ error_type: 'Forbidden', message: MESSAGES.forbidden });
    expect((await t.call('GET', url, { token: await t.login('operator') })).body).toEqual(read);
    const manager = await t.call('PUT', url, {
      token: await t.login('manager'),
      body: { action: 'persist', data: { x: 1 } },
    });
    expect(manager.status).toBe(200);
  });

  it('accepts only the persist action', async () => {
    const res = await t.call('PUT', await sharedUrl('metrics'), {
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
