import {
  escalationPolicyBody,
  type EscalationPolicy,
  type EscalationPolicyBody,
  type EscalationStep,
} from '@vigil/domain';
import type { Db } from '../../db/connection.ts';
import { fromJson, isUniqueViolation, newId, toJson } from '../../db/values.ts';
import type { ProjectActor } from '../../http/auth-hook.ts';
import { conflict, notFound, validationError } from '../../http/errors.ts';
import { listFromMemory, sameNamedColumns, type ListQueryInput, type ListSpec } from '../../http/list-query.ts';
import { findTarpLevels } from '../alarms/tarp-levels.ts';
import { findProjectMembers } from './recipient-store.ts';
import { findRoster } from './roster-store.ts';
import { policyStore, type PolicyRow } from './policy-store.ts';
import { raiseTestAlarm } from './test-alarm.ts';

const LIST_SPEC: ListSpec = {
  columns: sameNamedColumns(['id', 'name', 'tarp_level', 'created_at', 'updated_at']),
  filters: ['id', 'name', 'tarp_level'],
  defaultOrdering: 'name',
  tieBreaker: 'id',
};
export const LEVEL_TAKEN = 'This TARP level has a policy already';

export function presentPolicy(row: PolicyRow): EscalationPolicy {
  return {
    id: row.id,
    name: row.name,
    tarp_level: row.tarp_level,
    steps: fromJson<EscalationStep[]>(row.steps, []),
    repeat_minutes: row.repeat_minutes,
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}

/** Escalation policies of the current project, one per TARP level (ADR 0050), and their test. */
export function policyService(db: Db, clock = () => new Date()) {
  const store = policyStore(db);

  async function found(projectId: string, id: string): Promise<PolicyRow> {
    const row = await store.find(projectId, id);
    if (!row) throw notFound();
    return row;
  }

  /** The level is one of the project's TARP levels; rosters and users named are the project's. */
  async function check(projectId: string, body: ReturnType<typeof escalationPolicyBody.parse>) {
    const details: Record<string, string[]> = {};
    const levels = await findTarpLevels(db, projectId);
    if (!levels.some((l) => l.key === body.tarp_level)) details.tarp_level = ['No TARP level with this key'];
    const users = body.steps.flatMap((s) => ('user_id' in s.target ? [s.target.user_id] : []));
    const members = await findProjectMembers(db, projectId, users);
    for (const [i, step] of body.steps.entries()) {
      const target = step.target;
      if ('user_id' in target && !members.has(target.user_id))
        details[`steps.${i}.target.user_id`] = ['No member of this project with this id'];
      if ('roster_id' in target && !(await findRoster(db, projectId, target.roster_id)))
        details[`steps.${i}.target.roster_id`] = ['No roster of this project with this id'];
    }
    if (Object.keys(details).length) throw validationError('The policy was not saved: fix the fields named', details);
  }

  const fields = (body: ReturnType<typeof escalationPolicyBody.parse>) => ({
    name: body.name,
    tarp_level: body.tarp_level,
    steps: toJson(body.steps),
    repeat_minutes: body.repeat_minutes,
  });

  async function saving(work: () => Promise<void>) {
    try {
      await work();
    } catch (error) {
      if (isUniqueViolation(error)) throw conflict(LEVEL_TAKEN, { tarp_level: [LEVEL_TAKEN] });
      throw error;
    }
  }

  return {
    list: async (actor: ProjectActor, query: ListQueryInput) =>
      listFromMemory((await store.list(actor.projectId)).map(presentPolicy), query, LIST_SPEC),

    get: async (actor: ProjectActor, id: string) => presentPolicy(await found(actor.projectId, id)),

    async create(actor: ProjectActor, input: EscalationPolicyBody): Promise<EscalationPolicy> {
      const body = escalationPolicyBody.parse(input);
      await check(actor.projectId, body);
      const now = clock().toISOString();
      const row: PolicyRow = {
        id: newId(),
        project_id: actor.projectId,
        ...fields(body),
        created_at: now,
        updated_at: now,
      };
      await saving(() => store.insert(row));
      return presentPolicy(row);
    },

    /** PATCH takes the whole policy, as POST does. */
    async update(actor: ProjectActor, id: string, input: EscalationPolicyBody): Promise<EscalationPolicy> {
      await found(actor.projectId, id);
      const body = escalationPolicyBody.parse(input);
      await check(actor.projectId, body);
      await saving(() => store.update(actor.projectId, id, { ...fields(body), updated_at: clock().toISOString() }));
      return presentPolicy(await found(actor.projectId, id));
    },

    async remove(actor: ProjectActor, id: string) {
      await found(actor.projectId, id);
      await store.remove(actor.projectId, id);
    },

    /** Raises the policy's test alarm and starts its call-out; the alarm's id. */
    async test(actor: ProjectActor, id: string): Promise<{ alarm_id: string }> {
      const policy = await found(actor.projectId, id);
      const level = (await findTarpLevels(db, actor.projectId)).find((l) => l.key === policy.tarp_level);
      return { alarm_id: await raiseTestAlarm(db, policy, level, clock().toISOString()) };
    },
  };
}
