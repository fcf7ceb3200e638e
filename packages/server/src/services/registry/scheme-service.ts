import type { SchemeCreateBody, SchemePatchBody, SchemeUsage } from '@vigil/domain';
import type { Db } from '../../db/connection.ts';
import { newId, nowIso } from '../../db/values.ts';
import { conflict, notFound, validationError } from '../../http/errors.ts';
import type { ListQuery } from '../../http/list-query.ts';
import { isUniqueViolation } from '../../db/values.ts';
import { schemeProblems } from './device-checks.ts';
import { findDevicesWithScheme } from './device-store.ts';
import { diffValues, schemeHistoryValues } from './history-values.ts';
import {
  allFields,
  historyChange,
  recordHistory,
  type Editor,
  type FieldChanges,
  type HistoryAction,
} from './history-store.ts';
import { presentScheme } from './scheme-presenter.ts';
import {
  countSchemeUsers,
  deleteScheme,
  findScheme,
  insertScheme,
  listSchemes,
  schemeNameTaken,
  updateScheme,
  type SchemeRecord,
} from './scheme-store.ts';
import { nextVersion, requireVersion, STALE_MESSAGE } from './versions.ts';

const NAME_TAKEN = 'A scheme with this name already exists in the project';

/** Schemes: the metrics, limits and formulas a kind of device reports (requirements#monitoring-entities). */
export function schemeService(db: Db) {
  async function requireScheme(projectId: string, id: string) {
    const scheme = await findScheme(db, projectId, id);
    if (!scheme) throw notFound();
    return scheme;
  }

  async function save(record: SchemeRecord, work: (trx: Db) => Promise<void>) {
    if (await schemeNameTaken(db, record.projectId, record.name, record.id))
      throw conflict(NAME_TAKEN, { name: [NAME_TAKEN] });
    try {
      await db.transaction().execute(work);
    } catch (error) {
      if (isUniqueViolation(error)) throw conflict(NAME_TAKEN, { name: [NAME_TAKEN] });
      throw error;
    }
    return presentScheme(record);
  }

  const history = (editor: Editor, id: string, action: HistoryAction, at: string, fields: FieldChanges) =>
    historyChange(editor, 'scheme', id, action, at, fields);

  async function usage(projectId: string, id: string): Promise<SchemeUsage> {
    const counts = await countSchemeUsers(db, projectId, id);
    const of = (type: 'instrument' | 'interface-node' | 'virtual-device') => counts.get(type) ?? 0;
    return {
      devices: of('instrument') + of('interface-node') + of('virtual-device'),
      instruments: of('instrument'),
      interface_nodes: of('interface-node'),
      virtual_devices: of('virtual-device'),
    };
  }

  return {
    async list(projectId: string, query: ListQuery) {
      const { count, records } = await listSchemes(db, projectId, query);
      return { count, objects: records.map(presentScheme) };
    },

    async get(projectId: string, id: string) {
      return presentScheme(await requireScheme(projectId, id));
    },

    /** How many devices a change of the scheme affects. */
    async usage(projectId: string, id: string): Promise<SchemeUsage> {
      await requireScheme(projectId, id);
      return usage(projectId, id);
    },

    /** Deletes a scheme no device uses (409 naming how many do); its history stays. */
    async remove(editor: Editor, id: string, ifMatch?: string[]) {
      const before = await requireScheme(editor.projectId, id);
      requireVersion(ifMatch, before.updatedAt);
      const { devices } = await usage(editor.projectId, id);
      if (devices)
        throw conflict(
          `Used by ${devices.toLocaleString('en-US')} device${devices === 1 ? '' : 's'}: move them to another scheme first`,
        );
      await db.transaction().execute(async (trx) => {
        if (!(await deleteScheme(trx, editor.projectId, id, before.updatedAt))) throw conflict(STALE_MESSAGE);
        await recordHistory(trx, [
          history(
            editor,
            id,
            'deleted',
            nextVersion(before.updatedAt),
            allFields(schemeHistoryValues(before), 'deleted'),
          ),
        ]);
      });
    },

    async create(editor: Editor, body: SchemeCreateBody) {
      const now = nowIso();
      const record: SchemeRecord = {
        id: newId(),
        projectId: editor.projectId,
        name: body.name,
        type: body.type,
        spec: body.spec,
        createdAt: now,
        updatedAt: now,
      };
      return save(record, async (trx) => {
        await insertScheme(trx, record);
        await recordHistory(trx, [
          history(editor, record.id, 'created', now, allFields(schemeHistoryValues(record), 'created')),
        ]);
      });
    },

    /** A new spec must still declare every metric that the scheme's devices give values or limits for. */
    async update(editor: Editor, id: string, body: SchemePatchBody, ifMatch?: string[]) {
      const { projectId } = editor;
      const before = await requireScheme(projectId, id);
      requireVersion(ifMatch, before.updatedAt);
      const after: SchemeRecord = {
        ...before,
        name: body.name ?? before.name,
        type: body.type ?? before.type,
        spec: body.spec ?? before.spec,
        updatedAt: nextVersion(before.updatedAt),
      };
      if (body.spec) {
        const problems = (await findDevicesWithScheme(db, projectId, id)).flatMap((device) =>
          Object.values(schemeProblems(device, after.spec))
            .flat()
            .map((problem) => `${device.eid}: ${problem}`),
        );
        if (problems.length)
          throw validationError('The scheme’s devices use metrics it would drop', { spec: problems });
      }
      const fields = diffValues(schemeHistoryValues(before), schemeHistoryValues(after));
      if (!Object.keys(fields).length) return presentScheme(before);
      return save(after, async (trx) => {
        if (!(await updateScheme(trx, after, before.updatedAt))) throw conflict(STALE_MESSAGE);
        await recordHistory(trx, [history(editor, id, 'updated', after.updatedAt, fields)]);
      });
    },
  };
}
