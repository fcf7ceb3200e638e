import { nextAlarmState, type AlarmState } from '@vigil/domain';
import { appendHistory, updateAlarm, type AlarmDb, type AlarmRow } from './alarm-store.ts';

/** Whether an alarm waits for someone to acknowledge it. */
export const awaitsAcknowledgement = (state: string) =>
  state === 'active_unacknowledged' || state === 'cleared_unacknowledged';

/**
 * Acknowledges a locked alarm that awaits it, as `userId`, with the comment kept in its history: the
 * one way an operator's click and a call-out link (ADR 0050) acknowledge.
 */
export async function acknowledgeAlarm(trx: AlarmDb, row: AlarmRow, userId: string, comment: string, at: string) {
  const next = nextAlarmState(row.state as AlarmState, 'acknowledge');
  await updateAlarm(trx, row.id, {
    state: next.state,
    acknowledged_by: userId,
    acknowledged_at: at,
    ack_comment: comment,
    ack_deadline: null,
  });
  await appendHistory(trx, [
    {
      alarmId: row.id,
      projectId: row.project_id,
      action: 'acknowledged',
      at,
      userId,
      comment,
      details: { state: next.state },
    },
  ]);
}
