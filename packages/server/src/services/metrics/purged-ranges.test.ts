import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test-support/test-app.ts';
import { CERRO, createPiezometers } from '../ingest/test-fixtures.ts';
import { deleteReadingsUpTo } from './reading-store.ts';

// The purge deletes ranges of the readings' key (ADR 0048). Seqs have gaps: a resent reading takes
// one and stores nothing, and a purge leaves the lowest stored seq far above 1.
const SEQS = [101, 102, 105, 109, 110, 111, 140, 141];

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  const { projectId, ids } = await createPiezometers(t, CERRO, { 'RP-01': 100 });
  await t.db
    .insertInto('readings')
    .values(
      SEQS.map((seq) => ({
        seq,
        read_at: new Date(Date.UTC(2020, 0, 1, 0, seq)).toISOString(),
        entity_id: ids['RP-01']!,
        data_point_id: '',
        project_id: projectId,
        received_at: '2020-01-02T00:00:00.000Z',
        metrics: '{"raw_metrics":{"pressure":1}}',
      })),
    )
    .execute();
});
afterAll(() => t.close());

const stored = async () =>
  (await t.db.selectFrom('readings').select('seq').orderBy('seq').execute()).map((r) => Number(r.seq));

describe('deleting the readings kept in reading days, a range at a time', () => {
  it('takes at most `limit` seqs from the lowest stored, says whether more may remain, and never passes `last`', async () => {
    const steps: Array<{ deleted: number; more: boolean }> = [];
    for (let step = 0; step < 10; step++) {
      const result = await deleteReadingsUpTo(t.db, 140, 4);
      steps.push(result);
      if (!result.more) break;
    }
    // 101–104, 105–108, 109–112, 140 (≤ last 140): gaps make a step smaller, never larger
    expect(steps).toEqual([
      { deleted: 2, more: true },
      { deleted: 1, more: true },
      { deleted: 3, more: true },
      { deleted: 1, more: false },
    ]);
    expect(await stored()).toEqual([141]);
    expect(await deleteReadingsUpTo(t.db, 140, 4)).toEqual({ deleted: 0, more: false });
    expect(await stored()).toEqual([141]);
  });
});
