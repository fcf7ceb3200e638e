import { inQuietHours, type ContactKind, type QuietHours, type TarpLevel } from '@vigil/domain';
import { PostgresAdapter, type Insertable, type Transaction } from 'kysely';
import type { BusEvents } from '../../bus/bus.ts';
import type { CallOutsTable, Database, DeliveriesTable } from '../../db/schema.ts';
import { fromJson, newId } from '../../db/values.ts';
import { appendHistory, updateAlarm, type AlarmRow } from '../alarms/alarm-store.ts';
import { findTarpLevels } from '../alarms/tarp-levels.ts';
import { notifyEscalation } from '../notifications/notification-creation.ts';
import { effectivePolicy, roundStart, type RunPolicy, type RunStep } from './effective-policy.ts';
import { findPoliciesOfLevels, findPolicy } from './policy-store.ts';
import { resolveTarget } from './recipients.ts';
import { findVerifiedContacts } from './recipient-store.ts';

type Trx = Transaction<Database>;
type Created = BusEvents['notification.created'];
type CallOutRow = CallOutsTable;

/** The alarm states in which a call-out goes on: someone still has to acknowledge. */
export const CALLING_STATES = ['active_unacknowledged', 'cleared_unacknowledged'];
const isPostgres = (trx: Trx) => trx.getExecutor().adapter instanceof PostgresAdapter;
/** Rounds one pass may start (a server that was down for long catches up a round a tick, not all at once). */
const MAX_ROUNDS_PER_PASS = 1;

export interface CallOutStart {
  alarmId: string;
  projectId: string;
  at: string;
  /** a test of this policy (POST escalation-policies/{id}/test) */
  testPolicyId?: string;
}

/**
 * Starts the call-out of alarms that ask for action now (raised, or risen to a higher level), in the
 * transaction that raised them: a new episode, whose steps due at once get their deliveries here.
 * Later steps are the engine tick's (advanceCallOuts). The caller holds the alarms' rows.
 */
export async function startCallOuts(trx: Trx, all: readonly CallOutStart[]): Promise<void> {
  // one row per alarm: a batch may raise one alarm twice (the later raise stands)
  const starts = [...new Map(all.map((s) => [s.alarmId, s])).values()];
  if (!starts.length) return;
  await trx
    .insertInto('call_outs')
    .values(
      starts.map((s) => ({
        id: newId(),
        alarm_id: s.alarmId,
        project_id: s.projectId,
        episode: 1,
        started_at: s.at,
        round: 0,
        next_step: 0,
        next_due_at: s.at,
        policy_id: s.testPolicyId ?? null,
        is_test: s.testPolicyId ? 1 : 0,
      })),
    )
    .onConflict((oc) =>
      oc.column('alarm_id').doUpdateSet((eb) => ({
        episode: eb('call_outs.episode', '+', 1),
        started_at: eb.ref('excluded.started_at'),
        round: 0,
        next_step: 0,
        next_due_at: eb.ref('excluded.next_due_at'),
        policy_id: eb.ref('excluded.policy_id'),
        is_test: eb.ref('excluded.is_test'),
      })),
    )
    .execute();
  const ids = starts.map((s) => s.alarmId);
  const alarms = await trx.selectFrom('alarms').selectAll().where('id', 'in', ids).execute();
  const callOuts = await trx.selectFrom('call_outs').selectAll().where('alarm_id', 'in', ids).execute();
  const at = starts.reduce((latest, s) => (s.at > latest ? s.at : latest), starts[0]!.at);
  await runDue(trx, alarms, callOuts, at);
}

/**
 * The engine tick's part (ADR 0050): every call-out whose next step is due runs it, in one
 * transaction with the deliveries it writes. On PostgreSQL the alarms are locked, skipping those
 * another instance holds (the alarm row guards its call-out everywhere, so the order never inverts).
 * Answers the in-app escalations to announce after commit.
 */
export async function advanceCallOuts(trx: Trx, now: string): Promise<Created[]> {
  let query = trx
    .selectFrom('alarms as a')
    .innerJoin('call_outs as c', 'c.alarm_id', 'a.id')
    .selectAll('a')
    .where('c.next_due_at', '<=', now)
    .orderBy('c.next_due_at')
    .limit(500);
  if (isPostgres(trx)) query = query.forUpdate('a').skipLocked();
  const alarms = await query.execute();
  if (!alarms.length) return [];
  const callOuts = await trx
    .selectFrom('call_outs')
    .selectAll()
    .where(
      'alarm_id',
      'in',
      alarms.map((a) => a.id),
    )
    .execute();
  return runDue(trx, alarms, callOuts, now);
}

async function runDue(trx: Trx, alarms: readonly AlarmRow[], callOuts: readonly CallOutRow[], now: string) {
  const alarmById = new Map(alarms.map((a) => [a.id, a]));
  const policies = new PolicyCache(trx);
  const created: Created[] = [];
  for (const callOut of callOuts) {
    const alarm = alarmById.get(callOut.alarm_id);
    if (!alarm) continue;
    const done = { next_due_at: null };
    if (!CALLING_STATES.includes(alarm.state) || alarm.suppressed) {
      await updateCallOut(trx, callOut.id, done);
      continue;
    }
    if (alarm.shelved_until && alarm.shelved_until > now) {
      await updateCallOut(trx, callOut.id, { next_due_at: alarm.shelved_until });
      continue;
    }
    const policy = await policies.of(callOut, alarm);
    if (!policy?.steps.length) {
      await updateCallOut(trx, callOut.id, done);
      continue;
    }
    let { round, next_step: step } = callOut;
    let nextDue: string | null = null;
    let rounds = 0;
    for (;;) {
      if (step >= policy.steps.length) {
        if (!policy.repeat_minutes) break;
        [round, step, rounds] = [round + 1, 0, rounds + 1];
        if (rounds > MAX_ROUNDS_PER_PASS) {
          nextDue = dueAt(policy, policy.steps[0]!, callOut, round, alarm);
          break;
        }
      }
      const due = dueAt(policy, policy.steps[step]!, callOut, round, alarm);
      if (due > now) {
        nextDue = due;
        break;
      }
      const escalation = await runStep(trx, { alarm, callOut, policy, step, round, now });
      if (escalation) created.push(escalation);
      step++;
    }
    await updateCallOut(trx, callOut.id, { round, next_step: step, next_due_at: nextDue });
  }
  return created;
}

