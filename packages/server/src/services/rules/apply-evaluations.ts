import type { BusEvents } from '../../bus/bus.ts';
import { toJson } from '../../db/values.ts';
import { appendSnapshot } from '../registry/snapshot-store.ts';
import { saveEntityStates, type Trx } from './engine-entity.ts';
import type { Evaluation } from './evaluation.ts';
import { recordEvent, recordExecution, type ExecutionInput } from './event-recorder.ts';

/** Events of one evaluation are a millisecond apart, so that their order is their time order. */
const nextTime = (previous: string) => new Date(Math.max(Date.now(), Date.parse(previous) + 1)).toISOString();

/**
 * Writes what evaluations found, in the caller's transaction: failed rule executions, events with
 * their executions and notifications, and changed states with a snapshot (memories are saved by
 * rule-memories.ts). Returns the notifications to announce once the transaction has committed.
 */
export async function applyEvaluations(
  trx: Trx,
  evaluations: Iterable<Evaluation>,
  failures: Map<Evaluation, ExecutionInput[]>,
): Promise<Array<BusEvents['notification.created']>> {
  const created: Array<BusEvents['notification.created']> = [];
  let now = new Date().toISOString();
  for (const ev of evaluations) {
    const e = ev.entity;
    for (const failure of failures.get(ev) ?? []) await recordExecution(trx, e.projectId, e.id, failure, now);
    for (const event of ev.events) {
      now = nextTime(now);
      const recorded = await recordEvent(trx, e.projectId, event, now);
      if (!recorded) continue;
      if (recorded.notification) created.push(recorded.notification);
      if (event.type === 'advanced_indicator_state_changed') {
        const indicator = e.rules.advanced_indicators.find((i) => i.name === event.context.advanced_indicator_name);
        if (indicator) {
          indicator.rule_execution_id = recorded.executionId;
          ev.rulesChanged = true;
        }
      }
    }
    if (ev.statesChanged) {
      await saveEntityStates(trx, e);
      await appendSnapshot(
        trx,
        e.id,
        { ...e.states, maintenance_mode: e.maintenanceMode, turned_off: e.turnedOff, decommissioned: e.decommissioned },
        now,
      );
    }
    if (ev.rulesChanged) {
      await trx
        .updateTable('monitored_entities')
        .set({ rules: toJson(e.rules) })
        .where('id', '=', e.id)
        .execute();
    }
  }
  return created;
}
