import type { StateRule } from '@vigil/domain';
import type { Evaluation } from './evaluation.ts';
import type { ExecutionInput } from './event-recorder.ts';
import { evaluateStateRules, indicatorSummary } from './expression-rules.ts';

/** The rule of an entity without connectivity rules of its own: silent for longer than its SLA. */
export const DEFAULT_CONNECTIVITY_RULE: StateRule = {
  rule: 'elapsed > contracted_sla_time',
  rule_description: 'No payload received within the contracted SLA time',
  state: 'red',
  schedule: null,
  repeatability: 1,
};

/**
 * Connectivity (requirements#monitoring-entities): the time since the latest payload was received (`elapsed`, seconds)
 * and since it was read (`since_read`) against `contracted_sla_time`, through the entity's
 * connectivity rules or the default one. Runs on every payload and on the engine's tick, so a device
 * that falls silent turns red without any new reading. One event per silence: its key is the
 * latest payload's time.
 */
export function evaluateConnectivity(ev: Evaluation, now: Date, failures: ExecutionInput[]): void {
  const e = ev.entity;
  if (!e.latestPayloadReceivedAt) return;
  const seconds = (iso: string | null) => (iso ? Math.max(0, (now.getTime() - Date.parse(iso)) / 1000) : null);
  const scope = {
    elapsed: seconds(e.latestPayloadReceivedAt),
    since_read: seconds(e.latestPayloadReadAt),
    contracted_sla_time: e.contractedSlaTime,
  };
  const rules = e.rules.connectivity_state_rules.length
    ? e.rules.connectivity_state_rules
    : [DEFAULT_CONNECTIVITY_RULE];
  const outcome = evaluateStateRules(ev, 'connectivity_state', rules, scope, now, failures);
  if (!outcome.colour) return;
  ev.changeState({
    state: 'connectivity_state',
    to: outcome.colour,
    at: now.toISOString(),
    event: {
      type: 'connectivity_state_changed',
      subject: 'connectivity',
      at: e.latestPayloadReceivedAt,
      context: {
        contracted_sla_time: e.contractedSlaTime,
        latest_payload_read_at: e.latestPayloadReadAt,
        latest_payload_received_at: e.latestPayloadReceivedAt,
        elapsed_seconds: Math.round(scope.elapsed ?? 0),
        rule: outcome.execution.rule,
        rule_description: outcome.execution.reason ?? null,
      },
    },
    execution: { ...outcome.execution, advancedIndicators: indicatorSummary(ev) },
  });
}
