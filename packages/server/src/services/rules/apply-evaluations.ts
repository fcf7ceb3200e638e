import type { BusEvents } from '../../bus/bus.ts';
import { appendSnapshots } from '../registry/snapshot-store.ts';
import { saveEntityRules, saveEntityStates } from '../registry/entity-evaluation-store.ts';
import type { Trx } from './engine-entity.ts';
import type { Evaluation } from './evaluation.ts';
import { recordEvents, recordExecutions, type EventToRecord, type ExecutionInput } from './event-recorder.ts';

/** Events of one evaluation are a millisecond apart, so that their order is their time order. */
const nextTime = (previous: string) => new Date(Math.max(Date.now(), Date.parse(previous) + 1)).toISOString();

/**
 * Writes what evaluations found, in the caller's transaction: failed rule executions, events with
 * their executions and notifications, and changed states with a snapshot (memories are saved by
 * rule-memories.ts), each kind in multi-row statements. Returns the notifications to announce once
 * the transaction has committed.
 */
export async function applyEvaluations(
  trx: Trx,
  evaluations: Iterable<Evaluation>,
  failures: Map<Evaluation, ExecutionInput[]>,
): Promise<Array<BusEvents['notification.created']>> {
  const all = [...evaluations];
  let now = new Date().toISOString();
  const failed = [];
  const events: Array<EventToRecord & { ev: Evaluation }> = [];
  const changed: Array<{ ev: Evaluation; at: string }> = [];
  for (const ev of all) {
    const e = ev.entity;
    for (const input of failures.get(ev) ?? [])
      failed.push({ projectId: e.projectId, entityId: e.id, input, createdAt: now });
    for (const input of ev.events) {
      now = nextTime(now);
      events.push({ projectId: e.projectId, input, createdAt: now, ev });
    }
    if (ev.statesChanged) changed.push({ ev, at: now });
  }
  await recordExecutions(trx, failed);
  const recorded = await recordEvents(trx, events);

  const created: Array<BusEvents['notification.created']> = [];
  recorded.forEach((r, i) => {
    if (!r) return;
    if (r.notification) created.push(r.notification);
    const { input, ev } = events[i]!;
    if (input.type !== 'advanced_indicator_state_changed') return;
    const indicator = ev.entity.rules.advanced_indicators.find((a) => a.name === input.context.advanced_indicator_name);
    if (indicator) {
      indicator.rule_execution_id = r.executionId;
      ev.rulesChanged = true;
    }
  });
  await saveEntityStates(
    trx,
    changed.map(({ ev }) => ev.entity),
  );
  await appendSnapshots(
    trx,
    changed.map(({ ev: { entity: e }, at }) => ({
      entityId: e.id,
      states: {
        ...e.states,
        maintenance_mode: e.maintenanceMode,
        turned_off: e.turnedOff,
        decommissioned: e.decommissioned,
      },
      at,
    })),
  );
  for (const ev of all) {
    if (!ev.rulesChanged) continue;
    await saveEntityRules(trx, ev.entity.id, ev.entity.rules);
  }
  return created;
}
