import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, TEST_DIALECT, type TestApp } from '../../test-support/test-app.ts';
import { INGEST } from '../ingest/test-fixtures.ts';
import { API, registryIds } from '../registry/test-fixtures.ts';
import { registryVersion } from '../../db/registry-version.ts';
import { toJson } from '../../db/values.ts';
import { saveEntityStates } from '../registry/entity-evaluation-store.ts';
import { loadEngineEntities, unchangedSince, type EngineEntity } from './engine-entity.ts';

let t: TestApp;
let admin: string;
let ids: ReturnType<typeof registryIds>;
beforeAll(async () => {
  t = await createTestApp();
  ids = registryIds(t);
  admin = await t.login('admin');
});
afterAll(() => t.close());

/** The entity as an evaluation reads it, with the registry's version read first. */
const load = (id: string) =>
  t.db.transaction().execute(async (trx) => ({
    version: await registryVersion(trx),
    entities: await loadEngineEntities(trx, TEST_DIALECT, [id]),
  }));
const unchanged = ({ version, entities }: { version: number | null; entities: EngineEntity[] }) =>
  t.db.transaction().execute((trx) => unchangedSince(trx, entities, version));

// The engine writes what it found only if no registry edit came between its reads and its writes
// (ADR 0015); ingest, which updates the same rows' latest_payload_* all the time, must not count.
describe("an evaluation's check before it writes", () => {
  it('passes after ingest, fails after an edit of the entity', async () => {
    const id = await ids.entity('cerro-azul', 'PZ-03');
    const loaded = await load(id);
    expect(await unchanged(loaded)).toBe(true);

    const stored = await t.call('POST', INGEST, {
      token: admin,
      body: { eid: 'PZ-03', read_at: new Date().toISOString(), raw_metrics: { reading: 7900, temperature: 11 } },
    });
    expect(stored.body.accepted).toBe(1);
    expect(await registryVersion(t.db)).toBe(loaded.version);
    expect(await unchanged(loaded)).toBe(true);

    const edited = await t.call('PATCH', `${API}/instruments/${id}`, {
      token: admin,
      body: { maintenance_mode: true },
    });
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    expect(await registryVersion(t.db)).not.toBe(loaded.version);
    expect(await unchanged(loaded)).toBe(false);
    expect(await unchanged(await load(id))).toBe(true);
  });

  it("passes after an edit of another entity, which moves the registry's version", async () => {
    const loaded = await load(await ids.entity('cerro-azul', 'PZ-05'));
    const other = await ids.entity('cerro-azul', 'PZ-06');
    const edited = await t.call('PATCH', `${API}/instruments/${other}`, {
      token: admin,
      body: { title: 'PZ-06 (moved)' },
    });
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    expect(await registryVersion(t.db)).not.toBe(loaded.version);
    expect(await unchanged(loaded)).toBe(true);
  });

  it("the engine's own writes (states, rules) leave the registry's version as it is", async () => {
    const loaded = await load(await ids.entity('cerro-azul', 'PZ-07'));
    const [entity] = loaded.entities;
    await t.db.transaction().execute(async (trx) => {
      await saveEntityStates(trx, [{ ...entity!, states: { ...entity!.states, health_state: 'red' } }]);
      await trx
        .updateTable('monitored_entities')
        .set({ rules: toJson(entity!.rules) })
        .where('id', '=', entity!.id)
        .execute();
    });
    expect(await registryVersion(t.db)).toBe(loaded.version);
  });

  it("fails after an edit of the entity's scheme", async () => {
    const id = await ids.entity('cerro-azul', 'PZ-04');
    const loaded = await load(id);
    const scheme = loaded.entities[0]!.schemeId!;
    const before = await t.call('GET', `${API}/schemes/${scheme}`, { token: admin });
    expect(before.status).toBe(200);
    const edited = await t.call('PATCH', `${API}/schemes/${scheme}`, {
      token: admin,
      body: { name: `${before.body.name} (edited)` },
    });
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    expect(await registryVersion(t.db)).not.toBe(loaded.version);
    expect(await unchanged(loaded)).toBe(false);
  });
});
