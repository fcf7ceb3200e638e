import type { ContactKind, EscalationStep, EscalationTarget, TarpLevel } from '@vigil/domain';
import { fromJson } from '../../db/values.ts';
import type { PolicyRow } from './policy-store.ts';

/** A step as the call-out runs it: the policy's, or the TARP level's deadline as an in-app step. */
export interface RunStep {
  after_minutes: number;
  target: EscalationTarget;
  channels: ContactKind[];
  /** the TARP deadline's step: due at the alarm's own ack_deadline, told in the app only */
  tarpDeadline: boolean;
}

export interface RunPolicy {
  id: string | null;
  steps: RunStep[];
  repeat_minutes: number | null;
}

/**
 * What calls out an alarm of a TARP level (ADR 0050): the project's policy of that level; without
 * one, the level's own escalation (ack_deadline_minutes, escalate_to_role) as a policy of one in-app
 * step, which is how TARP escalation worked before call-out. Null: nobody is called.
 */
export function effectivePolicy(policy: PolicyRow | undefined, level: TarpLevel | undefined): RunPolicy | null {
  if (policy) {
    const steps = fromJson<EscalationStep[]>(policy.steps, []);
    return {
      id: policy.id,
      steps: steps.map((s) => ({ ...s, tarpDeadline: false })),
      repeat_minutes: policy.repeat_minutes,
    };
  }
  if (!level?.ack_deadline_minutes || !level.escalate_to_role) return null;
  return {
    id: null,
    steps: [
      {
        after_minutes: level.ack_deadline_minutes,
        target: { role: level.escalate_to_role },
        channels: [],
        tarpDeadline: true,
      },
    ],
    repeat_minutes: null,
  };
}

/** When round `round` of the policy starts: each round lasts until its last step plus the repeat delay. */
export function roundStart(policy: RunPolicy, startedAt: string, round: number): number {
  const last = policy.steps[policy.steps.length - 1]?.after_minutes ?? 0;
  return Date.parse(startedAt) + round * (last + (policy.repeat_minutes ?? 0)) * 60_000;
}
