import type { RolePatchBody } from '@vigil/domain';
import type { Db } from '../../db/connection.ts';
import { notFound, validationError } from '../../http/errors.ts';
import type { ListQuery } from '../../http/list-query.ts';
import { requireActingAs, type Member } from './project-access.ts';
import { presentRole } from './role-presenter.ts';
import { findPermissionGroups, findRole, listRoles, updateRole } from './role-store.ts';

/** The roles of a project: readable by its members, changed by its administrators. */
export function roleService(db: Db) {
  return {
    async list(member: Member, query: ListQuery) {
      const [{ count, records }, groups] = await Promise.all([
        listRoles(db, member.projectId, query),
        findPermissionGroups(db),
      ]);
      return { count, objects: records.map((r) => presentRole(r, groups)) };
    },

    async update(member: Member, roleId: string, body: RolePatchBody) {
      requireActingAs(member, 'Administrator');
      const role = await findRole(db, member.projectId, roleId);
      if (!role) throw notFound();
      const groups = await findPermissionGroups(db);
      const groupIds = body.permission_groups && [...new Set(body.permission_groups)];
      const unknown = groupIds?.filter((id) => !groups.has(id)) ?? [];
      if (unknown.length) {
        throw validationError('Unknown permission groups', {
          permission_groups: unknown.map((id) => `Unknown id ${id}`),
        });
      }
      const changed = {
        ...role,
        permissionGroupIds: groupIds ?? role.permissionGroupIds,
        tileMenu: body.tileMenu ?? role.tileMenu,
        menuTree: body.menu_tree ?? role.menuTree,
      };
      await updateRole(db, changed);
      return presentRole((await findRole(db, member.projectId, roleId)) ?? changed, groups);
    },
  };
}
