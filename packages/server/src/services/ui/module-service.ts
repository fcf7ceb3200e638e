import { ALWAYS_VISIBLE_MODULE, MESSAGES, featuresOfModule } from '@vigil/domain';
import type { Db } from '../../db/connection.ts';
import { notFound, validationError } from '../../http/errors.ts';
import { queryInMemory, type ListQuery, type ListSpec } from '../../http/list-query.ts';
import { requireActingAs, type Member } from './project-access.ts';
import { presentModule } from './module-presenter.ts';
import { findModule, findProjectModules, updateModuleRoles, type ModuleRecord } from './module-store.ts';
import { featureAttrs } from './project-presenter.ts';
import { findProject } from './project-store.ts';
import { findProjectRoles } from './role-store.ts';

export const moduleList: ListSpec = {
  columns: { id: 'id', name: 'name', path: 'path', folder: 'folder', position: 'position' },
  filters: ['id', 'name', 'path', 'folder'],
  defaultOrdering: 'position',
  tieBreaker: 'id',
};

/** Visible when the active role is attached; the Metrics module is always returned (requirements#roles-permissions). */
export function canSeeModule(module: Pick<ModuleRecord, 'folder' | 'roleIds'>, activeRoleId: string | undefined) {
  return module.folder === ALWAYS_VISIBLE_MODULE || (!!activeRoleId && module.roleIds.includes(activeRoleId));
}

const moduleNotFound = () => notFound(MESSAGES.moduleNotFound);

/** The modules of a project as one member sees them, their role lists and their features. */
export function moduleService(db: Db) {
  async function requireVisible(member: Member, moduleId: string): Promise<ModuleRecord> {
    const module = await findModule(db, member.projectId, moduleId);
    if (!module || !canSeeModule(module, member.activeRole?.id)) throw moduleNotFound();
    return module;
  }

  return {
    requireVisible,

    /** The visible modules, or with `all` every module of the project (administrators only). */
    async list(member: Member, query: ListQuery, all: boolean) {
      if (all) requireActingAs(member, 'Administrator');
      const modules = await findProjectModules(db, member.projectId);
      const shown = all ? modules : modules.filter((m) => canSeeModule(m, member.activeRole?.id));
      return queryInMemory(shown, query).map(presentModule);
    },

    async get(member: Member, moduleId: string) {
      return presentModule(await requireVisible(member, moduleId));
    },

    async updateRoles(member: Member, moduleId: string, roleIds: string[]) {
      requireActingAs(member, 'Administrator');
      const module = await findModule(db, member.projectId, moduleId);
      if (!module) throw moduleNotFound();
      const wanted = [...new Set(roleIds)];
      const projectRoleIds = new Set((await findProjectRoles(db, member.projectId)).map((r) => r.id));
      const unknown = wanted.filter((id) => !projectRoleIds.has(id));
      if (unknown.length) throw validationError('Unknown roles', { roles: unknown.map((id) => `Unknown role ${id}`) });
      const own = member.activeRole?.id;
      // An administrator must not lock himself out of a module he is using (requirements#shell-validation).
      if (own && module.roleIds.includes(own) && !wanted.includes(own)) {
        throw validationError(MESSAGES.ownModuleRemoval, { roles: [MESSAGES.ownModuleRemoval] });
      }
      await updateModuleRoles(db, member.projectId, moduleId, wanted);
      return presentModule({ ...module, roleIds: wanted });
    },

    async features(member: Member, moduleId: string) {
      const module = await requireVisible(member, moduleId);
      const project = await findProject(db, member.projectId);
      if (!project) throw moduleNotFound();
      const { features, roleFeatures } = featureAttrs(project);
      return featuresOfModule(
        module.folder,
        project.featureConfig,
        features,
        roleFeatures,
        member.activeRole?.id ?? '',
      );
    },
  };
}
