import type { RoleObject } from '@vigil/domain';
import type { PermissionGroupRecord, RoleRecord } from './role-store.ts';

export function presentRole(record: RoleRecord, groups: Map<string, PermissionGroupRecord>): RoleObject {
  return {
    id: record.id,
    name: record.name,
    permission_groups: record.permissionGroupIds.flatMap((id) => {
      const group = groups.get(id);
      return group ? [{ id: group.id, name: group.name }] : [];
    }),
    tileMenu: record.tileMenu,
    menu_tree: record.menuTree,
    created: record.createdAt,
    updated: record.updatedAt,
  };
}
