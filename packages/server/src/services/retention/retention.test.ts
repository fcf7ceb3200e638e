import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toJson } from '../../db/values.ts';
import { createTestApp, type TestApp } from '../../test-support/test-app.ts';
import { CERRO, createPiezometers, tokenFor } from '../ingest/test-fixtures.ts';
import { compactAndPurge } from '../../test-support/stored-readings.ts';
import { demoIds } from '../ui/test-fixtures.ts';
import { insertOldEvidence } from './evidence-fixtures.ts';
import {
  daysBefore,
  insertAlarm,
  insertExecution,
  insertNotifiedEvent,
  insertSnapshot,
  rowCounts,
  type Place,
} from './retention-fixtures.ts';
import type { RetentionPolicy } from './retention-policy.ts';
import { runRetention } from './run-retention.ts';

let t: TestApp;
let rt1: Place & { eid: string };
let rt2: Place;
let readers: string[];
const now = new Date();
const ago = (days: number) => daysBefore(now, days);
const POLICY: RetentionPolicy = { ruleExecutionsDays: 30, snapshotsDays: 30, notificationsDays: 10 };
const run = (policy: RetentionPolicy, batchRows?: number) =>
  runRetention(t.db, t.app.dialect, policy, { now, pauseMs: 0, ...(batchRows ? { batchRows } : {}) });

beforeAll(async () => {
  t = await createTestApp();
  const devices = await createPiezometers(t, CERRO, { 'RT-01': 100, 'RT-02': 100 });
  rt1 = { projectId: devices.projectId, entityId: devices.ids['RT-01']!, eid: 'RT-01' };
  rt2 = { projectId: devices.projectId, entityId: devices.ids['RT-02']! };
  readers = [await demoIds(t).userId('admin'), await demoIds(t).userId('operator')];
});
afterAll(() => t.close());

const existing = async (table: 'state_rule_executions' | 'entity_snapshots', ids: string[]) =>
  (await t.db.selectFrom(table).select('id').where('id', 'in', ids).execute()).map((r) => r.id).sort();
const existingNotifications = async (seqs: number[]) =>
  (await t.db.selectFrom('notifications').select('seq').where('seq', 'in', seqs).execute())
    .map((r) => Number(r.seq))
    .sort();

