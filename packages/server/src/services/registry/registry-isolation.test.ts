import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test-support/test-app.ts';
import { addMember, EXTRA_PASSWORD } from '../ui/test-fixtures.ts';
import { API, piezometerBody, registryIds } from './test-fixtures.ts';

/** An administrator of the Ouse project must neither read nor change anything of Cerro Azul’s registry. */
let t: TestApp;
let token: string;
let ids: ReturnType<typeof registryIds>;
let cerro: { entities: Record<string, string>; scheme: string; group: string; point: string };

const snapshotOfCerro = async (projectId: string) =>
  JSON.stringify([
    await t.db.selectFrom('schemes').selectAll().where('project_id', '=', projectId).orderBy('id').execute(),
    await t.db.selectFrom('monitored_entities').selectAll().where('project_id', '=', projectId).orderBy('id').execute(),
    await t.db.selectFrom('basic_groups').selectAll().where('project_id', '=', projectId).orderBy('id').execute(),
    await t.db.selectFrom('data_points').selectAll().where('project_id', '=', projectId).orderBy('id').execute(),
    (await t.db.selectFrom('entity_snapshots').select('id').execute()).length,
  ]);

beforeAll(async () => {
  t = await createTestApp();
  ids = registryIds(t);
  const ouse = await ids.project('ouse-embankment');
  const adminRole = await t.db
    .selectFrom('roles')
    .select('id')
    .where('project_id', '=', ouse)
    .where('name', '=', 'Administrator')
    .executeTakeFirstOrThrow();
  await addMember(t, 'ouse-admin', [{ projectId: ouse, roleIds: [adminRole.id] }]);
  token = await t.login('ouse-admin', EXTRA_PASSWORD);
  const cerroId = await ids.project('cerro-azul');
  cerro = {
    entities: {
      instruments: await ids.entity('cerro-azul', 'IPI-01'),
      'interface-nodes': await ids.entity('cerro-azul', 'DL-01'),
      'virtual-devices': await ids.entity('cerro-azul', 'VD-01'),
    },
    scheme: await ids.scheme('cerro-azul', 'VW piezometer'),
    group: (
      await t.db.selectFrom('basic_groups').select('id').where('project_id', '=', cerroId).executeTakeFirstOrThrow()
    ).id,
    point: (
      await t.db.selectFrom('data_points').select('id').where('project_id', '=', cerroId).executeTakeFirstOrThrow()
    ).id,
  };
});
afterAll(() => t.close());

describe('registry isolation between projects', () => {
  it('lists only the session’s project', async () => {
    for (const path of ['instruments', 'interface-nodes', 'virtual-devices', 'snapshots/latest/instruments']) {
      const res = await t.call('GET', `${API}/${path}?paginate_by=100&fields=eid`, { token });
      expect(res.status).toBe(200);
      expect(res.body.objects.map((o: any) => o.eid)).not.toContain('IPI-01');
    }
    const ids = Object.values(cerro.entities).join(',');
    const res = await t.call('GET', `${API}/instruments?monitored_entity_ids=${ids}`, { token });
    expect(res.body.count).toBe(0);
    const schemes = await t.call('GET', `${API}/schemes?fields=id`, { token });
    expect(schemes.body.objects.map((s: any) => s.id)).not.toContain(cerro.scheme);
  });

  it('answers 404 to reads and writes of the other project’s ids, and changes nothing', async () => {
    const cerroId = await ids.project('cerro-azul');
    const before = await snapshotOfCerro(cerroId);
    const calls: Array<[string, string, unknown?]> = [
      ['GET', `schemes/${cerro.scheme}`],
      ['PATCH', `schemes/${cerro.scheme}`, { name: 'Hacked' }],
    ];
    for (const [kind, id] of Object.entries(cerro.entities)) {
      calls.push(
        ['GET', `${kind}/${id}`],
        ['GET', `${kind}/${id}/data-points`],
        ['PATCH', `${kind}/${id}`, { title: 'Hacked' }],
        ['POST', `${kind}/${id}/decommission`],
      );
    }
    calls.push(
      ['GET', `basic-groups/${cerro.group}`],
      ['PATCH', `basic-groups/${cerro.group}`, { title: 'Hacked' }],
      ['DELETE', `basic-groups/${cerro.group}`],
      ['DELETE', `data-points/${cerro.point}`],
    );
    for (const [method, path, body] of calls) {
      const res = await t.call(method, `${API}/${path}`, { token, body });
      expect(res.status, `${method} ${path}`).toBe(404);
    }
    expect(await snapshotOfCerro(cerroId)).toBe(before);
  });

  it('refuses to build on the other project’s scheme, logger, devices or data points', async () => {
    const cerroId = await ids.project('cerro-azul');
    const before = await snapshotOfCerro(cerroId);
    const ouseScheme = await ids.scheme('ouse-embankment', 'VW piezometer');
    const attempts: Array<[string, unknown, string]> = [
      ['instruments', piezometerBody(cerro.scheme), 'scheme'],
      [
        'instruments',
        piezometerBody(ouseScheme, { interface_node: cerro.entities['interface-nodes'], context: {} }),
        'interface_node',
      ],
      ['basic-groups', { title: 'Borrowed', device_profiles: [cerro.entities.instruments] }, 'device_profiles'],
      ['data-points', { monitored_entity_id: cerro.entities.instruments, title: 'Borrowed' }, 'monitored_entity_id'],
    ];
    for (const [path, body, field] of attempts) {
      const res = await t.call('POST', `${API}/${path}`, { token, body });
      expect(res.status, path).toBe(400);
      expect(res.body.details, path).toHaveProperty(field);
    }
    expect(await snapshotOfCerro(cerroId)).toBe(before);
  });
});
