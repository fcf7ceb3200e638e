import {
  RULE_TYPE_OF_EVENT,
  notificationLevel,
  type NotificationLevel,
  type NotificationType,
  type RuleType,
} from '@vigil/domain';
import type { BusEvents } from '../../bus/bus.ts';
import type { Insertable } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { newId, toFlag, toJson } from '../../db/values.ts';
import { applyAlarmEvents, type AlarmEvent, type AlarmOutcome } from '../alarms/apply-alarm-signals.ts';
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
  /** the state the event moved to; sets the notification level (see notificationLevel) */
  colour?: string;
  level?: NotificationLevel;
  payload?: { id: string; type: string };
}

type CreatedNotification = BusEvents['notification.created'];
type ExecutionRow = Insertable<Database['state_rule_executions']>;

/** Rows per multi-row statement: within both databases' bound parameters at any width here. */
const ROWS_PER_STATEMENT = 500;

async function insertChunked<T extends keyof Database & string>(
  trx: Trx,
  table: T,
  rows: Array<Insertable<Database[T]>>,
): Promise<void> {
  for (let i = 0; i < rows.length; i += ROWS_PER_STATEMENT) {
    await trx
      .insertInto(table)
      .values(rows.slice(i, i + ROWS_PER_STATEMENT) as never)
      .execute();
  }
}

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
  const rows = executions.map((e) => executionRow(e.projectId, e.entityId, e.input, e.createdAt));
  await insertChunked(trx, 'state_rule_executions', rows);
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
  const eventRows: Array<Insertable<Database['events']>> = [];
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

  await insertChunked(trx, 'state_rule_executions', executions);
  // Another instance may have stored one meanwhile (PostgreSQL): what did not go in is skipped.
  const inserted = new Set<string>();
  for (let i = 0; i < eventRows.length; i += ROWS_PER_STATEMENT) {
    const rows = await trx
      .insertInto('events')
      .values(eventRows.slice(i, i + ROWS_PER_STATEMENT))
      .onConflict((oc) => oc.columns(['project_id', 'dedupe_key']).doNothing())
      .returning('id')
      .execute();
    for (const row of rows) inserted.add(row.id);
  }
  // The alarms move in the same transaction; each notification says what its event did to its alarm.
  const alarms = await applyAlarmEvents(
    trx,
    prepared.flatMap((p, i) => (p && inserted.has(p.eventId) ? [alarmEventOf(events[i]!, p.eventId, p.context)] : [])),
  );
  const rows = prepared.map((p, i) =>
    p?.notify && inserted.has(p.eventId)
      ? notificationRow(events[i]!, p.eventId, p.executionId, p.context, alarms.get(p.eventId))
      : null,
  );
  const notified = rows.filter((row) => row !== null);
  const seqs = new Map<string, number>();
  for (let i = 0; i < notified.length; i += ROWS_PER_STATEMENT) {
    const rows = await trx
      .insertInto('notifications')
      .values(notified.slice(i, i + ROWS_PER_STATEMENT))
      .returning(['id', 'seq'])
      .execute();
    for (const row of rows) seqs.set(row.id, Number(row.seq));
  }
  return prepared.map((p, i) => {
    if (!p || !inserted.has(p.eventId)) return null;
    const row = rows[i];
    if (!row) return { executionId: p.executionId, notification: null };
    const seq = seqs.get(row.id)!;
    const notification = presentNotification({ ...row, seq }, false);
    return { executionId: p.executionId, notification: { projectId: events[i]!.projectId, seq, notification } };
  });
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
    for (let i = 0; i < list.length; i += ROWS_PER_STATEMENT) {
      const rows = await trx
        .selectFrom('events')
        .select('dedupe_key')
        .where('project_id', '=', projectId)
        .where('dedupe_key', 'in', list.slice(i, i + ROWS_PER_STATEMENT))
        .execute();
      for (const row of rows) stored.add(`${projectId}|${row.dedupe_key}`);
    }
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

function notificationRow(
  { projectId, input, createdAt: now }: EventToRecord,
  eventId: string,
  executionId: string | null,
  context: Record<string, unknown>,
  alarm: AlarmOutcome | undefined,
) {
  const entityId = input.entity?.id ?? null;
  const level = levelOf(input);
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
    alarm: alarm
      ? { id: alarm.alarmId, state: alarm.state, needs_action: alarm.needsAction, tarp_level: alarm.tarpLevel }
      : null,
  };
  return {
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
}
