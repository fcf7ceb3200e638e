import type { ProjectModuleDataBody } from '@vigil/domain';
import type { Db } from '../../db/connection.ts';
import { nowIso } from '../../db/values.ts';
import { notFound } from '../../http/errors.ts';
import { presentProjectModuleData, presentUserModuleData } from './module-data-presenter.ts';
import {
  findProjectModuleData,
  findUserModuleData,
  saveProjectModuleData,
  saveUserModuleData,
} from './module-data-store.ts';
import { moduleService } from './module-service.ts';
import type { Member } from './project-access.ts';

/** Saved state of a module: one copy shared by the project, and one per user profile. */
export function moduleDataService(db: Db) {
  const modules = moduleService(db);

  // Only the owner reads or writes his own module data; any other profile id is unknown to him.
  function requireOwnProfile(member: Member, profileId: string) {
    if (profileId !== member.profileId) throw notFound();
  }

  return {
    async getShared(member: Member, moduleId: string) {
      await modules.requireVisible(member, moduleId);
      const record = await findProjectModuleData(db, member.projectId, moduleId);
      return presentProjectModuleData(member.projectId, moduleId, record);
    },

    async putShared(member: Member, moduleId: string, body: ProjectModuleDataBody) {
      await modules.requireVisible(member, moduleId);
      const record = {
        projectId: member.projectId,
        moduleId,
        // Whoever the body names, the record says who really saved it.
        userId: member.userId,
        action: body.action,
        timestamp: body.timestamp ? new Date(body.timestamp).toISOString() : nowIso(),
        data: body.data,
      };
      await saveProjectModuleData(db, record);
      return presentProjectModuleData(member.projectId, moduleId, record);
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
