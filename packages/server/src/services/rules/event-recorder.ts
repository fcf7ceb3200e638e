import {
  FIXED_LEVELS,
  RULE_TYPE_OF_EVENT,
  levelOfColour,
  type NotificationLevel,
  type NotificationType,
  type RuleType,
} from '@vigil/domain';
import type { BusEvents } from '../../bus/bus.ts';
import { newId, toFlag, toJson } from '../../db/values.ts';
import { presentNotification } from '../notifications/notification-presenter.ts';
import { isSuppressed, type EngineEntity, type Trx } from './engine-entity.ts';
import { notificationText } from './notification-text.ts';

/** A state rule execution (spec 001 §3) as the engine writes it. */
export interface ExecutionInput {
  ruleType: RuleType;
  ruleName: string;
  rule: string;
  executionLog: string[];
  schedule?: string | null;
  repeatability?: number | null;
  result: unknown;
  scheduleMatch?: boolean | null;
  repeatabilityCheck?: boolean | null;
  reason?: string | null;
  error?: string | null;
  advancedIndicators?: Array<{ name: string; state: string; rule_execution_id: string | null }>;
}

/** An event to record: what happened to which entity, with its context (spec 001 §3). */
export interface EventInput {
  type: NotificationType;
  entity: EngineEntity | null;
  context: Record<string, unknown>;
  /** what, besides entity, type and time, tells this event from another: a metric, a state */
  subject: string;
  /** the time the event is about (a reading's read_at, the tick that found a silence) */
  at: string;
  execution?: ExecutionInput;
  /** the state the event moved to; sets the notification level (see FIXED_LEVELS) */
  colour?: string;
  level?: NotificationLevel;
  payload?: { id: string; type: string };
}

type CreatedNotification = BusEvents['notification.created'];

export async function recordExecution(
  trx: Trx,
  projectId: string,
  entityId: string | null,
  input: ExecutionInput,
  createdAt: string,
): Promise<string> {
  const id = newId();
  await trx
    .insertInto('state_rule_executions')
    .values({
      id,
      project_id: projectId,
      entity_id: entityId,
      rule_type: input.ruleType,
      rule_name: input.ruleName,
      rule: input.rule,
      execution_log: toJson(input.executionLog),
      schedule: input.schedule ?? null,
      repeatability: input.repeatability ?? null,
      rule_execution_result: toJson(input.result ?? null),
      schedule_match_result: input.scheduleMatch == null ? null : toFlag(input.scheduleMatch),
      repeatability_check_result: input.repeatabilityCheck == null ? null : toFlag(input.repeatabilityCheck),
      reason: input.reason ?? null,
      error: input.error ?? null,
      advanced_indicators: toJson(input.advancedIndicators ?? []),
      created_at: createdAt,
    })
    .execute();
  return id;
}

/** Which view of the web app an event's EID opens. */
function viewOf(type: NotificationType): string {
  if (type === 'safety_state_changed') return 'safety-state';
  if (type === 'operational_state_changed') return 'operational-state';
  return 'metrics';
}

function entityBlock(e: EngineEntity) {
  return {
    id: e.id,
    eid: e.eid,
    title: e.title,
    description: e.description,
    monitored_entity_type: e.entityType,
    scheme: e.schemeId ? { id: e.schemeId, name: e.schemeName } : null,
    maintenance_mode: e.maintenanceMode,
    turned_off: e.turnedOff,
    decommissioned: e.decommissioned,
    ...e.states,
  };
}

/**
 * Writes the event (with its execution first, when it has one) and, unless the entity is in
 * maintenance, turned off or decommissioned, the project's notification of it. An event already
 * stored under the same key (a concurrent writer on identical input) is skipped: returns null.
 */
export async function recordEvent(
  trx: Trx,
  projectId: string,
  input: EventInput,
  now: string,
): Promise<{ executionId: string | null; notification: CreatedNotification | null } | null> {
  const entityId = input.entity?.id ?? null;
  const dedupeKey = `${entityId ?? '-'}|${input.type}|${input.subject}|${input.at}`;
  const taken = await trx
    .selectFrom('events')
    .select('id')
    .where('project_id', '=', projectId)
    .where('dedupe_key', '=', dedupeKey)
    .executeTakeFirst();
  if (taken) return null;

  const executionId = input.execution ? await recordExecution(trx, projectId, entityId, input.execution, now) : null;
  const eventId = newId();
  const context = { ...input.context, rule_execution_id: executionId };
  const inserted = await trx
    .insertInto('events')
    .values({
      id: eventId,
      project_id: projectId,
      entity_id: entityId,
      type: input.type,
      rule_type: RULE_TYPE_OF_EVENT[input.type],
      rule_execution_id: executionId,
      payload_id: input.payload?.id ?? null,
      context: toJson(context),
      dedupe_key: dedupeKey,
      created_at: now,
    })
    .onConflict((oc) => oc.columns(['project_id', 'dedupe_key']).doNothing())
    .executeTakeFirst();
  if (!Number(inserted.numInsertedOrUpdatedRows ?? 0)) return null;
  if (input.entity && isSuppressed(input.entity)) return { executionId, notification: null };

  const level = input.level ?? FIXED_LEVELS[input.type] ?? levelOfColour(input.colour);
  const extra = {
    event_type: input.type,
    event_id: eventId,
    event_created_at: now,
    execution_created_at: executionId ? now : null,
    event_context: context,
    monitored_entity: input.entity ? entityBlock(input.entity) : null,
    monitored_entity_type: input.entity?.entityType ?? null,
    rule_type: RULE_TYPE_OF_EVENT[input.type],
    payload_id: input.payload?.id ?? null,
    payload_type: input.payload?.type ?? null,
    device_profile_snapshot: { title: input.entity?.title ?? null },
    view: viewOf(input.type),
  };
  const row = {
    id: newId(),
    project_id: projectId,
    event_id: eventId,
    entity_id: entityId,
    scheme_id: input.entity?.schemeId ?? null,
    notification_type: input.type,
    level,
    text: notificationText(input.type, context, input.entity),
    icon: level,
    extra: toJson(extra),
    created_at: now,
  };
  const { seq } = await trx.insertInto('notifications').values(row).returning('seq').executeTakeFirstOrThrow();
  const notification = presentNotification({ ...row, seq: Number(seq) }, false);
  return { executionId, notification: { projectId, seq: Number(seq), notification } };
}
