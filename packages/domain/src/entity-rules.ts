import { z } from 'zod';
import { expressionError } from './expressions.ts';
import { cronSchedule } from './schedules.ts';
import { STATE_COLOURS } from './states.ts';

/**
 * An entity's state rules and advanced indicators (ADR 0011), as an administrator writes them and as
 * they are stored; the rules engine evaluates them.
 */

/** A rule or formula source in the expression language; it must parse. */
export const expressionSource = z
  .string()
  .min(1)
  .max(2000)
  .superRefine((source, ctx) => {
    const error = expressionError(source);
    if (error) ctx.addIssue({ code: 'custom', message: `Expression does not parse: ${error}` });
  });

/**
 * A state rule (ADR 0011): when `rule` holds, the entity's state becomes `state`; the first rule
 * that holds wins, none holding gives green. `schedule` (a cron expression, UTC) limits when the
 * rule applies; `repeatability` is how many consecutive evaluations must hold before it counts.
 */
export const stateRuleSchema = z.strictObject({
  rule: expressionSource,
  rule_description: z.string().max(1000).default(''),
  state: z.enum(STATE_COLOURS).default('red'),
  schedule: cronSchedule.nullable().default(null),
  repeatability: z.number().int().min(1).max(100).default(1),
});
export const advancedIndicatorBody = z.strictObject({
  name: z.string().trim().min(1).max(120),
  rule: expressionSource,
});

/** The rules of an entity as written by an administrator; the rules engine evaluates them. */
export const entityRulesBody = z.strictObject({
  safety_state_rules: z.array(stateRuleSchema).max(50).default([]),
  operational_state_rules: z.array(stateRuleSchema).max(50).default([]),
  connectivity_state_rules: z.array(stateRuleSchema).max(50).default([]),
  advanced_indicators: z.array(advancedIndicatorBody).max(50).default([]),
});
export type EntityRulesBody = z.infer<typeof entityRulesBody>;

const ruleObject = z.object({
  rule: z.string(),
  rule_description: z.string(),
  state: z.enum(STATE_COLOURS).default('red'),
  schedule: z.string().nullable().default(null),
  repeatability: z.number().int().default(1),
});
export type StateRule = z.infer<typeof ruleObject>;
export const entityRulesSchema = z.object({
  safety_state_rules: z.array(ruleObject),
  operational_state_rules: z.array(ruleObject),
  connectivity_state_rules: z.array(ruleObject),
  /** rule_execution_id: the latest execution, set by the rules engine */
  advanced_indicators: z.array(
    z.object({ name: z.string(), rule: z.string(), rule_execution_id: z.string().nullable() }),
  ),
});
export type EntityRules = z.infer<typeof entityRulesSchema>;

export const EMPTY_RULES: EntityRules = {
  safety_state_rules: [],
  operational_state_rules: [],
  connectivity_state_rules: [],
  advanced_indicators: [],
};

/** Stored rules with the defaults of fields added since they were written (state, schedule, repeatability). */
export function parseEntityRules(stored: unknown): EntityRules {
  const parsed = entityRulesSchema.safeParse({
    ...EMPTY_RULES,
    ...(stored && typeof stored === 'object' ? stored : {}),
  });
  return parsed.success ? parsed.data : EMPTY_RULES;
}
