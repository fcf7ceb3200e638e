import type { FastifyBaseLogger } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from '../../test-support/test-app.ts';
import { CERRO, createPiezometers } from '../ingest/test-fixtures.ts';
import { daysBefore, insertNotifiedEvent, type Place } from './retention-fixtures.ts';
import { startRetention } from './retention-schedule.ts';

let t: TestApp;
let place: Place;
beforeAll(async () => {
  t = await createTestApp();
  const devices = await createPiezometers(t, CERRO, { 'RP-01': 100 });
  place = { projectId: devices.projectId, entityId: devices.ids['RP-01']! };
});
afterAll(() => t.close());

const POLICY = { ruleExecutionsDays: null, snapshotsDays: null, notificationsDays: 10 };
const stored = async (seq: number) =>
  (await t.db.selectFrom('notifications').select('seq').where('seq', '=', seq).execute()).length;
const quietLog = () => ({ info: vi.fn(), debug: vi.fn(), error: vi.fn() }) as unknown as FastifyBaseLogger;

describe('retention’s schedule (ADR 0046)', () => {
  it('runs after its first delay and then at every interval, until stopped', async () => {
    const log = quietLog();
    const first = await insertNotifiedEvent(t, place, daysBefore(new Date(), 20));
    const retention = startRetention({ db: t.db, dialect: t.app.dialect, log }, POLICY, {
      firstRunMs: 0,
      intervalMs: 50,
    });
    await vi.waitFor(async () => expect(await stored(first.seq)).toBe(0));
    // The row is gone once its batch commits; the run logs after it has released its lock.
    await vi.waitFor(() =>
      expect(log.info).toHaveBeenCalledWith(
        expect.objectContaining({ retention: expect.objectContaining({ notifications: { rows: 1, batches: 1 } }) }),
        'retention ran',
      ),
    );

    const second = await insertNotifiedEvent(t, place, daysBefore(new Date(), 20));
    await vi.waitFor(async () => expect(await stored(second.seq)).toBe(0));

    await retention.stop();
    const third = await insertNotifiedEvent(t, place, daysBefore(new Date(), 20));
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(await stored(third.seq)).toBe(1);
    expect(log.error).not.toHaveBeenCalled();
  });
});
