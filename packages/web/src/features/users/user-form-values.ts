import {
  createUserBody,
  idSchema,
  type CreateUserBody,
  type UpdateUserBody,
  type User,
  type UserProfilePatchBody,
} from '@vigil/domain';
import { z } from 'zod';

/** The message of an empty role choice; translated as users:validation.rolesRequired. */
export const ROLES_REQUIRED = 'Choose at least one role';

/** Names, e-mail, roles and default responder type ('' for none), checked as the server checks them. */
export const editUserSchema = createUserBody.pick({ first_name: true, last_name: true, email: true }).extend({
  roles: z.array(idSchema).min(1, ROLES_REQUIRED),
  default_responder_type: z.string(),
});
export type EditUserInput = z.input<typeof editUserSchema>;
export type EditUserValues = z.output<typeof editUserSchema>;

/** The edit fields plus the username and whether to send an invitation once created. */
export const createUserSchema = editUserSchema.extend({
  username: createUserBody.shape.username,
  invite: z.boolean(),
});
export type CreateUserInput = z.input<typeof createUserSchema>;
export type CreateUserValues = z.output<typeof createUserSchema>;

export function emptyCreateValues(roleIds: string[]): CreateUserInput {
  return {
    username: '',
    first_name: '',
    last_name: '',
    email: '',
    roles: roleIds,
    default_responder_type: '',
    invite: true,
  };
}

export function createBody(values: CreateUserValues): CreateUserBody {
  return {
    username: values.username,
    email: values.email,
    first_name: values.first_name,
    last_name: values.last_name,
    roles: values.roles,
    ...(values.default_responder_type && { default_responder_type: values.default_responder_type }),
  };
}

export function editValuesOf(user: User): EditUserInput {
  return {
    first_name: user.first_name,
    last_name: user.last_name,
    email: user.email,
    roles: user.roles.map((r) => r.id),
    default_responder_type: user.default_responder_type?.id ?? '',
  };
}

/** What an edit sends: the changed account fields, and the changed roles and responder type of the project. */
export function editChanges(
  user: User,
  values: EditUserValues,
): { user: UpdateUserBody; profile: UserProfilePatchBody } {
  const account: UpdateUserBody = {};
  if (values.first_name !== user.first_name) account.first_name = values.first_name;
  if (values.last_name !== user.last_name) account.last_name = values.last_name;
  if (values.email !== user.email) account.email = values.email;

  const profile: UserProfilePatchBody = {};
  const before = new Set(user.roles.map((r) => r.id));
  const after = new Set(values.roles);
  if (before.size !== after.size || [...after].some((id) => !before.has(id))) profile.roles = [...after];
  const responderType = values.default_responder_type || null;
  if (responderType !== (user.default_responder_type?.id ?? null)) profile.default_responder_type = responderType;
  return { user: account, profile };
}

/** Toggles one role in a choice, keeping the order of the project's roles. */
export function toggleRole(chosen: readonly string[], roleId: string, order: readonly string[]): string[] {
  const next = new Set(chosen);
  if (next.has(roleId)) next.delete(roleId);
  else next.add(roleId);
  return order.filter((id) => next.has(id));
}
