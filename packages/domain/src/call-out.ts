import { z } from 'zod';
import { idSchema } from './api.ts';
import { isTimeZone } from './logger-imports.ts';

/**
 * Call-out (issue 38, DESIGN §3.2): alarms that reach people off-site. Contacts are a user's ways to
 * be reached, rosters say who is on call, escalation policies say who is told how and when for a
 * TARP level, deliveries are the messages an alarm caused.
 */

export const CONTACT_KINDS = ['email', 'sms', 'voice', 'webhook'] as const;
export type ContactKind = (typeof CONTACT_KINDS)[number];

/** E.164: a plus, a country code that does not start with 0, at most 15 digits in all. */
export const E164_PATTERN = /^\+[1-9]\d{6,14}$/;
/** A verification code: six digits, valid this long. */
export const VERIFICATION_CODE_MINUTES = 15;
/** Wrong codes before a contact's code is void and a new one must be sent. */
export const VERIFICATION_ATTEMPTS = 5;

/** Hours in which a contact is not called for warnings (critical alarms always reach it). */
export const quietHoursSchema = z.strictObject({
  /** local times "HH:MM"; from after to spans midnight */
  from: z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'Use HH:MM'),
  to: z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'Use HH:MM'),
  timezone: z.string().min(1).max(64),
});
export type QuietHours = z.infer<typeof quietHoursSchema>;

export const contactSchema = z.object({
  id: z.string(),
  user_id: z.string(),
  kind: z.enum(CONTACT_KINDS),
  address: z.string(),
  /** null until the code sent to it was entered; an unverified contact is never used for alarms */
  verified_at: z.string().nullable(),
  quiet_hours: quietHoursSchema.nullable(),
  created_at: z.string(),
});
export type Contact = z.infer<typeof contactSchema>;

const contactAddress = z.string().trim().min(1, 'Required').max(500);

/** `POST contacts`: a user adds a contact of their own (administrators may name another user); a code is sent to it. */
export const contactCreateBody = z
  .strictObject({
    kind: z.enum(CONTACT_KINDS),
    address: contactAddress,
    user_id: idSchema.optional(),
    quiet_hours: quietHoursSchema.nullable().optional(),
  })
  .superRefine((body, ctx) => {
    const message = contactAddressProblem(body.kind, body.address);
    if (message) ctx.addIssue({ code: 'custom', path: ['address'], message });
  });
export type ContactCreateBody = z.input<typeof contactCreateBody>;

/** `PATCH contacts/{id}`: only quiet hours change; a new address is a new contact. */
export const contactPatchBody = z.strictObject({ quiet_hours: quietHoursSchema.nullable() });

/** `POST contacts/{id}/verify` */
export const contactVerifyBody = z.strictObject({
  code: z
    .string()
    .trim()
    .regex(/^\d{6}$/, 'Enter the six digits'),
});

/** What is wrong with an address for its kind, or null. */
export function contactAddressProblem(kind: ContactKind, address: string): string | null {
  switch (kind) {
    case 'email':
      return z.email().safeParse(address).success ? null : 'Enter an e-mail address';
    case 'sms':
    case 'voice':
      return E164_PATTERN.test(address) ? null : 'Enter the number in international form, e.g. +41791234567';
    case 'webhook':
      return /^https?:\/\/[^\s]+$/.test(address) && URL.canParse(address) ? null : 'Enter an http or https URL';
  }
}

export const rosterOverrideSchema = z.strictObject({
  user_id: idSchema,
  from: z.iso.datetime({ offset: true }),
  to: z.iso.datetime({ offset: true }),
});
export type RosterOverride = z.infer<typeof rosterOverrideSchema>;

/**
 * A roster: its members take shifts of `shift_hours` in turn from `starts_at`, counted in wall-clock
 * time of `timezone` (a 12-hour shift that starts at 07:00 still starts at 07:00 after a DST change);
 * an override puts someone else on call for its span (holidays, swaps), the latest added wins.
 */
