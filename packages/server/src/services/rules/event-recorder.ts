import {
  RULE_TYPE_OF_EVENT,
  notificationLevel,
  type NotificationLevel,
  type NotificationType,
  type RuleType,
} from '@vigil/domain';
import type { BusEvents } from '../../bus/bus.ts';
import { newId, toFlag, toJson } from '../../db/values.ts';
import { applyAlarmEvents, type AlarmEvent, type AlarmOutcome } from '../alarms/apply-alarm-signals.ts';
import { notifyEvents, type EventNotification } from '../notifications/notification-creation.ts';
import { isSuppressed, type EngineEntity, type Trx } from './engine-entity.ts';
import { insertEvents, insertExecutions, storedDedupeKeys, type EventRow, type ExecutionRow } from './event-store.ts';
import { notificationText } from './notification-text.ts';

/** A state rule execution (requirements#monitoring-entities) as the engine writes it. */
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

/** An event to record: what happened to which entity, with its context (requirements#monitoring-entities). */
export interface EventInput {
  type: NotificationType;
  entity: EngineEntity | null;
  context: Record<string, unknown>;
  /** what, besides entity, type and time, tells this event from another: a metric, a state */
  subject: string;
  /** the time the event is about (a reading's read_at, the tick that found a silence) */
  at: string;
  execution?: ExecutionInput;
  /** the state the event moved to; sets the notification level (see notificationLevel) */
  colour?: string;
  level?: NotificationLevel;
  payload?: { id: string; type: string };
}

type CreatedNotification = BusEvents['notification.created'];

function executionRow(
  projectId: string,
  entityId: string | null,
  input: ExecutionInput,
  createdAt: string,
): ExecutionRow {
  return {
    id: newId(),
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
  };
}

/** A failed rule execution to record, without an event. */
export interface ExecutionToRecord {
  projectId: string;
  entityId: string | null;
  input: ExecutionInput;
  createdAt: string;
}

/** Writes rule executions that raised no event (failures), in multi-row statements. */
export async function recordExecutions(trx: Trx, executions: ExecutionToRecord[]): Promise<void> {
  await insertExecutions(
    trx,
    executions.map((e) => executionRow(e.projectId, e.entityId, e.input, e.createdAt)),
  );
}

/** An event to record in a project, created at `createdAt`. */
export interface EventToRecord {
  projectId: string;
  input: EventInput;
  createdAt: string;
}

/** What recording an event wrote: its execution's id, and the notification unless the entity's are held back. */
export interface RecordedEvent {
  executionId: string | null;
  notification: CreatedNotification | null;
}

const dedupeKeyOf = ({ input }: EventToRecord) =>
  `${input.entity?.id ?? '-'}|${input.type}|${input.subject}|${input.at}`;

/**
 * Writes events, each with its execution when it has one and, unless the entity is in maintenance,
 * turned off or decommissioned, the project's notification of it: a few multi-row statements for
 * the lot, built before the first. An event already stored under the same key (or earlier in the
 * list) is skipped: null at its index.
 */
export async function recordEvents(trx: Trx, events: EventToRecord[]): Promise<Array<RecordedEvent | null>> {
  const keys = events.map(dedupeKeyOf);
  const stored = await storedKeys(trx, events, keys);
  const executions: ExecutionRow[] = [];
  const eventRows: EventRow[] = [];
  const prepared = events.map((event, i) => {
    const key = `${event.projectId}|${keys[i]}`;
    if (stored.has(key)) return null;
    stored.add(key);
    const { projectId, input, createdAt: now } = event;
    const entityId = input.entity?.id ?? null;
    const execution = input.execution ? executionRow(projectId, entityId, input.execution, now) : null;
    if (execution) executions.push(execution);
    const executionId = execution?.id ?? null;
    const eventId = newId();
    const context = { ...input.context, rule_execution_id: executionId };
    eventRows.push({
      id: eventId,
      project_id: projectId,
      entity_id: entityId,
      type: input.type,
      rule_type: RULE_TYPE_OF_EVENT[input.type],
      rule_execution_id: executionId,
      payload_id: input.payload?.id ?? null,
      context: toJson(context),
      dedupe_key: keys[i]!,
      created_at: now,
    });
    const notify = !(input.entity && isSuppressed(input.entity));
    return { eventId, executionId, context, notify };
  });

  await insertExecutions(trx, executions);
  // Another instance may have stored one meanwhile (PostgreSQL): what did not go in is skipped.
  const inserted = await insertEvents(trx, eventRows);
  // The alarms move in the same transaction; each notification says what its event did to its alarm.
  const alarms = await applyAlarmEvents(
    trx,
    prepared.flatMap((p, i) => (p && inserted.has(p.eventId) ? [alarmEventOf(events[i]!, p.eventId, p.context)] : [])),
  );
  const toNotify = prepared.flatMap((p, i) =>
    p?.notify && inserted.has(p.eventId) ? [{ index: i, p, event: events[i]! }] : [],
  );
  const created = await notifyEvents(
    trx,
    toNotify.map(({ p, event }) =>
      eventNotificationOf(event, p.eventId, p.executionId, p.context, alarms.get(p.eventId)),
    ),
  );
  const notifications = new Map(toNotify.map(({ index }, i) => [index, created[i]!]));
  return prepared.map((p, i) =>
    !p || !inserted.has(p.eventId) ? null : { executionId: p.executionId, notification: notifications.get(i) ?? null },
  );
}

/** `project|key` of the events among `events` already stored (one query per project and 500 keys). */
async function storedKeys(trx: Trx, events: EventToRecord[], keys: string[]): Promise<Set<string>> {
  const byProject = new Map<string, string[]>();
  events.forEach((e, i) => {
    const list = byProject.get(e.projectId) ?? [];
    list.push(keys[i]!);
    byProject.set(e.projectId, list);
  });
  const stored = new Set<string>();
  for (const [projectId, list] of byProject) {
    for (const key of await storedDedupeKeys(trx, projectId, list)) stored.add(`${projectId}|${key}`);
  }
  return stored;
}

const levelOf = (input: EventInput) =>
  input.level ?? notificationLevel(input.type, input.colour, input.entity?.trendNotifications);

/** An event as the alarms take it (ADR 0024). */
function alarmEventOf(
  { projectId, input, createdAt }: EventToRecord,
  eventId: string,
  context: Record<string, unknown>,
): AlarmEvent {
  const e = input.entity;
  return {
    projectId,
    entity: e && {
      id: e.id,
      interfaceNodeId: e.interfaceNodeId,
      suppressed: e.maintenanceMode ? 'maintenance' : isSuppressed(e) ? 'out_of_service' : null,
    },
    eventId,
    type: input.type,
    level: levelOf(input),
    colour: input.colour,
    context,
    text: notificationText(input.type, context, e),
    at: createdAt,
  };
}

function eventNotificationOf(
  { projectId, input, createdAt }: EventToRecord,
  eventId: string,
  executionId: string | null,
  context: Record<string, unknown>,
  alarm: AlarmOutcome | undefined,
): EventNotification {
  return {
    projectId,
    eventId,
    executionId,
    type: input.type,
    level: levelOf(input),
    text: notificationText(input.type, context, input.entity),
    context,
    entity: input.entity,
    payload: input.payload,
    alarm: alarm
      ? { id: alarm.alarmId, state: alarm.state, needs_action: alarm.needsAction, tarp_level: alarm.tarpLevel }
      : null,
    createdAt,
  };
}
