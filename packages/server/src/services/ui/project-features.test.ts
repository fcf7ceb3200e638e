import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fromJson } from '../../db/values.ts';
import { createTestApp, type TestApp } from '../../test-support/test-app.ts';
import { CERRO, demoIds, OUSE } from './test-fixtures.ts';

let t: TestApp;
let cerro: string;
let roles: Record<string, string>;
beforeAll(async () => {
  t = await createTestApp();
  cerro = await demoIds(t).project(CERRO);
  roles = await demoIds(t).roles(cerro);
});
afterAll(() => t.close());

const featuresUrl = (projectId: string) => `/ui/api/v1/projects/${projectId}/features`;
const grantsUrl = (projectId: string) => `/ui/api/v1/projects/${projectId}/role-features`;
const storedAttrs = async (projectId: string) =>
  fromJson<any>(
    (await t.db.selectFrom('projects').select('attrs').where('id', '=', projectId).executeTakeFirstOrThrow()).attrs,
    {},
  );
const grant = async (body: unknown, username = 'admin', projectId = cerro) =>
  t.call('PATCH', grantsUrl(projectId), { token: await t.login(username), body });

describe('GET /ui/api/v1/projects/{id}/features', () => {
  it('merges the feature configuration with attrs.features per module folder, without basePermissions', async () => {
    const res = await t.call('GET', featuresUrl(cerro), { token: await t.login('admin') });
    expect(res.status).toBe(200);
    expect(res.body.features.Metrics).toEqual({
      export: { enabled: true, scope: 'project' },
      compare: { enabled: true, scope: 'project' },
    });
    // attrs.features makes the file manager's tag feature role-scoped.
    expect(res.body.features.FileManager).toEqual({
      upload: { enabled: true, scope: 'role' },
      delete: { enabled: true, scope: 'role' },
      tag: { enabled: true, scope: 'role' },
    });
    expect(res.body.features.DataEntry.bulkImport).toEqual({ enabled: false, scope: 'project' });
  });

  it('gives the role ids holding each role-scoped feature (attrs.roleFeatures)', async () => {
    const res = await t.call('GET', featuresUrl(cerro), { token: await t.login('admin') });
    expect(res.body.roleFeatures.FileManager.delete).toEqual([roles.Administrator]);
    expect(res.body.roleFeatures.JournalManager.deleteEntries).toEqual([roles.Administrator, roles.Manager]);
  });

  it('is for administrators: managers and operators get 403', async () => {
    for (const username of ['manager', 'operator']) {
      const res = await t.call('GET', featuresUrl(cerro), { token: await t.login(username) });
      expect(res.status).toBe(403);
      expect(res.body.error_type).toBe('Forbidden');
    }
  });

  it('answers 404 for a project the caller is not a member of, or none', async () => {
    const ouse = await demoIds(t).project(OUSE);
    await t.db.deleteFrom('user_profiles').where('project_id', '=', ouse).execute();
    for (const id of [ouse, 'no-such-project']) {
      const res = await t.call('GET', featuresUrl(id), { token: await t.login('admin') });
      expect(res.status).toBe(404);
    }
  });
});

