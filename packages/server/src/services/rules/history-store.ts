import { DEFAULT_ENTITY_STATES, type EntityStates } from '@vigil/domain';
import type { Db } from '../../db/connection.ts';
import { fromFlag, fromJson } from '../../db/values.ts';
import { listBody, runListQuery, type ListQuery, type ListSpec } from '../../http/list-query.ts';

/** Events of a project (requirements#monitoring-calls rules engine), newest first unless asked otherwise. */
export const eventList: ListSpec = {
  columns: {
    id: 'ev.id',
    created_at: 'ev.created_at',
    type: 'ev.type',
    types: 'ev.type',
    rule_type: 'ev.rule_type',
    rule_types: 'ev.rule_type',
    monitored_entity_ids: 'ev.entity_id',
  },
  filters: ['id', 'types', 'rule_types', 'monitored_entity_ids'],
  ranges: ['created_at'],
  orderings: ['created_at', 'type', 'rule_type'],
  defaultOrdering: '-created_at',
  tieBreaker: 'ev.id',
};

export async function listEvents(db: Db, projectId: string, query: ListQuery) {
  const base = db
    .selectFrom('events as ev')
    .leftJoin('monitored_entities as me', 'me.id', 'ev.entity_id')
    .select([
      'ev.id',
      'ev.created_at',
      'ev.type',
      'ev.rule_type',
      'ev.rule_execution_id',
      'ev.payload_id',
      'ev.context',
      'me.id as entity_id',
      'me.eid',
      'me.title',
      'me.entity_type',
      'me.states',
      'me.contracted_sla_time',
    ])
    .where('ev.project_id', '=', projectId);
  const { count, rows } = await runListQuery(base, query, eventList);
  const objects = rows.map((row) => ({
    id: row.id,
    created_at: row.created_at,
    type: row.type,
    rule_type: row.rule_type,
    rule_execution_id: row.rule_execution_id,
    payload_id: row.payload_id,
    context: fromJson<Record<string, unknown>>(row.context, {}),
    monitored_entity: row.entity_id
      ? {
          id: row.entity_id,
          eid: row.eid,
          title: row.title,
          monitored_entity_type: row.entity_type,
          contracted_sla_time: row.contracted_sla_time,
          ...{ ...DEFAULT_ENTITY_STATES, ...fromJson<Partial<EntityStates>>(row.states, {}) },
        }
      : null,
  }));
  return listBody(query, count, objects);
}

/** A state rule execution (requirements#monitoring-entities), or undefined when the project has none with this id. */
export async function findExecution(db: Db, projectId: string, id: string) {
  const row = await db
    .selectFrom('state_rule_executions')
    .selectAll()
    .where('project_id', '=', projectId)
    .where('id', '=', id)
    .executeTakeFirst();
  if (!row) return undefined;
  return {
    id: row.id,
    created_at: row.created_at,
    monitored_entity_id: row.entity_id,
    rule_type: row.rule_type,
    rule_name: row.rule_name,
    rule: row.rule,
    execution_log: fromJson<string[]>(row.execution_log, []),
    schedule: row.schedule,
    repeatability: row.repeatability,
    rule_execution_result: fromJson<unknown>(row.rule_execution_result, null),
    schedule_match_result: row.schedule_match_result == null ? null : fromFlag(row.schedule_match_result),
    repeatability_check_result:
      row.repeatability_check_result == null ? null : fromFlag(row.repeatability_check_result),
    reason: row.reason,
    error: row.error,
    advanced_indicators: fromJson<unknown[]>(row.advanced_indicators, []),
  };
}
