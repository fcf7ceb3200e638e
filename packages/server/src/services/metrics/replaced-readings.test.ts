import type { ManualReading } from '@vigil/domain';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { readThenWrite as realReadThenWrite } from '../../db/read-then-write.ts';
import { createTestApp, TEST_DIALECT, type TestApp } from '../../test-support/test-app.ts';
import { pressureFor } from '../../test-support/rules.ts';
import { CERRO, createPiezometers, INGEST, tokenFor, type TestDevices } from '../ingest/test-fixtures.ts';
import { compactOnce } from './compaction.ts';
import { compactAndPurge, storedReadingCount } from '../../test-support/stored-readings.ts';

/** What the next readThenWrite runs between its read and its write, once. */
const between = vi.hoisted(() => ({ next: null as null | (() => Promise<void>) }));

// SQLite: compaction reads in one transaction and writes in another (ADR 0015); `between` runs
// there. PostgreSQL: both are one transaction holding the compaction lock alone; `between` starts
// after the read and waits for the lock, as a correction arriving then would.
vi.mock('../../db/read-then-write.ts', async (importOriginal) => {
  const real = (await importOriginal<{ readThenWrite: typeof realReadThenWrite }>()).readThenWrite;
  const readThenWrite: typeof realReadThenWrite = async (db, dialect, read, write) => {
    const run = between.next;
    between.next = null;
    if (!run) return real(db, dialect, read, write);
    if (dialect === 'postgres') {
      let started: Promise<void> | undefined;
      const written = await real(
        db,
        dialect,
        async (trx) => {
          const found = await read(trx);
          started = run();
          return found;
        },
        write,
      );
      await started;
      return written;
    }
    const found = await real(db, dialect, read, async (_trx, f) => f);
    await run();
    return real(db, dialect, async () => found, write);
  };
  return { readThenWrite };
});

const SESSIONS = '/inmt-journal/api/v1/data-sessions/';
const MANUAL = '/ingest/api/v1/manual-readings';

let t: TestApp;
let d: TestDevices;
let operator: string;
beforeAll(async () => {
  t = await createTestApp();
  d = await createPiezometers(t, CERRO, { 'SP-9': 100 });
  operator = await tokenFor(t, 'operator', d.projectId);
});
afterAll(() => t.close());

