import type { BasicGroup, BasicGroupCreateBody, BasicGroupPatchBody } from '@vigil/domain';
import type { Db } from '../../db/connection.ts';
import { newId, nowIso } from '../../db/values.ts';
import { conflict, notFound, validationError } from '../../http/errors.ts';
import { listInMemory, type ListQuery } from '../../http/list-query.ts';
import { findEntityRefs } from './device-store.ts';
import { deleteGroup, findGroup, findGroups, insertGroups, updateGroup, type GroupRecord } from './group-store.ts';
import { diffValues, groupHistoryValues } from './history-values.ts';
import {
  allFields,
  historyChange,
  recordHistory,
  type Editor,
  type FieldChanges,
  type HistoryAction,
} from './history-store.ts';
import { sortNaturally } from './natural-sort.ts';
import { nextVersion, requireVersion, STALE_MESSAGE } from './versions.ts';

export const presentGroup = (r: GroupRecord): BasicGroup => ({
  id: r.id,
  title: r.title,
  type: r.type,
  device_profiles: r.entityIds,
  monitored_entities: r.entityIds.map((id) => ({ monitored_entity_id: id })),
  created_at: r.createdAt,
  updated_at: r.updatedAt,
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

  const history = (editor: Editor, id: string, action: HistoryAction, at: string, fields: FieldChanges) =>
    historyChange(editor, 'basic-group', id, action, at, fields);

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

    async create(editor: Editor, body: BasicGroupCreateBody) {
      const now = nowIso();
      const record: GroupRecord = {
        id: newId(),
        projectId: editor.projectId,
        title: body.title,
        type: body.type,
        entityIds: await checkMembers(editor.projectId, body.device_profiles),
        createdAt: now,
        updatedAt: now,
      };
      await db.transaction().execute(async (trx) => {
        await insertGroups(trx, [record]);
        await recordHistory(trx, [
          history(editor, record.id, 'created', now, allFields(groupHistoryValues(record), 'created')),
        ]);
      });
      return presentGroup(record);
    },

    async update(editor: Editor, id: string, body: BasicGroupPatchBody, ifMatch?: string[]) {
      const before = await requireGroup(editor.projectId, id);
      requireVersion(ifMatch, before.updatedAt);
      const after: GroupRecord = {
        ...before,
        title: body.title ?? before.title,
        type: body.type ?? before.type,
        entityIds: body.device_profiles ? await checkMembers(editor.projectId, body.device_profiles) : before.entityIds,
        updatedAt: nextVersion(before.updatedAt),
      };
      const fields = diffValues(groupHistoryValues(before), groupHistoryValues(after));
      if (!Object.keys(fields).length) return presentGroup(before);
      await db.transaction().execute(async (trx) => {
        if (!(await updateGroup(trx, after, before.updatedAt))) throw conflict(STALE_MESSAGE);
        await recordHistory(trx, [history(editor, id, 'updated', after.updatedAt, fields)]);
      });
      return presentGroup(after);
    },

    async remove(editor: Editor, id: string, ifMatch?: string[]) {
      const before = await requireGroup(editor.projectId, id);
      requireVersion(ifMatch, before.updatedAt);
      await db.transaction().execute(async (trx) => {
        if (!(await deleteGroup(trx, editor.projectId, id, before.updatedAt))) throw conflict(STALE_MESSAGE);
        await recordHistory(trx, [
          history(
            editor,
            id,
            'deleted',
            nextVersion(before.updatedAt),
            allFields(groupHistoryValues(before), 'deleted'),
          ),
        ]);
      });
    },
  };
}
