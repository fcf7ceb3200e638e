import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, TEST_DIALECT, type TestApp } from '../../test-support/test-app.ts';
import { at, eventsOf, ingest, pressureFor } from '../../test-support/rules.ts';
import { CERRO, createPiezometers, tokenFor, type TestDevices } from '../ingest/test-fixtures.ts';

// Readings whose evaluation fails are not lost: the batch's other entities are evaluated on their
// own, and the failing one again a second later. The failure is the database's own: a trigger
// refuses the events of one device, as a constraint or a lost connection would.
const LIMITS = [
  { group: 'calculated_metrics', metric: 'piezometric_level', level: 'critical', bound: 'upper', value: 115 },
];

let t: TestApp;
let token: string;
let d: TestDevices;

async function refuseEventsOf(entityId: string) {
  if (TEST_DIALECT === 'postgres') {
    await sql`create function refuse_event() returns trigger language plpgsql as $$
      begin raise exception 'refused by the test'; end $$`.execute(t.db);
    await sql`create trigger refuse_events before insert on events for each row
      when (new.entity_id = ${sql.lit(entityId)}) execute function refuse_event()`.execute(t.db);
  } else {
    await sql`create trigger refuse_events before insert on events when new.entity_id = ${sql.lit(entityId)}
      begin select raise(abort, 'refused by the test'); end`.execute(t.db);
  }
}
const acceptEvents = () =>
  sql`drop trigger refuse_events${sql.raw(TEST_DIALECT === 'postgres' ? ' on events' : '')}`.execute(t.db);

beforeAll(async () => {
  t = await createTestApp();
  d = await createPiezometers(t, CERRO, { 'PZ-F1': 100, 'PZ-F2': 100 }, { metricLimits: LIMITS });
  token = await tokenFor(t, 'admin', d.projectId);
});
afterAll(() => t.close());

const backlog = () => t.db.selectFrom('evaluation_backlog').select('id').execute();
const reached = async (entityId: string) =>
  (await eventsOf(t, token, entityId)).filter((e) => e.type === 'metric_limit_reached').map((e) => e.context.read_at);

describe('a failed evaluation', () => {
  it("holds back no other entity's readings, and is tried again until it passes", async () => {
    await refuseEventsOf(d.ids['PZ-F1']!);
    const beyond = (eid: string) => ({ eid, read_at: at(10), raw_metrics: { pressure: pressureFor(116) } });
    await ingest(t, token, [beyond('PZ-F1'), beyond('PZ-F2')]);

    expect(await reached(d.ids['PZ-F2']!)).toEqual([at(10)]);
    expect(await reached(d.ids['PZ-F1']!)).toEqual([]);
    // Kept while a reading of the batch waits for a retry: a server that stopped now would leave it to the next (ADR 0015).
    expect(await backlog()).toHaveLength(1);

    await acceptEvents();
    await expect.poll(() => reached(d.ids['PZ-F1']!), { timeout: 5_000 }).toEqual([at(10)]);
    await expect.poll(backlog).toEqual([]);
  });
});
