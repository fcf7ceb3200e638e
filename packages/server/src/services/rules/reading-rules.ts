import type { Evaluation, EngineReading } from './evaluation.ts';
import { readingScope } from './evaluation.ts';
import type { ExecutionInput } from './event-recorder.ts';
import { evaluateAdvancedIndicators, evaluateStateRules, indicatorSummary } from './expression-rules.ts';
import { evaluateHealth } from './health-rules.ts';
import { evaluateMetricLimits, evaluateMetricQuality } from './metric-limit-rules.ts';
import { evaluateStatistics } from './statistics-rules.ts';
import type { StatisticsWindows } from './statistics-windows.ts';

const EXPRESSION_LISTS = ['safety_state_rules', 'operational_state_rules', 'advanced_indicators'] as const;

const RULE_STATES = [
  { state: 'safety_state', rules: 'safety_state_rules', event: 'safety_state_changed' },
  { state: 'operational_state', rules: 'operational_state_rules', event: 'operational_state_changed' },
] as const;

/**
 * Everything one reading can change: quality, limits, statistics (over `windows`, loaded before),
 * health, safety and operational states, indicators.
 */
export function evaluateReading(
  ev: Evaluation,
  reading: EngineReading,
  windows: StatisticsWindows,
  failures: ExecutionInput[],
): void {
  evaluateMetricQuality(ev, reading);
  evaluateMetricLimits(ev, reading);
  evaluateStatistics(ev, reading, windows);
  evaluateHealth(ev, reading);
  const expressions = ev.entity.rules;
  // most entities have no rule expressions: their readings need no scope
  if (EXPRESSION_LISTS.every((list) => !expressions[list].length)) return;
  const scope = readingScope(ev.entity, reading);
  for (const { state, rules, event } of RULE_STATES) {
    const list = ev.entity.rules[rules];
    if (!list.length) continue;
    const outcome = evaluateStateRules(ev, state, list, scope, new Date(reading.readAt), failures);
    if (!outcome.colour) continue;
    ev.changeState({
      state,
      to: outcome.colour,
      at: reading.readAt,
      event: {
        type: event,
        subject: state,
        context: {
          rule_name: outcome.execution.ruleName,
          rule: outcome.execution.rule,
          rule_description: outcome.execution.reason ?? null,
          read_at: reading.readAt,
        },
      },
      execution: { ...outcome.execution, advancedIndicators: indicatorSummary(ev) },
    });
  }
  evaluateAdvancedIndicators(ev, scope, reading.readAt, failures);
}