describe('retention (ADR 0046)', () => {
  it('deletes the executions, snapshots and notifications older than their kind’s age, and nothing else', async () => {
    const token = await tokenFor(t, 'admin', rt1.projectId);
    await insertOldEvidence(t, token, rt1, ago(200));

    // Executions: three old, two young; old ones explaining an open alarm's event or an indicator's state.
    const oldExecutions = [
      await insertExecution(t, rt1, ago(40)),
      await insertExecution(t, rt1, ago(31)),
      await insertExecution(t, rt2, ago(400)),
    ];
    const youngExecutions = [await insertExecution(t, rt1, ago(29)), await insertExecution(t, rt2, ago(1))];
    const openAlarmExecution = await insertExecution(t, rt1, ago(40));
    const closedAlarmExecution = await insertExecution(t, rt1, ago(40));
    const indicatorExecution = await insertExecution(t, rt2, ago(300));
    await t.db
      .updateTable('monitored_entities')
      .set({
        rules: toJson({
          advanced_indicators: [{ name: 'Seepage', rule: 'pressure > 1', rule_execution_id: indicatorExecution }],
        }),
      })
      .where('id', '=', rt2.entityId)
      .execute();

    // Notifications: old ones read by two users, young ones, and those of alarms.
    const oldNotifications = [
      await insertNotifiedEvent(t, rt1, ago(11), { readers }),
      await insertNotifiedEvent(t, rt2, ago(50), { readers: readers.slice(0, 1) }),
      await insertNotifiedEvent(t, rt2, ago(20)),
    ];
    const youngNotifications = [
      await insertNotifiedEvent(t, rt1, ago(9), { readers }),
      await insertNotifiedEvent(t, rt2, ago(0)),
    ];
    const openRaise = await insertNotifiedEvent(t, rt1, ago(40), { executionId: openAlarmExecution, readers });
    const earlierEpisode = await insertNotifiedEvent(t, rt1, ago(60));
    const closedRaise = await insertNotifiedEvent(t, rt2, ago(40), { executionId: closedAlarmExecution });
    await insertAlarm(t, rt1, 'active_acknowledged', ago(40), [
      { eventId: earlierEpisode.eventId, at: ago(60) },
      { eventId: openRaise.eventId, at: ago(40) },
    ]);
    await insertAlarm(t, rt2, 'normal', ago(40), [{ eventId: closedRaise.eventId, at: ago(40) }]);

    // Snapshots: RT-01's at 60, 45 and 35 days are superseded by the one at 31 days, the state at the
    // cutoff; RT-02's only snapshot, however old, is its state.
    const superseded = [
      await insertSnapshot(t, rt1.entityId, ago(60)),
      await insertSnapshot(t, rt1.entityId, ago(45)),
      await insertSnapshot(t, rt1.entityId, ago(35)),
    ];
    const keptSnapshots = [
      await insertSnapshot(t, rt1.entityId, ago(31)),
      await insertSnapshot(t, rt1.entityId, ago(10)),
      await insertSnapshot(t, rt2.entityId, ago(500)),
    ];

    // readings kept once (ADR 0048): compacted, their rows purged, the evidence in reading days and blocks
    await compactAndPurge(t);
    const before = await rowCounts(t);
    for (const table of [
      'reading_days',
      'metric_blocks',
      'manual_readings',
      'journal_entries',
      'calibrations',
      'alarm_history',
      'events',
    ])
      expect(before[table], table).toBeGreaterThan(0);
    const readsBefore = before.notification_reads!;

    const report = await run(POLICY);

    expect(report).toMatchObject({
      ruleExecutions: { rows: oldExecutions.length + 1 },
      snapshots: { rows: superseded.length },
      notifications: { rows: oldNotifications.length + 2 },
    });
    const allExecutions = [
      ...oldExecutions,
      ...youngExecutions,
      openAlarmExecution,
      closedAlarmExecution,
      indicatorExecution,
    ];
    expect(await existing('state_rule_executions', allExecutions)).toEqual(
      [...youngExecutions, openAlarmExecution, indicatorExecution].sort(),
    );
    expect(await existing('entity_snapshots', [...superseded, ...keptSnapshots])).toEqual([...keptSnapshots].sort());
    const all = [...oldNotifications, ...youngNotifications, openRaise, earlierEpisode, closedRaise].map((n) => n.seq);
    expect(await existingNotifications(all)).toEqual([...youngNotifications, openRaise].map((n) => n.seq).sort());

    const after = await rowCounts(t);
    // Who read a deleted notification went with it: 2 + 1 read rows.
    expect(after.notification_reads).toBe(readsBefore - 3);
    const pruned = ['state_rule_executions', 'entity_snapshots', 'notifications', 'notification_reads'];
    const untouched = (counts: Record<string, number>) =>
      Object.fromEntries(Object.entries(counts).filter(([table]) => !pruned.includes(table)));
    expect(untouched(after)).toEqual(untouched(before));

    // A second run finds nothing more to delete.
    expect(await run(POLICY)).toMatchObject({
      ruleExecutions: { rows: 0 },
      snapshots: { rows: 0 },
      notifications: { rows: 0 },
    });
  });

  it('deletes in transactions of at most the batch’s rows, walking past what it keeps', async () => {
    const old = [];
    for (let i = 0; i < 10; i++) old.push(await insertNotifiedEvent(t, rt2, ago(15), { readers }));
    // The open alarm's notification (40 days) comes first and is kept: batches of 4 find 4, 4 and 3.
    const report = await run({ ruleExecutionsDays: null, snapshotsDays: null, notificationsDays: 10 }, 4);
    expect(report?.notifications).toEqual({ rows: 10, batches: 3 });
    expect(await existingNotifications(old.map((n) => n.seq))).toEqual([]);
  });

  it('keeps everything when each age is never (null)', async () => {
    await insertExecution(t, rt1, ago(4000));
    await insertNotifiedEvent(t, rt1, ago(4000));
    await insertSnapshot(t, rt1.entityId, ago(4000));
    const before = await rowCounts(t);
    const report = await run({ ruleExecutionsDays: null, snapshotsDays: null, notificationsDays: null });
    expect(report).toMatchObject({ ruleExecutions: { rows: 0 }, snapshots: { rows: 0 }, notifications: { rows: 0 } });
    expect(await rowCounts(t)).toEqual(before);
  });
});
