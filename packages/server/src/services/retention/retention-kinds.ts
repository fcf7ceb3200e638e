import type { Db } from '../../db/connection.ts';
import { openAlarmEventIds } from '../alarms/alarm-evidence-store.ts';
import { deleteNotifications, findNotificationsBefore } from '../notifications/notification-retention-store.ts';
import { indicatorExecutionIds } from '../registry/indicator-executions-store.ts';
import { deleteSnapshots, findSupersededSnapshots } from '../registry/snapshot-retention-store.ts';
import { deleteExecutions, executionsOfEvents, findExecutionsBefore } from '../rules/execution-retention-store.ts';
import type { ExpiringKind } from './expired-rows.ts';

/** The kinds of log retention deletes (ADR 0046), each with what it must keep whatever its age. */
export interface RetentionKinds {
  ruleExecutions: ExpiringKind<string>;
  snapshots: ExpiringKind<string>;
  notifications: ExpiringKind<number>;
}

/**
 * The kinds as of now. What is protected is read once a run: the events of alarms not at rest, and
 * the executions that explain them or an advanced indicator's present state. An alarm raised during
 * the run starts a new episode, whose events are too young to be deleted.
 */
export async function retentionKinds(db: Db): Promise<RetentionKinds> {
  const openAlarmEvents = await openAlarmEventIds(db);
  const keptExecutions = new Set([
    ...(await executionsOfEvents(db, [...openAlarmEvents])),
    ...(await indicatorExecutionIds(db)),
  ]);
  return {
    ruleExecutions: { find: findExecutionsBefore, delete: deleteExecutions, protectedKeys: keptExecutions },
    snapshots: { find: findSupersededSnapshots, delete: deleteSnapshots },
    notifications: {
      find: async (db, before, after, limit) =>
        (await findNotificationsBefore(db, before, after, limit)).map((n) => ({ ...n, evidence: n.eventId })),
      delete: deleteNotifications,
      protectedKeys: openAlarmEvents,
    },
  };
}
