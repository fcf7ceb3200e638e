import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test-support/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('GET /device-registry/api/v1/responder-types', () => {
  it('lists the responder types of the session’s project by title', async () => {
    const res = await t.call('GET', '/device-registry/api/v1/responder-types?paginate_by=100&page=1', {
      token: await t.login('operator'),
    });
    expect(res.status).toBe(200);
    expect(res.body.count).toBe(4);
    expect(res.body.objects.map((r: any) => r.title)).toEqual([
      'Control room operator',
      'Dam safety engineer',
      'Emergency coordinator',
      'Site engineer',
    ]);
    expect(Object.keys(res.body.objects[0]).sort()).toEqual(['id', 'name', 'title']);
  });

  it('holds only the types of the current project', async () => {
    const token = await t.login('admin');
    const projectIds = async (name: string) =>
      (await t.db.selectFrom('projects').select('id').where('name', '=', name).executeTakeFirstOrThrow()).id;
    const typesOf = async (name: string) =>
      (
        await t.db
          .selectFrom('responder_types')
          .select('id')
          .where('project_id', '=', await projectIds(name))
          .execute()
      )
        .map((r) => r.id)
        .sort();
    const ids = async () =>
      (await t.call('GET', '/device-registry/api/v1/responder-types', { token })).body.objects
        .map((r: any) => r.id)
        .sort();
    expect(await ids()).toEqual(await typesOf('Cerro Azul Tailings Storage Facility'));
    const ouse = await projectIds('Ouse Flood Embankment');
    await t.call('POST', '/auth/api/v1/users/switch-data-context', { token, body: { data_context: ouse } });
    expect(await ids()).toEqual(await typesOf('Ouse Flood Embankment'));
  });

  it('filters by name and selects fields', async () => {
    const res = await t.call('GET', '/device-registry/api/v1/responder-types?name=site-engineer&fields=title', {
      token: await t.login('admin'),
    });
    expect(res.body.objects).toEqual([{ title: 'Site engineer' }]);
  });
});
