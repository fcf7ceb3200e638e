import type { UserProfilePatchBody } from '@vigil/domain';
import type { Db } from '../../db/connection.ts';
import { addDetail, notFound, validationError, type ErrorDetails } from '../../http/errors.ts';
import type { ListQuery } from '../../http/list-query.ts';
import { findProjectResponderTypes } from '../registry/store.ts';
import { canSeeModule } from './module-service.ts';
import { findProjectModules } from './module-store.ts';
import { actsAs, type Member } from './project-access.ts';
import { effectiveActiveRole, presentProfile, type ProfileContext } from './profile-presenter.ts';
import { authoriseProfileChange } from './profile-rules.ts';
import {
  findProfileByKey,
  listProfiles,
  updateProfile,
  type ProfileChanges,
  type ProfileRecord,
} from './profile-store.ts';
import { findPermissionGroups, findProjectRoles } from './role-store.ts';

const MANAGERS = ['Administrator', 'Manager'];

/** User profiles of one project: everyone's for administrators and managers, one's own for the rest. */
export function profileService(db: Db) {
  async function context(projectId: string): Promise<ProfileContext> {
    const [roles, groups, responderTypes] = await Promise.all([
      findProjectRoles(db, projectId),
      findPermissionGroups(db),
      findProjectResponderTypes(db, projectId),
    ]);
    return {
      roles: new Map(roles.map((r) => [r.id, r])),
      groups,
      responderTypes: new Map(responderTypes.map((r) => [r.id, r])),
    };
  }

  // Other users' profiles are "not found" to those who may not see them, as in the list.
  async function visibleProfile(member: Member, key: string): Promise<ProfileRecord> {
    const record = await findProfileByKey(db, member.projectId, key);
    if (!record || (record.userId !== member.userId && !actsAs(member, ...MANAGERS))) throw notFound();
    return record;
  }

  // The home module is a module path (the first segment of an address) that the owner can open.
  async function canOpen(projectId: string, activeRole: string | null, path: string) {
    const modules = await findProjectModules(db, projectId);
    return modules.some((m) => m.path === path && canSeeModule(m, activeRole ?? undefined));
  }

  return {
    async list(member: Member, query: ListQuery) {
      const onlyOwn = actsAs(member, ...MANAGERS) ? undefined : member.userId;
      const [{ count, records }, ctx] = await Promise.all([
        listProfiles(db, member.projectId, query, onlyOwn),
        context(member.projectId),
      ]);
      return { count, objects: records.map((r) => presentProfile(r, ctx)) };
    },

    async get(member: Member, key: string) {
      const record = await visibleProfile(member, key);
      return presentProfile(record, await context(member.projectId));
    },

    async update(member: Member, key: string, body: UserProfilePatchBody) {
      const target = await visibleProfile(member, key);
      const ctx = await context(member.projectId);
      const details: ErrorDetails = {};
      const add = (field: string, message: string) => addDetail(details, field, message);

      const roleIds = body.roles ? [...new Set(body.roles)] : target.roleIds;
      for (const id of roleIds.filter((id) => !ctx.roles.has(id))) add('roles', `Unknown role ${id}`);
      if (details.roles) throw validationError('Invalid roles', details);

      const nameOf = (id: string) => ctx.roles.get(id)?.name ?? id;
      authoriseProfileChange({
        actorRoleName: member.activeRole?.name,
        own: target.userId === member.userId,
        targetRoleNames: target.roleIds.map(nameOf),
        addedRoleNames: roleIds.filter((id) => !target.roleIds.includes(id)).map(nameOf),
        removedRoleNames: target.roleIds.filter((id) => !roleIds.includes(id)).map(nameOf),
        changesIsActive: body.is_active !== undefined && body.is_active !== target.isActive,
        changesSettings: body.profile !== undefined,
        changesResponderType: body.default_responder_type !== undefined,
      });

      const wanted = body.profile ?? {};
      if (wanted.activeRole !== undefined && !roleIds.includes(wanted.activeRole)) {
        add('profile.activeRole', 'Not one of your roles');
      }
      // After a role change the stored active role may no longer be held: fall back to the first role.
      const activeRole = wanted.activeRole ?? effectiveActiveRole({ roleIds, settings: target.settings });
      if (wanted.home_module && !(await canOpen(member.projectId, activeRole, wanted.home_module))) {
        add('profile.home_module', 'Not a module you can open');
      }
      const responderType = body.default_responder_type;
      if (responderType && !ctx.responderTypes.has(responderType)) {
        add('default_responder_type', 'Unknown responder type');
      }
      if (Object.keys(details).length) throw validationError('Invalid profile', details);

      const changes: ProfileChanges = {
        settings: { ...target.settings, ...wanted, activeRole },
        ...(body.roles && { roleIds }),
        ...(body.is_active !== undefined && { isActive: body.is_active }),
        ...(responderType !== undefined && { defaultResponderTypeId: responderType }),
      };
      await updateProfile(db, member.projectId, target.id, changes);
      const updated = await findProfileByKey(db, member.projectId, target.id);
      if (!updated) throw notFound();
      return presentProfile(updated, ctx);
    },
  };
}
