import {
  alarmSignalOf,
  nextAlarmState,
  tarpLevelOf,
  type AlarmSignal,
  type AlarmState,
  type NotificationLevel,
  type NotificationType,
  type StateColour,
  type SuppressionReason,
  type TarpLevel,
} from '@vigil/domain';
import type { Transaction } from 'kysely';
import type { Database } from '../../db/schema.ts';
import {
  alarmKey,
  appendHistory,
  findSilentNodes,
  lockAlarms,
  suppressUnderNodes,
  updateAlarm,
  type AlarmRow,
  type HistoryEntry,
} from './alarm-store.ts';
import { findTarpLevels } from './tarp-levels.ts';
import { startCallOuts } from '../call-out/call-out-steps.ts';

/** An event as the alarms see it, recorded in the same transaction. */
export interface AlarmEvent {
  projectId: string;
  entity: { id: string; interfaceNodeId: string | null; suppressed: SuppressionReason | null } | null;
  eventId: string;
  type: NotificationType;
  level: NotificationLevel;
  colour: string | null | undefined;
  context: Record<string, unknown>;
  text: string;
  at: string;
}

/** What an event did to its alarm: the notification carries it, and the web app raises a snackbar only on needsAction. */
export interface AlarmOutcome {
  alarmId: string;
  state: AlarmState;
  needsAction: boolean;
  tarpLevel: string | null;
}

const RANK: Record<NotificationLevel, number> = { info: 0, warning: 1, critical: 2 };
const addMinutes = (at: string, minutes: number) => new Date(Date.parse(at) + minutes * 60_000).toISOString();
const isShelved = (row: AlarmRow, at: string) => !!row.shelved_until && row.shelved_until > at;

/**
 * Raises and clears the alarms of recorded events (ADR 0024), in the caller's transaction: one row
 * per source, locked while it changes, so that concurrent identical raises count on one alarm.
 * Answers each event's outcome by event id; events no operator must act on have none.
 */
export async function applyAlarmEvents(
  trx: Transaction<Database>,
  events: readonly AlarmEvent[],
): Promise<Map<string, AlarmOutcome>> {
  const outcomes = new Map<string, AlarmOutcome>();
  const byProject = new Map<string, Array<{ event: AlarmEvent; signal: AlarmSignal }>>();
  for (const event of events) {
    const signal = alarmSignalOf(event.type, event.level, event.colour, event.context);
    if (!signal) continue;
    byProject.set(event.projectId, [...(byProject.get(event.projectId) ?? []), { event, signal }]);
  }
  for (const [projectId, signals] of byProject) {
    const silentNodes = await silentInterfaceNodes(trx, projectId, signals);
    const rows = await lockAlarms(
      trx,
      projectId,
      signals.map(({ event, signal }) => ({
        entityId: event.entity?.id ?? null,
        source: signal.source,
        text: event.text,
        at: event.at,
      })),
    );
    const tarp = await findTarpLevels(trx, projectId);
    const changed = new Map<string, AlarmRow>();
    const history: HistoryEntry[] = [];
    for (const { event, signal } of signals) {
      const row = rows.get(alarmKey(event.entity?.id ?? null, signal.source));
      if (!row) continue;
      const suppressed =
        event.entity?.suppressed ??
        (signal.source === 'connectivity_state' && silentNodes.has(event.entity?.interfaceNodeId ?? '')
          ? 'interface_node_silent'
          : null);
      const outcome = apply(row, signal, event, suppressed, tarp, history);
      if (!outcome) continue;
      changed.set(row.id, row);
      outcomes.set(event.eventId, outcome);
    }
    annunciateOnePerEntity(signals, outcomes, history);
    for (const row of changed.values()) await updateAlarm(trx, row.id, row);
    await appendHistory(trx, history);
    // Alarms asking for action now start their call-out here, the first step's deliveries with it (ADR 0050).
    await startCallOuts(
      trx,
      signals.flatMap(({ event }) => {
        const outcome = outcomes.get(event.eventId);
        return outcome?.needsAction ? [{ alarmId: outcome.alarmId, projectId, at: event.at }] : [];
      }),
    );
    await suppressUnderSilentNodes(trx, projectId, signals);
  }
  return outcomes;
}