function dueAt(policy: RunPolicy, step: RunStep, callOut: CallOutRow, round: number, alarm: AlarmRow): string {
  if (step.tarpDeadline && alarm.ack_deadline) return alarm.ack_deadline;
  return new Date(roundStart(policy, callOut.started_at, round) + step.after_minutes * 60_000).toISOString();
}

async function updateCallOut(trx: Trx, id: string, changes: Partial<CallOutRow>) {
  await trx.updateTable('call_outs').set(changes).where('id', '=', id).execute();
}

/** Each project's TARP levels and policies, read once per pass. */
class PolicyCache {
  private readonly levels = new Map<string, TarpLevel[]>();
  private readonly policies = new Map<string, Awaited<ReturnType<typeof findPoliciesOfLevels>>>();
  private readonly trx: Trx;
  constructor(trx: Trx) {
    this.trx = trx;
  }

  async of(callOut: CallOutRow, alarm: AlarmRow): Promise<RunPolicy | null> {
    if (callOut.policy_id) {
      const policy = await findPolicy(this.trx, callOut.project_id, callOut.policy_id);
      return policy ? effectivePolicy(policy, undefined) : null;
    }
    if (!alarm.tarp_level) return null;
    if (!this.levels.has(alarm.project_id)) {
      const levels = await findTarpLevels(this.trx, alarm.project_id);
      this.levels.set(alarm.project_id, levels);
      const keys = levels.map((l) => l.key);
      this.policies.set(alarm.project_id, await findPoliciesOfLevels(this.trx, alarm.project_id, keys));
    }
    const level = this.levels.get(alarm.project_id)!.find((l) => l.key === alarm.tarp_level);
    const policy = this.policies.get(alarm.project_id)!.find((p) => p.tarp_level === alarm.tarp_level);
    return effectivePolicy(policy, level);
  }
}

interface StepRun {
  alarm: AlarmRow;
  callOut: CallOutRow;
  policy: RunPolicy;
  step: number;
  round: number;
  now: string;
}

/**
 * One step: its deliveries, one per verified contact of each person the target names on each
 * channel (a person without one gets a failed delivery saying so, so that the log shows the gap);
 * quiet hours hold back all but critical alarms. A step after the first minute is an escalation:
 * it is kept in the alarm's history, and a role is also told in the app (the TARP's escalation).
 */
async function runStep(trx: Trx, run: StepRun): Promise<Created | null> {
  const { alarm, callOut, step, round, now } = run;
  const spec = run.policy.steps[step]!;
  const people = await resolveTarget(trx, alarm.project_id, spec.target, now);
  const contacts = await findVerifiedContacts(trx, people, spec.channels);
  const rows: Array<Insertable<DeliveriesTable>> = [];
  const base = { alarm_id: alarm.id, project_id: alarm.project_id, episode: callOut.episode, round, step };
  const critical = alarm.level === 'critical';
  for (const userId of people) {
    for (const channel of spec.channels) {
      const own = contacts.filter((c) => c.user_id === userId && c.kind === channel);
      const reachable = own.filter(
        (c) => critical || !inQuietHours(fromJson<QuietHours | null>(c.quiet_hours, null), now),
      );
      if (!own.length) rows.push(delivery(base, channel, userId, null, '', now, `No verified ${channel} contact`));
      for (const contact of reachable)
        rows.push(delivery(base, channel, userId, contact.id, contact.address, now, null));
    }
  }
  if (rows.length)
    await trx
      .insertInto('deliveries')
      .values(rows)
      .onConflict((oc) => oc.column('dedupe_key').doNothing())
      .execute();
  if (spec.after_minutes === 0 && round === 0) return null;
  const role = 'role' in spec.target ? spec.target.role : null;
  await updateAlarm(trx, alarm.id, { escalated_at: now });
  await appendHistory(trx, [
    {
      alarmId: alarm.id,
      projectId: alarm.project_id,
      action: 'escalated',
      at: now,
      details: spec.tarpDeadline
        ? { to_role: role, deadline: alarm.ack_deadline }
        : { to_role: role, step, round, target: spec.target, channels: spec.channels, deliveries: rows.length },
    },
  ]);
  return role ? notifyEscalation(trx, alarm, role, now) : null;
}

function delivery(
  base: Pick<DeliveriesTable, 'alarm_id' | 'project_id' | 'episode' | 'round' | 'step'>,
  channel: ContactKind,
  userId: string,
  contactId: string | null,
  address: string,
  now: string,
  error: string | null,
): Insertable<DeliveriesTable> {
  return {
    id: newId(),
    ...base,
    channel,
    user_id: userId,
    contact_id: contactId,
    address,
    dedupe_key: [base.alarm_id, base.episode, base.round, base.step, channel, userId, address].join('|'),
    status: error ? 'failed' : 'queued',
    attempts: 0,
    next_attempt_at: now,
    claimed_by: null,
    claimed_until: null,
    created_at: now,
    sent_at: null,
    error,
  };
}
