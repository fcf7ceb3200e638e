import type { TarpLevel } from '@vigil/domain';
import type { Db } from '../../db/connection.ts';
import { newId } from '../../db/values.ts';
import { appendHistory } from '../alarms/alarm-store.ts';
import { startCallOuts } from './call-out-steps.ts';
import type { PolicyRow } from './policy-store.ts';

/** The source of test alarms: listed like any alarm, marked in their text, never counted in alarm rates. */
export const TEST_ALARM_SOURCE = 'call_out_test';

/**
 * Raises the policy's test alarm (one per policy, raised again on each test) and starts its call-out
 * with that policy, in one transaction: the first step's deliveries are queued when this answers.
 */
export async function raiseTestAlarm(db: Db, policy: PolicyRow, level: TarpLevel | undefined, at: string) {
  const critical = level?.colours.includes('red') ?? false;
  const text = `TEST: call-out policy "${policy.name}" (no action needed)`;
  return db.transaction().execute(async (trx) => {
    const fields = {
      state: 'active_unacknowledged',
      level: critical ? 'critical' : 'warning',
      colour: level?.colour ?? (critical ? 'red' : 'orange'),
      first_raised_at: at,
      last_raised_at: at,
      cleared_at: null,
      acknowledged_by: null,
      acknowledged_at: null,
      ack_comment: null,
      escalated_at: null,
      tarp_level: policy.tarp_level,
      text,
    };
    await trx
      .insertInto('alarms')
      .values({
        id: newId(),
        project_id: policy.project_id,
        entity_key: `test:${policy.id}`,
        entity_id: null,
        source: TEST_ALARM_SOURCE,
        occurrence_count: 1,
        checklist_done: '[]',
        ...fields,
      })
      .onConflict((oc) =>
        oc
          .columns(['project_id', 'entity_key', 'source'])
          .doUpdateSet((eb) => ({ ...fields, occurrence_count: eb('alarms.occurrence_count', '+', 1) })),
      )
      .execute();
    const { id } = await trx
      .selectFrom('alarms')
      .select('id')
      .where('project_id', '=', policy.project_id)
      .where('entity_key', '=', `test:${policy.id}`)
      .where('source', '=', TEST_ALARM_SOURCE)
      .executeTakeFirstOrThrow();
    await appendHistory(trx, [
      {
        alarmId: id,
        projectId: policy.project_id,
        action: 'raised',
        at,
        details: { test: true, policy_id: policy.id, level: fields.level, annunciated: false },
      },
    ]);
    await startCallOuts(trx, [{ alarmId: id, projectId: policy.project_id, at, testPolicyId: policy.id }]);
    return id;
  });
}
