import { describe, expect, it } from 'vitest';
import { bodyOfPolicyForm, emptyStep, policyFormOf, policyFormResolver, type PolicyFormValues } from './policy-form.ts';

const FORM: PolicyFormValues = {
  name: 'Red level',
  tarp_level: 'red',
  steps: [
    { after_minutes: '0', target_kind: 'roster', target: 'r1', channels: ['email', 'sms'] },
    { after_minutes: '15', target_kind: 'role', target: 'Manager', channels: ['voice'] },
  ],
  repeat_minutes: '',
};

const check = (values: PolicyFormValues) =>
  policyFormResolver(values, undefined, { shouldUseNativeValidation: false, fields: {} });

describe('the escalation policy form', () => {
  it('sends each step with its target as the contract names it, and no repeat when blank', () => {
    expect(bodyOfPolicyForm(FORM)).toEqual({
      name: 'Red level',
      tarp_level: 'red',
      steps: [
        { after_minutes: 0, target: { roster_id: 'r1' }, channels: ['email', 'sms'] },
        { after_minutes: 15, target: { role: 'Manager' }, channels: ['voice'] },
      ],
      repeat_minutes: null,
    });
  });

  it('shows a stored policy as it was entered', () => {
    const policy = { ...bodyOfPolicyForm(FORM), id: 'p', created_at: '', updated_at: '' };
    expect(policyFormOf(policy as never)).toEqual(FORM);
  });

  it('refuses a step that comes before the one above, and a step without a channel', async () => {
    const { errors } = await check({
      ...FORM,
      steps: [FORM.steps[1]!, { ...FORM.steps[0]!, channels: [] }],
    });
    const steps = errors.steps as unknown as Record<number, Record<string, { message: string }>>;
    expect(steps[1]?.after_minutes?.message).toBe('Comes before the step above');
    expect(steps[1]?.channels?.message).toBe('Choose a channel');
  });

  it('says a step without a target on its target field', async () => {
    const { errors } = await check({ ...FORM, steps: [{ ...emptyStep(), target_kind: 'role', target: '' }] });
    const steps = errors.steps as unknown as Record<number, Record<string, { message: string }>>;
    expect(steps[0]?.target?.message).toBeTruthy();
  });
});
