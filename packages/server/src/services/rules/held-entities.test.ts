import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, TEST_DIALECT, type TestApp } from '../../test-support/test-app.ts';
import { registryVersion } from '../../db/registry-version.ts';
import { fromJson, toJson } from '../../db/values.ts';
import { CERRO, createPiezometers, INGEST, type TestDevices } from '../ingest/test-fixtures.ts';
import { saveEntityRules, saveEntityStates } from '../registry/entity-evaluation-store.ts';
import { engineEntities, type EngineEntities } from './held-entities.ts';

let t: TestApp;
let devices: TestDevices;
let admin: string;
beforeAll(async () => {
  t = await createTestApp();
  devices = await createPiezometers(t, CERRO, { 'PZ-H1': 100, 'PZ-H2': 100 });
  admin = await t.login('admin');
});
afterAll(() => t.close());

/** What an evaluation reads: the registry's version, then the entities. */
const load = (entities: EngineEntities, ids: string[]) =>
  t.db.transaction().execute(async (trx) => entities.load(trx, ids, await registryVersion(trx)));

/** An evaluation that changes `id`'s states and rules, writes them as the engine does, and hands them back. */
async function evaluate(entities: EngineEntities, id: string, health: 'red' | 'green', executionId: string) {
  const [entity] = await load(entities, [id]);
  entity!.states.health_state = health;
  entity!.rules.advanced_indicators = [{ name: 'Seepage', rule: 'pressure > 1', rule_execution_id: executionId }];
  await t.db.transaction().execute(async (trx) => {
    await saveEntityStates(trx, [entity!]);
    await saveEntityRules(trx, entity!.id, entity!.rules);
  });
  entities.committed([entity!]);
}

const indicatorExecution = (e: { rules: { advanced_indicators: Array<{ rule_execution_id?: string | null }> } }) =>
  e.rules.advanced_indicators[0]?.rule_execution_id;

// On SQLite the engine holds the entities it read while the registry's version stands (ADR 0048);
// on PostgreSQL each evaluation reads them. Either way an evaluation sees what the last committed
// evaluation, the registry, ingest and the project's settings left.
describe(`the entities the rules engine evaluates (${TEST_DIALECT})`, () => {
  it('gives each evaluation its own copy, and the next one what the last committed evaluation left', async () => {
    const entities = engineEntities(TEST_DIALECT);
    const id = devices.ids['PZ-H1']!;
    await evaluate(entities, id, 'red', 'execution-1');
    const [after] = await load(entities, [id]);
    expect(after!.states.health_state).toBe('red');
    expect(indicatorExecution(after!)).toBe('execution-1');

    // an evaluation whose write does not happen (an entity edited meanwhile, a failure) changes nothing
    after!.states.health_state = 'green';
    after!.rules.advanced_indicators[0]!.rule_execution_id = 'execution-2';
    const [again] = await load(entities, [id]);
    expect(again!.states.health_state).toBe('red');
    expect(indicatorExecution(again!)).toBe('execution-1');

    // another engine (after a restart) reads what was written
    const [restarted] = await load(engineEntities(TEST_DIALECT), [id]);
    expect(restarted!.states.health_state).toBe('red');
    expect(indicatorExecution(restarted!)).toBe('execution-1');
  });

  it('sees a registry edit, a reading ingested and a project setting at the next evaluation', async () => {
    const entities = engineEntities(TEST_DIALECT);
    const id = devices.ids['PZ-H2']!;
    const [before] = await load(entities, [id]);
    expect(before).toMatchObject({ title: 'Piezometer PZ-H2', maintenanceMode: false, trendNotifications: 'advisory' });

    const readAt = new Date(Date.now() - 60_000).toISOString();
    const stored = await t.call('POST', INGEST, {
      token: admin,
      body: { eid: 'PZ-H2', read_at: readAt, raw_metrics: { pressure: 120, temperature: 11 } },
    });
    expect(stored.status, JSON.stringify(stored.body)).toBe(200);
    const project = await t.db
      .selectFrom('projects')
      .select('attrs')
      .where('id', '=', devices.projectId)
      .executeTakeFirstOrThrow();
    const attrs = { ...fromJson<object>(project.attrs, {}), alarmSettings: { trendNotifications: 'alarm' } };
    await t.db
      .updateTable('projects')
      .set({ attrs: toJson(attrs) })
      .where('id', '=', devices.projectId)
      .execute();
    const [ingested] = await load(entities, [id]);
    expect(ingested!.latestPayloadReadAt).toBe(readAt);
    expect(ingested!.latestPayloadReceivedAt).not.toBeNull();
    expect(ingested!.trendNotifications).toBe('alarm');

    const edited = await t.call('PATCH', `/device-registry/api/v1/instruments/${id}`, {
      token: admin,
      body: { title: 'PZ-H2 (moved)', maintenance_mode: true },
    });
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    const [after] = await load(entities, [id]);
    expect(after).toMatchObject({ title: 'PZ-H2 (moved)', maintenanceMode: true, trendNotifications: 'alarm' });
    expect(after!.latestPayloadReadAt).toBe(readAt);
  });

  it('leaves out an entity deleted since it was read', async () => {
    const entities = engineEntities(TEST_DIALECT);
    const { ids } = await createPiezometers(t, CERRO, { 'PZ-H3': 100 });
    const id = ids['PZ-H3']!;
    expect(await load(entities, [id])).toHaveLength(1);
    await t.db.deleteFrom('monitored_entities').where('id', '=', id).execute();
    expect(await load(entities, [id])).toEqual([]);
  });
});
