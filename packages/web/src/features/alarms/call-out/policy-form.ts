import { zodResolver } from '@hookform/resolvers/zod';
import {
  escalationPolicyBody,
  type ContactKind,
  type EscalationPolicy,
  type EscalationPolicyBody,
  type EscalationTarget,
} from '@vigil/domain';
import type { FieldErrors, Resolver } from 'react-hook-form';

export const TARGET_KINDS = ['roster', 'role', 'user'] as const;
export type TargetKind = (typeof TARGET_KINDS)[number];

/** A step as its form row holds it: whom it reaches as a kind and a value, the minutes as typed. */
export interface StepFormValues {
  after_minutes: string;
  target_kind: TargetKind;
  target: string;
  channels: ContactKind[];
}

export interface PolicyFormValues {
  name: string;
  tarp_level: string;
  steps: StepFormValues[];
  /** blank: the steps run once */
  repeat_minutes: string;
}

export const emptyStep = (afterMinutes = 0): StepFormValues => ({
  after_minutes: String(afterMinutes),
  target_kind: 'roster',
  target: '',
  channels: ['email'],
});

export const emptyPolicyForm = (tarpLevel = ''): PolicyFormValues => ({
  name: '',
  tarp_level: tarpLevel,
  steps: [emptyStep()],
  repeat_minutes: '',
});

const targetOf = (kind: TargetKind, value: string): EscalationTarget =>
  kind === 'roster' ? { roster_id: value } : kind === 'role' ? { role: value } : { user_id: value };

function kindOf(target: EscalationTarget): [TargetKind, string] {
  if ('roster_id' in target) return ['roster', target.roster_id];
  if ('role' in target) return ['role', target.role];
  return ['user', target.user_id];
}

export function policyFormOf(policy: EscalationPolicy): PolicyFormValues {
  return {
    name: policy.name,
    tarp_level: policy.tarp_level,
    steps: policy.steps.map((step) => {
      const [target_kind, target] = kindOf(step.target);
      return { after_minutes: String(step.after_minutes), target_kind, target, channels: [...step.channels] };
    }),
    repeat_minutes: policy.repeat_minutes === null ? '' : String(policy.repeat_minutes),
  };
}

const number = (text: string) => (text.trim() === '' ? Number.NaN : Number(text));

export function bodyOfPolicyForm(values: PolicyFormValues): EscalationPolicyBody {
  return {
    name: values.name,
    tarp_level: values.tarp_level,
    steps: values.steps.map((step) => ({
      after_minutes: number(step.after_minutes),
      target: targetOf(step.target_kind, step.target),
      channels: step.channels,
    })),
    repeat_minutes: values.repeat_minutes.trim() === '' ? null : number(values.repeat_minutes),
  };
}

const checkBody = zodResolver(escalationPolicyBody);

/**
 * Checks the form with the server's own schema on the body it would send; a step's target (a roster, a
 * role or a user) is one field of the form, so its message goes there.
 */
export const policyFormResolver: Resolver<PolicyFormValues> = async (values, context, options) => {
  const checked = await checkBody(bodyOfPolicyForm(values), context, options as never);
  const errors = checked.errors as FieldErrors<Record<string, unknown>>;
  if (!Object.keys(errors).length) return { values, errors: {} };
  const steps = errors.steps as unknown as Record<string, Record<string, unknown>> | undefined;
  if (steps && typeof steps === 'object')
    for (const row of Object.values(steps))
      if (row && typeof row === 'object' && 'target' in row) {
        const target = row.target as { message?: string; type?: string; role?: { message?: string } };
        row.target = {
          type: target.type ?? 'custom',
          message: target.message ?? target.role?.message ?? 'Required',
        };
      }
  return { values: {}, errors: errors as FieldErrors<PolicyFormValues> };
};
