import type { SchemeCreateBody, SchemePatchBody } from '@vigil/domain';
import type { Db } from '../../db/connection.ts';
import { newId, nowIso } from '../../db/values.ts';
import { conflict, notFound, validationError } from '../../http/errors.ts';
import type { ListQuery } from '../../http/list-query.ts';
import { isUniqueViolation } from '../../db/values.ts';
import { schemeProblems } from './device-checks.ts';
import { findDevicesWithScheme } from './device-store.ts';
import { presentScheme } from './scheme-presenter.ts';
import {
  findScheme,
  insertScheme,
  listSchemes,
  schemeNameTaken,
  updateScheme,
  type SchemeRecord,
} from './scheme-store.ts';

const NAME_TAKEN = 'A scheme with this name already exists in the project';

/** Schemes: the metrics, limits and formulas a kind of device reports (spec 001 §3). */
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

  return {
    async list(projectId: string, query: ListQuery) {
      const { count, records } = await listSchemes(db, projectId, query);
      return { count, objects: records.map(presentScheme) };
    },

    async get(projectId: string, id: string) {
      return presentScheme(await requireScheme(projectId, id));
    },

    async create(projectId: string, body: SchemeCreateBody) {
      const now = nowIso();
      const record: SchemeRecord = {
        id: newId(),
        projectId,
        name: body.name,
        type: body.type,
        spec: body.spec,
        createdAt: now,
        updatedAt: now,
      };
      return save(record, (trx) => insertScheme(trx, record));
    },

    /** A new spec must still declare every metric that the scheme's devices give values or limits for. */
    async update(projectId: string, id: string, body: SchemePatchBody) {
      const before = await requireScheme(projectId, id);
      const after: SchemeRecord = {
        ...before,
        name: body.name ?? before.name,
        type: body.type ?? before.type,
        spec: body.spec ?? before.spec,
        updatedAt: nowIso(),
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
      return save(after, (trx) => updateScheme(trx, after));
    },
  };
}
