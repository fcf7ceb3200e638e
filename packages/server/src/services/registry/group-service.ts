import type { BasicGroup, BasicGroupCreateBody, BasicGroupPatchBody } from '@vigil/domain';
import type { Db } from '../../db/connection.ts';
import { newId, nowIso } from '../../db/values.ts';
import { notFound, validationError } from '../../http/errors.ts';
import { listInMemory, type ListQuery } from '../../http/list-query.ts';
import { findEntityRefs } from './device-store.ts';
import { deleteGroup, findGroup, findGroups, insertGroups, updateGroup, type GroupRecord } from './group-store.ts';
import { sortNaturally } from './natural-sort.ts';

export const presentGroup = (r: GroupRecord): BasicGroup => ({
  id: r.id,
  title: r.title,
  type: r.type,
  device_profiles: r.entityIds,
  monitored_entities: r.entityIds.map((id) => ({ monitored_entity_id: id })),
  created_at: r.createdAt,
});

/** Device groups ("Crest section A", "Decant pond"…): any entities of the project, in a given order. */
export function groupService(db: Db) {
  async function requireGroup(projectId: string, id: string) {
    const group = await findGroup(db, projectId, id);
    if (!group) throw notFound();
    return group;
  }

  async function checkMembers(projectId: string, ids: string[]) {
    const unique = [...new Set(ids)];
    const known = await findEntityRefs(db, projectId, unique);
    const unknown = unique.filter((id) => !known.has(id));
    if (unknown.length)
      throw validationError('Invalid group', { device_profiles: unknown.map((id) => `Unknown device ${id}`) });
    return unique;
  }

  return {
    async list(projectId: string, query: ListQuery, filters: { entityIds: string[] | undefined }) {
      const wanted = filters.entityIds && new Set(filters.entityIds);
      const groups = (await findGroups(db, projectId))
        .filter((g) => !wanted || g.entityIds.some((id) => wanted.has(id)))
        .map(presentGroup)
        .filter((g) => query.equals.every((f) => f.values.includes(String((g as Record<string, unknown>)[f.column]))));
      return listInMemory(sortNaturally(groups, query.ordering), query);
    },

    async get(projectId: string, id: string) {
      return presentGroup(await requireGroup(projectId, id));
    },

    async create(projectId: string, body: BasicGroupCreateBody) {
      const record: GroupRecord = {
        id: newId(),
        projectId,
        title: body.title,
        type: body.type,
        entityIds: await checkMembers(projectId, body.device_profiles),
        createdAt: nowIso(),
      };
      await insertGroups(db, [record]);
      return presentGroup(record);
    },

    async update(projectId: string, id: string, body: BasicGroupPatchBody) {
      const before = await requireGroup(projectId, id);
      const after: GroupRecord = {
        ...before,
        title: body.title ?? before.title,
        type: body.type ?? before.type,
        entityIds: body.device_profiles ? await checkMembers(projectId, body.device_profiles) : before.entityIds,
      };
      await updateGroup(db, after);
      return presentGroup(after);
    },

    async remove(projectId: string, id: string) {
      await requireGroup(projectId, id);
      await deleteGroup(db, projectId, id);
    },
  };
}
