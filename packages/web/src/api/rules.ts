import { EVENTS_PAGE_SIZE, type ListBody, type NotificationType } from '@vigil/domain';
import { queryOptions } from '@tanstack/react-query';
import { API, api, type Query } from './client.ts';
import { queryKeys } from './query-keys.ts';

/** An event of the rules engine (requirements#monitoring-entities event list item). */
export interface RuleEvent {
  id: string;
  created_at: string;
  type: NotificationType;
  rule_type: string;
  rule_execution_id: string | null;
  context: Record<string, unknown>;
  monitored_entity: { id: string; eid: string; title: string; connectivity_state?: string } | null;
}

/** A state rule execution (requirements#monitoring-entities). */
export interface StateRuleExecution {
  id: string;
  created_at: string;
  rule_type: string;
  rule_name: string;
  rule: string;
  execution_log: string[];
  schedule: string | null;
  repeatability: number | null;
  rule_execution_result: unknown;
  schedule_match_result: boolean | null;
  repeatability_check_result: boolean | null;
  reason: string | null;
  error: string | null;
  advanced_indicators: Array<{ name: string; state: string; rule_execution_id: string | null }>;
}

/** The rules engine's read calls (requirements#monitoring-calls). */
export const rulesApi = {
  /** One page of events (page 1, 10 per page unless asked), newest first. */
  events: (query: Query) =>
    api.get<ListBody<RuleEvent>>(`${API.rules}/events/`, {
      query: { page: 1, paginate_by: EVENTS_PAGE_SIZE, ...query },
      quiet: true,
    }),
  execution: (id: string) => api.get<StateRuleExecution>(`${API.rules}/state-rule-executions/${id}`, { quiet: true }),
};

/** Events are history: they do not change once written. */
export const ruleEventsQuery = (query: Query) =>
  queryOptions({ queryKey: queryKeys.rules.events(query), queryFn: () => rulesApi.events(query), staleTime: 60_000 });

export const executionQuery = (id: string | null | undefined) =>
  queryOptions({
    queryKey: queryKeys.rules.execution(id ?? ''),
    queryFn: () => rulesApi.execution(id!),
    enabled: Boolean(id),
    staleTime: Infinity,
  });
