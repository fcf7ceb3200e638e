import { statSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '../../db/values.ts';
import { createTestApp, TEST_DIALECT, type TestApp } from '../../test-support/test-app.ts';
import { CERRO, createPiezometers } from '../ingest/test-fixtures.ts';
import { daysBefore, insertNotifiedEvent, type Place } from './retention-fixtures.ts';
import { RETENTION_LOCK } from './retention-lock.ts';
import { RETENTION_BATCH_ROWS, runRetention } from './run-retention.ts';

let t: TestApp;
let place: Place;
const now = new Date();
const NOTIFICATIONS_ONLY = { ruleExecutionsDays: null, snapshotsDays: null, notificationsDays: 10 };

beforeAll(async () => {
  t = await createTestApp();
  const devices = await createPiezometers(t, CERRO, { 'RS-01': 100 });
  place = { projectId: devices.projectId, entityId: devices.ids['RS-01']! };
});
afterAll(() => t.close());

/** `count` notifications of one event, `createdAt`, each with a text of about 1 KB, in statements of 200. */
async function insertManyNotifications(count: number, createdAt: string) {
  const { eventId } = await insertNotifiedEvent(t, place, createdAt);
  for (let i = 0; i < count; i += 200) {
    const rows = Array.from({ length: Math.min(200, count - i) }, () => ({
      id: newId(),
      project_id: place.projectId,
      event_id: eventId,
      entity_id: place.entityId,
      scheme_id: null,
      notification_type: 'safety_state_changed',
      level: 'critical',
      text: 'x'.repeat(1000),
      icon: 'critical',
      extra: '{}',
      created_at: createdAt,
    }));
    await t.db.insertInto('notifications').values(rows).execute();
  }
}

const pragma = async (name: 'page_count' | 'freelist_count') =>
  Number(Object.values((await sql.raw(`pragma ${name}`).execute(t.db)).rows[0] as object)[0]);
const checkpointedFileSize = async () => {
  await sql`pragma wal_checkpoint(truncate)`.execute(t.db);
  return statSync(join(t.dataDir, 'vigil.db')).size;
};

describe('retention and storage (ADR 0046)', () => {
  it.runIf(TEST_DIALECT === 'sqlite')(
    'gives the freed pages back: the SQLite file shrinks after a large delete',
    async () => {
      await insertManyNotifications(10_000, daysBefore(now, 20));
      const pagesBefore = await pragma('page_count');
      const sizeBefore = await checkpointedFileSize();

      const report = await runRetention(t.db, 'sqlite', NOTIFICATIONS_ONLY, { now, pauseMs: 0 });

      expect(report?.notifications.rows).toBe(10_001);
      expect(report?.notifications.batches).toBe(Math.ceil(10_001 / RETENTION_BATCH_ROWS));
      expect(await pragma('freelist_count')).toBe(0);
      // About 10 MB of notifications and their index entries left the file.
      const pagesAfter = await pragma('page_count');
      expect(report?.releasedPages).toBeGreaterThan(2000);
      expect(pagesBefore - pagesAfter).toBeGreaterThanOrEqual(report!.releasedPages);
      expect(sizeBefore - (await checkpointedFileSize())).toBeGreaterThan(8_000_000);
    },
  );

  it.runIf(TEST_DIALECT === 'postgres')(
    'runs on one instance at a time: another holding the lock, it deletes nothing',
    async () => {
      const { seq } = await insertNotifiedEvent(t, place, daysBefore(now, 20));
      const report = await t.db.connection().execute(async (other) => {
        await sql`select pg_advisory_lock(${RETENTION_LOCK})`.execute(other);
        try {
          return await runRetention(t.db, 'postgres', NOTIFICATIONS_ONLY, { now, pauseMs: 0 });
        } finally {
          await sql`select pg_advisory_unlock(${RETENTION_LOCK})`.execute(other);
        }
      });
      expect(report).toBeNull();
      expect(await t.db.selectFrom('notifications').select('seq').where('seq', '=', seq).execute()).toHaveLength(1);
      // once the lock is free, the next run deletes it
      expect((await runRetention(t.db, 'postgres', NOTIFICATIONS_ONLY, { now, pauseMs: 0 }))?.notifications.rows).toBe(
        1,
      );
    },
  );

  it.runIf(TEST_DIALECT === 'postgres')(
    'has PostgreSQL vacuum the tables it deletes from at 2 % of dead rows',
    async () => {
      const { rows } = await sql<{
        relname: string;
        reloptions: string[] | null;
      }>`select relname, reloptions from pg_class
      where relnamespace = current_schema()::regnamespace and relkind = 'r'
        and relname in ('state_rule_executions', 'entity_snapshots', 'notifications', 'notification_reads')`.execute(
        t.db,
      );
      expect(rows).toHaveLength(4);
      for (const row of rows) expect(row.reloptions, row.relname).toContain('autovacuum_vacuum_scale_factor=0.02');
    },
  );
});
