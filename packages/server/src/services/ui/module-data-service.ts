import type { ProjectModuleDataBody } from '@vigil/domain';
import type { Db } from '../../db/connection.ts';
import { nowIso } from '../../db/values.ts';
import { conflict, notFound } from '../../http/errors.ts';
import { checkDashboardTree, isDashboardFolder, readableTree } from './dashboard-check.ts';
import { presentProjectModuleData, presentUserModuleData } from './module-data-presenter.ts';
import {
  findProjectModuleData,
  findProjectModuleDataVersion,
  findUserModuleData,
  insertProjectModuleData,
  replaceProjectModuleData,
  saveUserModuleData,
  type ProjectModuleDataRecord,
} from './module-data-store.ts';
import { moduleService } from './module-service.ts';
import { requireActingAs, type Member } from './project-access.ts';

/** The 409 of a save whose base version is no longer the stored one (ADR 0020). */
export const MODULE_DATA_CONFLICT =
  "Someone else saved this module's data since you read it: reload it and apply your change again";

/** Whether the body's base version is the stored one; both are compared as instants. */
function isStoredVersion(stored: string, base: string | null | undefined): boolean {
  return !!base && Date.parse(base) === Date.parse(stored);
}

/** Now, or just after the stored version when the clock says otherwise: versions only move forward. */
function nextVersion(stored: string | undefined): string {
  const now = Date.now();
  const previous = stored ? Date.parse(stored) : Number.NEGATIVE_INFINITY;
  return new Date(now > previous ? now : previous + 1).toISOString();
}

/** Saved state of a module: one copy shared by the project, and one per user profile. */
export function moduleDataService(db: Db) {
  const modules = moduleService(db);

  // Only the owner reads or writes his own module data; any other profile id is unknown to him.
  function requireOwnProfile(member: Member, profileId: string) {
    if (profileId !== member.profileId) throw notFound();
  }

  return {
    /** A state module's tree comes as dashboardTreeSchema reads it, or null when it does not read as one. */
    async getShared(member: Member, moduleId: string) {
      const module = await modules.requireVisible(member, moduleId);
      const record = await findProjectModuleData(db, member.projectId, moduleId);
      const shown =
        record && isDashboardFolder(module.folder) ? { ...record, data: readableTree(record.data) } : record;
      return presentProjectModuleData(member.projectId, moduleId, shown);
    },

    /**
     * Saves a new version from the one the caller read (`timestamp`; none for a first save): 409 when
     * someone saved since. Administrators and managers only; dashboards are checked first.
     */
    async putShared(member: Member, moduleId: string, body: ProjectModuleDataBody) {
      const module = await modules.requireVisible(member, moduleId);
      requireActingAs(member, 'Administrator', 'Manager');
      const data = isDashboardFolder(module.folder)
        ? await checkDashboardTree(db, member.projectId, body.data)
        : body.data;
      const saved = await db.transaction().execute(async (trx) => {
        const stored = await findProjectModuleDataVersion(trx, member.projectId, moduleId);
        if (stored !== undefined && !isStoredVersion(stored, body.timestamp)) throw conflict(MODULE_DATA_CONFLICT);
        const record: ProjectModuleDataRecord = {
          projectId: member.projectId,
          moduleId,
          // Whoever the body names, the record says who really saved it.
          userId: member.userId,
          action: body.action,
          timestamp: nextVersion(stored),
          data,
        };
        const written =
          stored === undefined
            ? await insertProjectModuleData(trx, record)
            : await replaceProjectModuleData(trx, record, stored);
        if (!written) throw conflict(MODULE_DATA_CONFLICT);
        return record;
      });
      return presentProjectModuleData(member.projectId, moduleId, saved);
    },

    async getOwn(member: Member, profileId: string, moduleId: string) {
      requireOwnProfile(member, profileId);
      await modules.requireVisible(member, moduleId);
      return presentUserModuleData(profileId, moduleId, await findUserModuleData(db, profileId, moduleId));
    },

    /** PUT replaces the data; PATCH (`merge`) keeps the keys it does not name. */
    async saveOwn(member: Member, profileId: string, moduleId: string, data: Record<string, unknown>, merge: boolean) {
      requireOwnProfile(member, profileId);
      await modules.requireVisible(member, moduleId);
      return db.transaction().execute(async (trx) => {
        const previous = merge ? await findUserModuleData(trx, profileId, moduleId) : undefined;
        const record = { profileId, moduleId, data: { ...previous?.data, ...data }, updatedAt: nowIso() };
        await saveUserModuleData(trx, record);
        return presentUserModuleData(profileId, moduleId, record);
      });
    },
  };
}
