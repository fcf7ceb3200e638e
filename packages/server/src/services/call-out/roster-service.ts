import {
  onCallAt,
  onCallNowAndNext,
  rosterBody,
  type OnCall,
  type OnCallTurn,
  type Roster,
  type RosterBody,
  type RosterOnCall,
  type RosterOverride,
} from '@vigil/domain';
import type { Db } from '../../db/connection.ts';
import { fromJson, newId, toJson } from '../../db/values.ts';
import type { ProjectActor } from '../../http/auth-hook.ts';
import { notFound, validationError } from '../../http/errors.ts';
import { listFromMemory, sameNamedColumns, type ListQueryInput, type ListSpec } from '../../http/list-query.ts';
import { findUsersByIds } from '../auth/user-store.ts';
import { findProjectMembers } from './recipient-store.ts';
import { rosterStore, type RosterRow } from './roster-store.ts';

const LIST_SPEC: ListSpec = {
  columns: sameNamedColumns(['id', 'name', 'created_at', 'updated_at']),
  filters: ['id', 'name'],
  defaultOrdering: 'name',
  tieBreaker: 'id',
};

export function presentRoster(row: RosterRow): Roster {
  return {
    id: row.id,
    name: row.name,
    members: fromJson<string[]>(row.members, []),
    shift_hours: row.shift_hours,
    starts_at: row.starts_at,
    timezone: row.timezone,
    overrides: fromJson<RosterOverride[]>(row.overrides, []),
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}

/** On-call rosters of the current project (ADR 0050); the rotation itself is the domain's `onCallAt`. */
export function rosterService(db: Db, clock = () => new Date()) {
  const store = rosterStore(db);

  async function found(projectId: string, id: string): Promise<RosterRow> {
    const row = await store.find(projectId, id);
    if (!row) throw notFound();
    return row;
  }

  /** Turns with their people's names ("First Last", else the username), read in one query. */
  async function namer(turns: Array<OnCall | null>) {
    const ids = [...new Set(turns.flatMap((t) => (t ? [t.user_id] : [])))];
    const users = new Map((await findUsersByIds(db, ids)).map((u) => [u.id, u]));
    const nameOf = (id: string) => {
      const u = users.get(id);
      return u ? [u.first_name, u.last_name].filter(Boolean).join(' ').trim() || u.username : id;
    };
    return (turn: OnCall | null): OnCallTurn | null => (turn ? { ...turn, user_name: nameOf(turn.user_id) } : null);
  }

  /** Members and override users must be members of the project. */
  async function checkPeople(projectId: string, body: ReturnType<typeof rosterBody.parse>) {
    const people = [...body.members, ...body.overrides.map((o) => o.user_id)];
    const members = await findProjectMembers(db, projectId, people);
    const details: Record<string, string[]> = {};
    body.members.forEach((id, i) => {
      if (!members.has(id)) details[`members.${i}`] = ['No member of this project with this id'];
    });
    body.overrides.forEach((o, i) => {
      if (!members.has(o.user_id)) details[`overrides.${i}.user_id`] = ['No member of this project with this id'];
    });
    if (Object.keys(details).length) throw validationError('The roster names people outside the project', details);
  }

  const fields = (body: ReturnType<typeof rosterBody.parse>) => ({
    name: body.name,
    members: toJson(body.members),
    shift_hours: body.shift_hours,
    starts_at: new Date(body.starts_at).toISOString(),
    timezone: body.timezone,
    overrides: toJson(
      body.overrides.map((o) => ({
        user_id: o.user_id,
        from: new Date(o.from).toISOString(),
        to: new Date(o.to).toISOString(),
      })),
    ),
  });

  return {
    list: async (actor: ProjectActor, query: ListQueryInput) =>
      listFromMemory((await store.list(actor.projectId)).map(presentRoster), query, LIST_SPEC),

    get: async (actor: ProjectActor, id: string) => presentRoster(await found(actor.projectId, id)),

    async create(actor: ProjectActor, input: RosterBody): Promise<Roster> {
      const body = rosterBody.parse(input);
      await checkPeople(actor.projectId, body);
      const now = clock().toISOString();
      const row: RosterRow = {
        id: newId(),
        project_id: actor.projectId,
        ...fields(body),
        created_at: now,
        updated_at: now,
      };
      await store.insert(row);
      return presentRoster(row);
    },

    /** PATCH takes the whole roster, as POST does (a form sends it whole). */
    async update(actor: ProjectActor, id: string, input: RosterBody): Promise<Roster> {
      await found(actor.projectId, id);
      const body = rosterBody.parse(input);
      await checkPeople(actor.projectId, body);
      await store.update(actor.projectId, id, { ...fields(body), updated_at: clock().toISOString() });
      return presentRoster(await found(actor.projectId, id));
    },

    async remove(actor: ProjectActor, id: string) {
      await found(actor.projectId, id);
      await store.remove(actor.projectId, id);
    },

    async onCall(actor: ProjectActor, id: string, at: string | undefined): Promise<OnCallTurn> {
      const roster = presentRoster(await found(actor.projectId, id));
      const turn = onCallAt(roster, at ?? clock().toISOString());
      if (!turn) throw notFound('Nobody is on call');
      const named = await namer([turn]);
      return named(turn)!;
    },

    async allOnCall(actor: ProjectActor): Promise<{ objects: RosterOnCall[] }> {
      const now = clock().toISOString();
      const rows = await store.list(actor.projectId);
      const turns = rows.map((row) => ({ row, ...onCallNowAndNext(presentRoster(row), now) }));
      const named = await namer(turns.flatMap((t) => [t.now, t.next]));
      return {
        objects: turns.map(({ row, now, next }) => ({
          roster_id: row.id,
          name: row.name,
          now: named(now),
          next: named(next),
        })),
      };
    },
  };
}