export const rosterSchema = z.object({
  id: z.string(),
  name: z.string(),
  members: z.array(z.string()),
  shift_hours: z.number(),
  starts_at: z.string(),
  timezone: z.string(),
  overrides: z.array(rosterOverrideSchema),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Roster = z.infer<typeof rosterSchema>;

export const rosterBody = z
  .strictObject({
    name: z.string().trim().min(1, 'Required').max(100),
    members: z.array(idSchema).min(1, 'Add at least one member').max(100),
    shift_hours: z
      .number()
      .int()
      .min(1)
      .max(24 * 28),
    starts_at: z.iso.datetime({ offset: true }),
    timezone: z.string().min(1).max(64).default('UTC'),
    overrides: z.array(rosterOverrideSchema).max(500).default([]),
  })
  .superRefine((body, ctx) => {
    if (!isTimeZone(body.timezone)) ctx.addIssue({ code: 'custom', path: ['timezone'], message: 'Unknown time zone' });
    body.overrides.forEach((o, i) => {
      if (Date.parse(o.from) >= Date.parse(o.to))
        ctx.addIssue({ code: 'custom', path: ['overrides', i, 'to'], message: 'Ends before it starts' });
    });
  });
export type RosterBody = z.input<typeof rosterBody>;

/** Who is on call at a time, and the span of that turn: what the rotation gives. */
export const onCallSchema = z.object({ user_id: z.string(), from: z.string(), to: z.string() });
export type OnCall = z.infer<typeof onCallSchema>;

/**
 * `GET rosters/{id}/on-call?at=`: a turn with the person's name, which every member of the project
 * reads (an operator who may not list users must still see whom the call-out reaches).
 */
export const onCallTurnSchema = onCallSchema.extend({ user_name: z.string() });
export type OnCallTurn = z.infer<typeof onCallTurnSchema>;

/** `GET rosters/on-call`: every roster of the project, who is on call now and who is next (the top bar's alarm menu). */
export const rosterOnCallSchema = z.object({
  roster_id: z.string(),
  name: z.string(),
  now: onCallTurnSchema.nullable(),
  next: onCallTurnSchema.nullable(),
});
export type RosterOnCall = z.infer<typeof rosterOnCallSchema>;

export const escalationTargetSchema = z.union([
  z.strictObject({ roster_id: idSchema }),
  z.strictObject({ role: z.string().trim().min(1).max(120) }),
  z.strictObject({ user_id: idSchema }),
]);
export type EscalationTarget = z.infer<typeof escalationTargetSchema>;

export const escalationStepSchema = z.strictObject({
  /** minutes after the alarm was raised */
  after_minutes: z
    .number()
    .int()
    .min(0)
    .max(7 * 24 * 60),
  target: escalationTargetSchema,
  channels: z.array(z.enum(CONTACT_KINDS)).min(1, 'Choose a channel').max(CONTACT_KINDS.length),
});
export type EscalationStep = z.infer<typeof escalationStepSchema>;

export const escalationPolicySchema = z.object({
  id: z.string(),
  name: z.string(),
  /** the TARP level's key (see `tarpLevelSchema`) whose alarms this policy calls out */
  tarp_level: z.string(),
  steps: z.array(escalationStepSchema),
  /** start the steps again this long after the last one while the alarm is unacknowledged; null: once */
  repeat_minutes: z.number().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type EscalationPolicy = z.infer<typeof escalationPolicySchema>;

export const escalationPolicyBody = z
  .strictObject({
    name: z.string().trim().min(1, 'Required').max(100),
    tarp_level: z.string().regex(/^[a-z][a-z0-9-]{0,31}$/),
    steps: z.array(escalationStepSchema).min(1, 'Add a step').max(20),
    repeat_minutes: z
      .number()
      .int()
      .min(5)
      .max(24 * 60)
      .nullable()
      .default(null),
  })
  .superRefine((body, ctx) => {
    body.steps.forEach((step, i) => {
      if (i > 0 && step.after_minutes < body.steps[i - 1]!.after_minutes)
        ctx.addIssue({ code: 'custom', path: ['steps', i, 'after_minutes'], message: 'Comes before the step above' });
    });
  });
export type EscalationPolicyBody = z.input<typeof escalationPolicyBody>;

export const DELIVERY_STATUSES = ['queued', 'sent', 'failed', 'acknowledged'] as const;
export type DeliveryStatus = (typeof DELIVERY_STATUSES)[number];

export const deliverySchema = z.object({
  id: z.string(),
  alarm_id: z.string(),
  /** the policy step's index, from 0 */
  step: z.number().int(),
  channel: z.enum(CONTACT_KINDS),
  user_id: z.string().nullable(),
  address: z.string(),
  status: z.enum(DELIVERY_STATUSES),
  attempts: z.number().int(),
  created_at: z.string(),
  sent_at: z.string().nullable(),
  /** the provider's error of the last failed attempt */
  error: z.string().nullable(),
});
export type Delivery = z.infer<typeof deliverySchema>;

export const deliveryListQuery = z.object({
  alarm_id: idSchema,
  paginate_by: z.coerce.number().int().min(1).max(500).default(100),
  page: z.coerce.number().int().min(1).default(1),
});

/** `POST escalation-policies/{id}/test`: runs the policy on a test alarm; answers 202 with it. */
export const policyTestSchema = z.object({ alarm_id: z.string() });