describe('PATCH /ui/api/v1/projects/{id}/role-features', () => {
  it('grants and revokes a role-scoped feature, leaving the other features as they were', async () => {
    const granted = await grant({ FileManager: { delete: [roles.Administrator, roles.Manager] } });
    expect(granted.status).toBe(200);
    expect(granted.body.roleFeatures.FileManager).toEqual({
      upload: [roles.Administrator, roles.Manager],
      delete: [roles.Administrator, roles.Manager],
      tag: [roles.Administrator, roles.Manager],
    });
    const manager = await t.login('manager');
    const fileManager = await demoIds(t).module(cerro, 'file-manager');
    const active = await t.call('GET', `/ui/api/v1/modules/${fileManager}/features`, { token: manager });
    expect(active.body.find((f: any) => f.name === 'delete').active).toBe(true);

    const revoked = await grant({ FileManager: { delete: [roles.Administrator] } });
    expect(revoked.body.roleFeatures.FileManager.delete).toEqual([roles.Administrator]);
    const after = await t.call('GET', `/ui/api/v1/modules/${fileManager}/features`, { token: manager });
    expect(after.body.find((f: any) => f.name === 'delete').active).toBe(false);

    const attrs = await storedAttrs(cerro);
    expect(attrs.roleFeatures.JournalManager.deleteEntries).toEqual([roles.Administrator, roles.Manager]);
    expect(attrs.crossSectionsSettings).toBeTypeOf('object');
    expect(attrs.features.FileManager.tag).toEqual({ enabled: true, scope: 'role' });
  });

  it('stores each role once, and a feature with no grant yet', async () => {
    await t.db
      .updateTable('projects')
      .set({ attrs: JSON.stringify({ ...(await storedAttrs(cerro)), roleFeatures: {} }) })
      .where('id', '=', cerro)
      .execute();
    const res = await grant({ JournalManager: { deleteEntries: [roles.Operator, roles.Operator] } });
    expect(res.status).toBe(200);
    expect(res.body.roleFeatures).toEqual({ JournalManager: { deleteEntries: [roles.Operator] } });
  });

  it('keeps both of two changes made at the same time', async () => {
    const [a, b] = await Promise.all([
      grant({ FileManager: { upload: [roles.Operator] } }),
      grant({ JournalManager: { deleteEntries: [roles.Manager] } }),
    ]);
    expect([a.status, b.status]).toEqual([200, 200]);
    const { roleFeatures } = await storedAttrs(cerro);
    expect(roleFeatures.FileManager.upload).toEqual([roles.Operator]);
    expect(roleFeatures.JournalManager.deleteEntries).toEqual([roles.Manager]);
  });

  it('refuses unknown module folders and features with 400, naming each', async () => {
    const before = await storedAttrs(cerro);
    const res = await grant({
      Nowhere: { delete: [roles.Manager] },
      FileManager: { shred: [roles.Manager], delete: [roles.Manager] },
      Metrics: { basePermissions: [roles.Manager] },
    });
    expect(res.status).toBe(400);
    expect(res.body.error_type).toBe('ValidationError');
    expect(res.body.details).toEqual({
      Nowhere: ['Unknown module folder'],
      'FileManager.shred': ['Unknown feature'],
      'Metrics.basePermissions': ['Unknown feature'],
    });
    expect(await storedAttrs(cerro)).toEqual(before);
  });

  it('refuses role ids that are unknown or of another project', async () => {
    const ouseRoles = await demoIds(t).roles(await demoIds(t).project(OUSE));
    for (const roleId of ['no-such-role', ouseRoles.Manager!]) {
      const res = await grant({ FileManager: { upload: [roles.Administrator, roleId] } });
      expect(res.status).toBe(400);
      expect(res.body.details).toEqual({ 'FileManager.upload': [`Unknown role ${roleId}`] });
    }
  });

  it('refuses to grant a feature that is not role-scoped, but lets its grants be cleared', async () => {
    const refused = await grant({ Metrics: { export: [roles.Operator] } });
    expect(refused.status).toBe(400);
    expect(refused.body.details).toEqual({ 'Metrics.export': ['Not a role-scoped feature'] });
    const cleared = await grant({ Metrics: { export: [] } });
    expect(cleared.status).toBe(200);
    expect(cleared.body.roleFeatures.Metrics).toEqual({ export: [] });
  });

  it('validates the body strictly: ids, names and shapes', async () => {
    for (const body of [
      [],
      { FileManager: [] },
      { FileManager: { delete: 'admin' } },
      { FileManager: { delete: [42] } },
      { FileManager: { delete: ['bad id!'] } },
      { 'File Manager': { delete: [] } },
      { FileManager: { ['x'.repeat(65)]: [] } },
    ]) {
      const res = await grant(body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.error_type).toBe('ValidationError');
    }
  });

  it('is for administrators: managers and operators get 403 and change nothing', async () => {
    const before = await storedAttrs(cerro);
    for (const username of ['manager', 'operator']) {
      const res = await grant({ FileManager: { delete: [roles.Manager, roles.Operator] } }, username);
      expect(res.status).toBe(403);
    }
    expect(await storedAttrs(cerro)).toEqual(before);
  });

  it('needs a session', async () => {
    const res = await t.call('PATCH', grantsUrl(cerro), { body: { FileManager: { delete: [] } } });
    expect(res.status).toBe(401);
  });
});
