import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, TEST_DIALECT, type TestApp } from '../../test-support/test-app.ts';
import { INGEST } from '../ingest/test-fixtures.ts';
import { API, registryIds } from '../registry/test-fixtures.ts';
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

const load = (id: string) => t.db.transaction().execute((trx) => loadEngineEntities(trx, TEST_DIALECT, [id]));
const unchanged = (entities: EngineEntity[]) => t.db.transaction().execute((trx) => unchangedSince(trx, entities));

// The engine writes what it found only if no registry edit came between its reads and its writes
// (ADR 0015); ingest, which updates the same rows' latest_payload_* all the time, must not count.
describe("an evaluation's check before it writes", () => {
  it('passes after ingest, fails after an edit of the entity', async () => {
    const id = await ids.entity('cerro-azul', 'PZ-03');
    const loaded = await load(id);
    expect(await unchanged(loaded)).toBe(true);

    const stored = await t.call('POST', INGEST, {
      token: admin,
      body: { eid: 'PZ-03', read_at: new Date().toISOString(), raw_metrics: { pressure: 120, temperature: 11 } },
    });
    expect(stored.body.accepted).toBe(1);
    expect(await unchanged(loaded)).toBe(true);

    const edited = await t.call('PATCH', `${API}/instruments/${id}`, {
      token: admin,
      body: { maintenance_mode: true },
    });
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    expect(await unchanged(loaded)).toBe(false);
    expect(await unchanged(await load(id))).toBe(true);
  });

  it("fails after an edit of the entity's scheme", async () => {
    const id = await ids.entity('cerro-azul', 'PZ-04');
    const loaded = await load(id);
    const scheme = loaded[0]!.schemeId!;
    const before = await t.call('GET', `${API}/schemes/${scheme}`, { token: admin });
    expect(before.status).toBe(200);
    const edited = await t.call('PATCH', `${API}/schemes/${scheme}`, {
      token: admin,
      body: { name: `${before.body.name} (edited)` },
    });
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    expect(await unchanged(loaded)).toBe(false);
  });
});
