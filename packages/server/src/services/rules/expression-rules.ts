import {
  compileExpression,
  resultColour,
  scheduleMatches,
  stateColour,
  type Scope,
  type StateRule,
} from '@vigil/domain';
import type { Evaluation } from './evaluation.ts';
import type { ExecutionInput } from './event-recorder.ts';

const compiled = new Map<string, ReturnType<typeof compileExpression>>();
function evaluate(source: string, scope: Scope) {
  let expression = compiled.get(source);
  if (!expression) {
    if (compiled.size > 5000) compiled.clear();
    compiled.set(source, (expression = compileExpression(source)));
  }
  return expression.evaluate(scope);
}

type RuleStateName = 'safety_state' | 'operational_state' | 'connectivity_state';
const RULE_NAMES: Record<RuleStateName, string> = {
  safety_state: 'Safety state rule',
  operational_state: 'Operational state rule',
  connectivity_state: 'Connectivity rule',
};

export interface RuleOutcome {
  /** the state the rules give, null when every rule failed */
  colour: string | null;
  /** the execution to record with a state change: the rule that decided, or the summary */
  execution: ExecutionInput;
}

/**
 * Evaluates an entity's state rules in order (ADR 0011): a rule counts when its schedule matches
 * `at`, its expression holds, and it has held `repeatability` evaluations in a row; the first that
 * counts gives its state, none gives green. A failing expression is recorded (once per distinct
 * error) with its error and skipped: the other rules still decide.
 */
export function evaluateStateRules(
  ev: Evaluation,
  ruleState: RuleStateName,
  rules: StateRule[],
  scope: Scope,
  at: Date,
  failures: ExecutionInput[],
): RuleOutcome {
  const streaks = ev.slot<Record<string, number>>(`${ruleState}_streaks`, () => ({}));
  const lastErrors = ev.slot<Record<string, string>>(`${ruleState}_errors`, () => ({}));
  const log: string[] = [];
  let decided: ExecutionInput | null = null;
  let colour: string | null = null;
  let failed = 0;
  rules.forEach((rule, i) => {
    const name = rule.rule_description || `${RULE_NAMES[ruleState]} ${i + 1}`;
    const base = {
      ruleType: ruleState,
      ruleName: name,
      rule: rule.rule,
      schedule: rule.schedule,
      repeatability: rule.repeatability,
    } as const;
    const scheduleMatch = scheduleMatches(rule.schedule, at);
    let result: unknown = null;
    try {
      result = scheduleMatch ? evaluate(rule.rule, scope) : null;
      delete lastErrors[i];
    } catch (error) {
      failed++;
      const message = error instanceof Error ? error.message : String(error);
      log.push(`rule ${i + 1} (${rule.rule}) failed: ${message}`);
      if (lastErrors[i] !== message) {
        lastErrors[i] = message;
        failures.push({ ...base, executionLog: [...log], result: null, scheduleMatch, error: message });
      }
      streaks[i] = 0;
      return;
    }
    const holds = scheduleMatch && Boolean(result);
    streaks[i] = holds ? (streaks[i] ?? 0) + 1 : 0;
    const repeated = streaks[i]! >= rule.repeatability;
    log.push(
      `rule ${i + 1} (${rule.rule}) = ${JSON.stringify(result)}` +
        (scheduleMatch ? '' : ' (outside its schedule)') +
        (holds && !repeated ? ` (held ${streaks[i]} of ${rule.repeatability} times)` : ''),
    );
    if (holds && repeated && !decided) {
      colour = stateColour(rule.state);
      decided = {
        ...base,
        executionLog: log,
        result,
        scheduleMatch,
        repeatabilityCheck: true,
        reason: rule.rule_description || rule.rule,
      };
    }
  });
  if (decided) return { colour, execution: decided };
  if (rules.length && failed === rules.length) {
    return {
      colour: null,
      execution: { ruleType: ruleState, ruleName: RULE_NAMES[ruleState], rule: '', executionLog: log, result: null },
    };
  }
  return {
    colour: 'green',
    execution: {
      ruleType: ruleState,
      ruleName: RULE_NAMES[ruleState],
      rule: rules.map((r) => r.rule).join('; '),
      executionLog: log.length ? log : ['no rule holds'],
      result: false,
      reason: 'no rule holds',
    },
  };
}

/** An indicator's state from its expression: a colour name as given, otherwise truthy raised (red), falsy clear (green). */
function indicatorColour(result: unknown): string {
  if (typeof result === 'string' && stateColour(result) === result) return result;
  return resultColour('advanced_indicator', result ? 'raised' : 'clear');
}

/** Advanced indicators: each expression's state; a change raises advanced_indicator_state_changed. */
export function evaluateAdvancedIndicators(ev: Evaluation, scope: Scope, at: string, failures: ExecutionInput[]) {
  const states = ev.slot<Record<string, string>>('indicators', () => ({}));
  const lastErrors = ev.slot<Record<string, string>>('indicator_errors', () => ({}));
  for (const indicator of ev.entity.rules.advanced_indicators) {
    const base = { ruleType: 'advanced_indicator', ruleName: indicator.name, rule: indicator.rule } as const;
    let result: unknown;
    try {
      result = evaluate(indicator.rule, scope);
      delete lastErrors[indicator.name];
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      if (lastErrors[indicator.name] !== message) {
        lastErrors[indicator.name] = message;
        failures.push({ ...base, executionLog: [`failed: ${message}`], result: null, error: message });
      }
      continue;
    }
    const colour = indicatorColour(result);
    const previous = states[indicator.name] ?? 'unknown';
    if (previous === colour) continue;
    states[indicator.name] = colour;
    if (previous === 'unknown' && colour === 'green') continue;
    ev.occurrence({
      type: 'advanced_indicator_state_changed',
      subject: `${indicator.name}>${colour}`,
      at,
      colour,
      context: {
        advanced_indicator_name: indicator.name,
        advanced_indicator_state: colour,
        prev_advanced_indicator_state: previous,
      },
      execution: { ...base, executionLog: [`${indicator.rule} = ${JSON.stringify(result)}`], result },
    });
  }
}

/** The indicators' current states, as executions list them. */
export function indicatorSummary(ev: Evaluation) {
  const states = ev.slot<Record<string, string>>('indicators', () => ({}));
  return ev.entity.rules.advanced_indicators.map((i) => ({
    name: i.name,
    state: states[i.name] ?? 'unknown',
    rule_execution_id: i.rule_execution_id,
  }));
}
