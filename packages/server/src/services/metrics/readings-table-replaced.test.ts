import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, TEST_DIALECT, type TestApp } from '../../test-support/test-app.ts';
import { CERRO, createPiezometers } from '../ingest/test-fixtures.ts';
import { replaceReadingsTable } from './reading-store.ts';

// On SQLite the purge replaces the table of readings when most of its rows go (ADR 0052): what the
// table was must hold of the new one — its definition, its key, its foreign key, its seqs.
const SEQS = [101, 102, 105, 109, 110, 111, 140, 141];
const readAt = (minute: number) => new Date(Date.UTC(2020, 0, 1, 0, minute)).toISOString();

let t: TestApp;
let ids: Record<string, string>;
let projectId: string;
beforeAll(async () => {
  t = await createTestApp();
  ({ projectId, ids } = await createPiezometers(t, CERRO, { 'RT-01': 100, 'RT-02': 100 }));
  await t.db
    .insertInto('readings')
    .values(SEQS.map((seq) => row(seq % 2 ? 'RT-01' : 'RT-02', readAt(seq), seq)))
    .execute();
});
afterAll(() => t.close());

function row(code: string, at: string, seq?: number) {
  return {
    ...(seq !== undefined && { seq }),
    read_at: at,
    entity_id: ids[code]!,
    data_point_id: '',
    project_id: projectId,
    received_at: '2020-01-02T00:00:00.000Z',
    metrics: '{"raw_metrics":{"pressure":1}}',
  };
}

const stored = async () =>
  (await t.db.selectFrom('readings').select('seq').orderBy('seq').execute()).map((r) => Number(r.seq));
const schema = async () =>
  (
    await sql<{ type: string; name: string; sql: string | null }>`select type, name, sql from sqlite_master
      where tbl_name = 'readings' order by type, name`.execute(t.db)
  ).rows;
const replace = (last: number) => t.db.transaction().execute((trx) => replaceReadingsTable(trx, last));

describe.skipIf(TEST_DIALECT !== 'sqlite')('the table of readings replaced, its rows up to a seq gone', () => {
  it('keeps the later rows with their seqs, its definition and key, and counts seqs on from the highest ever', async () => {
    const before = await schema();
    await replace(110);
    expect(await stored()).toEqual([111, 140, 141]);
    expect(await schema()).toEqual(before);

    // the key still turns a resend away (which takes a seq all the same, as ever)
    const resent = await sql`insert into readings (read_at, entity_id, data_point_id, project_id, received_at, metrics)
      values (${readAt(140)}, ${ids['RT-02']}, '', ${projectId}, '2020-01-03T00:00:00.000Z', '{}') on conflict do nothing`.execute(
      t.db,
    );
    expect(Number(resent.numAffectedRows)).toBe(0);
    await t.db
      .insertInto('readings')
      .values(row('RT-01', readAt(200)))
      .execute();
    expect(await stored()).toEqual([111, 140, 141, 143]);

    // every row gone: the next seq still follows the highest ever handed out
    await replace(143);
    expect(await stored()).toEqual([]);
    await t.db
      .insertInto('readings')
      .values(row('RT-01', readAt(201)))
      .execute();
    expect(await stored()).toEqual([144]);
  });

  it("keeps the foreign key: an instrument's rows go with it", async () => {
    await t.db
      .insertInto('readings')
      .values([row('RT-02', readAt(300)), row('RT-01', readAt(301))])
      .execute();
    await replace(144);
    await t.db.deleteFrom('monitored_entities').where('id', '=', ids['RT-02']!).execute();
    expect((await t.db.selectFrom('readings').select('entity_id').execute()).map((r) => r.entity_id)).toEqual([
      ids['RT-01'],
    ]);
  });
});