/** The temperature chart's values in the minute around `at`. */
async function temperaturesAt(at: string): Promise<number[]> {
  const res = await t.call('POST', '/metrics-provider/api/v1/metrics/timeseries/', {
    token: operator,
    body: {
      from_time: new Date(Date.parse(at) - 60_000).toISOString(),
      to_time: new Date(Date.parse(at) + 60_000).toISOString(),
      metric: 'raw_metrics.temperature',
      aggregation: { function: 'max', interval_sec: 60 },
      filters: { monitored_entity_ids: [d.ids['SP-9']] },
    },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return Object.values((res.body.data[0]?.values ?? {}) as Record<string, number>);
}

let round = 0;
/**
 * Two manual readings of SP-9 ten minutes apart, in one day block: from 13:00 two days ago, an hour
 * later at each call.
 */
async function twoReadings() {
  const session = (await t.call('POST', SESSIONS, { token: operator, body: { title: 'Round' } })).body.id as string;
  const noon = Math.floor(Date.now() / 86_400_000 - 2) * 86_400_000 + 12 * 3_600_000 + ++round * 3_600_000;
  const [first, second] = [noon, noon + 600_000].map((ms) => new Date(ms).toISOString()) as [string, string];
  const enter = async (read_at: string, temperature: number) => {
    const body = {
      eid: 'SP-9',
      read_at,
      raw_metrics: { pressure: pressureFor(104), temperature },
      source: 'manual',
      data_session: session,
    };
    expect((await t.call('POST', INGEST, { token: operator, body })).status).toBe(200);
  };
  /** runs next between compaction's read and write: the temperature was not read after all */
  const dropTemperatureOfFirst = () => {
    between.next = async () => {
      const entered = (await t.call('GET', `${MANUAL}?data_session=${session}`, { token: operator })).body
        .objects as ManualReading[];
      const id = entered.find((r) => r.read_at === first)!.id;
      const res = await t.call('PATCH', `${MANUAL}/${id}/`, {
        token: operator,
        body: { raw_metrics: { pressure: pressureFor(104) }, reason: 'No thermistor on this tape' },
      });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
    };
  };
  return { first, second, enter, dropTemperatureOfFirst };
}

async function expectTemperatures(at: Record<string, number[]>) {
  for (const pass of ['after the interleaved run', 'after another run']) {
    for (const [time, values] of Object.entries(at))
      expect(await temperaturesAt(time), `${time}, ${pass}`).toEqual(values);
    await compactOnce(t.db, TEST_DIALECT);
  }
}

describe('a correction while compaction is between its read and its write', () => {
  it('does not get the value it dropped written back into the day block', async () => {
    const { first, second, enter, dropTemperatureOfFirst } = await twoReadings();
    await enter(first, 12);
    await compactOnce(t.db, TEST_DIALECT);
    // Not compacted yet: the next compaction merges it into the block that holds the first.
    await enter(second, 13);
    dropTemperatureOfFirst();
    await compactOnce(t.db, TEST_DIALECT);
    expect(between.next).toBeNull();
    await expectTemperatures({ [first]: [], [second]: [13] });
  });

  it('does not get the values of the row it deleted merged, when that row was not compacted yet', async () => {
    const { first, second, enter, dropTemperatureOfFirst } = await twoReadings();
    await enter(first, 14);
    await enter(second, 15);
    dropTemperatureOfFirst();
    await compactOnce(t.db, TEST_DIALECT);
    expect(between.next).toBeNull();
    await expectTemperatures({ [first]: [], [second]: [15] });
  });
});

describe('a correction of a reading kept once, in its reading day (ADR 0048)', () => {
  /** SP-9's stored readings at `at`, as the list and the stored count give them. */
  async function listedAt(at: string) {
    const res = await t.call(
      'GET',
      `/metrics-provider/api/v1/metrics/?monitored_entity_ids=${d.ids['SP-9']}&read_at.from_time=${at}&read_at.to_time=${at}`,
      { token: operator },
    );
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.objects as Array<{ raw_metrics: Record<string, number>; manual: unknown }>;
  }

  /** Enters a reading at `first`, compacts it and purges its row: the correction meets only its reading day. */
  async function compactedReading(temperature: number) {
    const { first, enter } = await twoReadings();
    await enter(first, temperature);
    await compactAndPurge(t);
    const rows = await t.db.selectFrom('readings').select('seq').where('read_at', '=', first).execute();
    expect(rows).toEqual([]);
    const session = (await t.call('GET', `${MANUAL}?monitored_entity_id=${d.ids['SP-9']}`, { token: operator })).body
      .objects as ManualReading[];
    const id = session.find((r) => r.read_at === first)!.id;
    const correct = async (raw_metrics: Record<string, number>) => {
      const res = await t.call('PATCH', `${MANUAL}/${id}/`, {
        token: operator,
        body: { raw_metrics, reason: 'Misread' },
      });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
    };
    return { first, correct };
  }

  it('replaces its values: listed once with the new ones, charted with them, before and after compaction', async () => {
    const { first, correct } = await compactedReading(21);
    const count = await storedReadingCount(t.db, { entityIds: [d.ids['SP-9']!] });
    await correct({ pressure: pressureFor(104), temperature: 23 });
    for (const pass of ['not compacted', 'compacted and purged']) {
      const listed = await listedAt(first);
      expect(listed, pass).toHaveLength(1);
      expect(listed[0]!.raw_metrics.temperature, pass).toBe(23);
      expect(listed[0]!.manual, pass).toMatchObject({ corrected_by: expect.any(String) });
      expect(await temperaturesAt(first), pass).toEqual([23]);
      expect(await storedReadingCount(t.db, { entityIds: [d.ids['SP-9']!] }), pass).toBe(count);
      await compactAndPurge(t);
    }
  });

  it('drops a metric the correction no longer has, from the list and the chart', async () => {
    const { first, correct } = await compactedReading(22);
    await correct({ pressure: pressureFor(104) });
    for (const pass of ['not compacted', 'compacted and purged']) {
      const listed = await listedAt(first);
      expect(listed, pass).toHaveLength(1);
      expect(listed[0]!.raw_metrics, pass).not.toHaveProperty('temperature');
      expect(await temperaturesAt(first), pass).toEqual([]);
      await compactAndPurge(t);
    }
  });
});
