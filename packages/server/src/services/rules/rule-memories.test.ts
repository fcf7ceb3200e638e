import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, TEST_DIALECT, type TestApp } from '../../test-support/test-app.ts';
import { CERRO, createPiezometers, type TestDevices } from '../ingest/test-fixtures.ts';
import { ruleMemories, type RuleMemories, type RuleMemory } from './rule-memories.ts';

let t: TestApp;
let devices: TestDevices;
beforeAll(async () => {
  t = await createTestApp();
  devices = await createPiezometers(t, CERRO, { 'PZ-M1': 100, 'PZ-M2': 100 });
});
afterAll(() => t.close());

const load = (memories: RuleMemories, ids: string[]) => t.db.transaction().execute((trx) => memories.load(trx, ids));

/** What an evaluation does with memories: load, change, save in its write transaction, then hand them back. */
async function evaluate(memories: RuleMemories, id: string, change: (memory: RuleMemory) => void) {
  const memory = (await load(memories, [id])).get(id)!;
  change(memory);
  await t.db.transaction().execute((trx) => memories.save(trx, [{ entityId: id, memory }]));
  memories.committed([{ entityId: id, memory }]);
}

async function stored(id: string) {
  const row = await t.db.selectFrom('rule_memory').select('memory').where('entity_id', '=', id).executeTakeFirst();
  return row && JSON.parse(row.memory);
}

// The engine's memories (ADR 0016): saved per evaluation on PostgreSQL, held by the engine and
// written every few seconds on SQLite. Either way an evaluation sees only committed memories.
describe(`the rules engine's memories (${TEST_DIALECT})`, () => {
  it('gives each evaluation its own copy, and the next one what the last committed evaluation left', async () => {
    const memories = ruleMemories(t.db, TEST_DIALECT);
    const id = devices.ids['PZ-M1']!;
    expect(await load(memories, [id])).toEqual(new Map([[id, {}]]));

    await evaluate(memories, id, (m) => (m.health = { t: [1, 2] }));
    const copy = (await load(memories, [id])).get(id)!;
    expect(copy).toEqual({ health: { t: [1, 2] } });
    // an evaluation whose write does not happen (an entity edited meanwhile) changes nothing
    (copy.health as { t: number[] }).t.push(3);
    expect((await load(memories, [id])).get(id)).toEqual({ health: { t: [1, 2] } });

    await memories.flush();
    expect(await stored(id)).toEqual({ health: { t: [1, 2] } });
    // another engine (after a restart) starts from what was written
    expect((await load(ruleMemories(t.db, TEST_DIALECT), [id])).get(id)).toEqual({ health: { t: [1, 2] } });
  });

  it('writes them on SQLite only when flushed, and not for an entity deleted meanwhile', async () => {
    const memories = ruleMemories(t.db, TEST_DIALECT);
    const [kept, deleted] = [devices.ids['PZ-M1']!, devices.ids['PZ-M2']!];
    await evaluate(memories, kept, (m) => (m.limit_levels = { 'raw_metrics.pressure': 'warning' }));
    await evaluate(memories, deleted, (m) => (m.limit_levels = {}));
    expect((await stored(kept))?.limit_levels).toEqual(
      TEST_DIALECT === 'sqlite' ? undefined : { 'raw_metrics.pressure': 'warning' },
    );

    await t.db.deleteFrom('monitored_entities').where('id', '=', deleted).execute();
    await memories.flush();
    expect((await stored(kept))?.limit_levels).toEqual({ 'raw_metrics.pressure': 'warning' });
    expect(await stored(deleted)).toBeUndefined();
  });
});