/** Moves one alarm (in memory) by one signal; null when the signal changes nothing. */
function apply(
  row: AlarmRow,
  signal: AlarmSignal,
  event: AlarmEvent,
  suppressed: SuppressionReason | null,
  tarp: readonly TarpLevel[],
  history: HistoryEntry[],
): AlarmOutcome | null {
  const before = row.state as AlarmState;
  const entry = { alarmId: row.id, projectId: row.project_id, at: event.at };
  if (signal.kind === 'clear') {
    if (before === 'normal' || before === 'cleared_unacknowledged') return null;
    const next = nextAlarmState(before, 'clear');
    Object.assign(row, { state: next.state, cleared_at: event.at, last_event_id: event.eventId });
    if (next.state === 'normal') row.ack_deadline = null;
    history.push({ ...entry, action: 'cleared', details: { event_id: event.eventId, state: next.state } });
    return { alarmId: row.id, state: next.state, needsAction: false, tarpLevel: row.tarp_level };
  }
  const active = before === 'active_unacknowledged' || before === 'active_acknowledged';
  const levelRose = active && RANK[signal.level] > RANK[row.level as NotificationLevel];
  const next = nextAlarmState(before, signal.kind, levelRose);
  const needsAction = next.needsAction && !suppressed && !isShelved(row, event.at);
  const level = tarpLevelOf(tarp, signal.colour as StateColour);
  if (before === 'normal') Object.assign(row, { first_raised_at: event.at, checklist_done: '[]', escalated_at: null });
  if (next.needsAction) {
    Object.assign(row, { acknowledged_by: null, acknowledged_at: null, ack_comment: null, escalated_at: null });
    row.ack_deadline = level?.ack_deadline_minutes ? addMinutes(event.at, level.ack_deadline_minutes) : null;
  }
  Object.assign(row, {
    state: next.state,
    level: signal.level,
    colour: signal.colour,
    occurrence_count: row.occurrence_count + 1,
    last_raised_at: event.at,
    cleared_at: signal.kind === 'pulse' ? event.at : null,
    suppressed,
    tarp_level: level?.key ?? null,
    last_event_id: event.eventId,
    text: event.text,
  });
  history.push({
    ...entry,
    action: 'raised',
    details: {
      event_id: event.eventId,
      level: signal.level,
      colour: signal.colour,
      count: row.occurrence_count,
      suppressed,
      annunciated: needsAction,
    },
  });
  return { alarmId: row.id, state: next.state, needsAction, tarpLevel: row.tarp_level };
}

/**
 * One reading of a device often raises several of its alarms at once (a piezometer beyond its
 * critical level: its limit, its safety state, an indicator, a spike): one condition, so one
 * annunciation (ISA-18.2's related alarms). The most severe asks for action; the others are raised,
 * listed and counted, but raise no snackbar and do not count in the alarm rate.
 */
function annunciateOnePerEntity(
  signals: ReadonlyArray<{ event: AlarmEvent; signal: AlarmSignal }>,
  outcomes: Map<string, AlarmOutcome>,
  history: HistoryEntry[],
) {
  const best = new Map<string, { eventId: string; rank: number }>();
  const quiet = (eventId: string) => {
    outcomes.set(eventId, { ...outcomes.get(eventId)!, needsAction: false });
    const entry = history.find((h) => h.action === 'raised' && h.details?.event_id === eventId);
    if (entry) entry.details = { ...entry.details, annunciated: false };
  };
  for (const { event, signal } of signals) {
    if (signal.kind === 'clear' || !event.entity || !outcomes.get(event.eventId)?.needsAction) continue;
    // one evaluation: the entity's readings of one batch, almost always one
    const key = event.entity.id;
    const rank = RANK[signal.level];
    const kept = best.get(key);
    if (kept && kept.rank >= rank) quiet(event.eventId);
    else {
      if (kept) quiet(kept.eventId);
      best.set(key, { eventId: event.eventId, rank });
    }
  }
}

/**
 * The interface nodes among the signals' that are silent: their connectivity alarm is active, or is
 * raised in this same batch (the tick finds a logger and its instruments silent together).
 */
async function silentInterfaceNodes(
  trx: Transaction<Database>,
  projectId: string,
  signals: ReadonlyArray<{ event: AlarmEvent; signal: AlarmSignal }>,
): Promise<Set<string>> {
  const raisesConnectivity = ({ signal }: { signal: AlarmSignal }) =>
    signal.kind === 'raise' && signal.source === 'connectivity_state';
  const nodes = [
    ...new Set(signals.filter(raisesConnectivity).flatMap(({ event }) => event.entity?.interfaceNodeId ?? [])),
  ];
  if (!nodes.length) return new Set();
  const silent = new Set(signals.filter(raisesConnectivity).flatMap(({ event }) => event.entity?.id ?? []));
  for (const id of await findSilentNodes(trx, projectId, nodes)) silent.add(id);
  return silent;
}

/**
 * A logger going silent silences its instruments too: their connectivity alarms, raised before the
 * logger's, are suppressed now, so that one alarm stands for the silence.
 */
async function suppressUnderSilentNodes(
  trx: Transaction<Database>,
  projectId: string,
  signals: ReadonlyArray<{ event: AlarmEvent; signal: AlarmSignal }>,
): Promise<void> {
  const nodes = signals.flatMap(({ event, signal }) =>
    signal.kind === 'raise' && signal.source === 'connectivity_state' && event.entity ? [event.entity.id] : [],
  );
  if (!nodes.length) return;
  await suppressUnderNodes(trx, projectId, nodes);
}
