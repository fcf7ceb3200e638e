import { z } from 'zod';
import { idSchema } from './api.ts';
import { emailSchema, newPasswordSchema } from './auth.ts';
import { MESSAGES } from './messages.ts';

/** Django-style usernames: letters, digits and @ . + - _ (no spaces, so they survive links and logs). */
export const usernameSchema = z
  .string({ error: MESSAGES.required })
  .trim()
  .min(1, MESSAGES.required)
  .max(150)
  .regex(/^[\p{L}\p{N}_.@+-]+$/u, 'Use only letters, digits and @ . + - _');

const personName = z.string({ error: MESSAGES.required }).trim().min(1, MESSAGES.required).max(150);
const id = idSchema;

export const createUserBody = z.strictObject({
  username: usernameSchema,
  email: emailSchema,
  first_name: personName,
  last_name: personName,
  password: newPasswordSchema.optional(),
  /** role ids of the current project; omitted or empty gives the default role (requirements#roles-permissions) */
  roles: z.array(id).max(20).optional(),
  /** a responder type id of the current project */
  default_responder_type: id.nullable().optional(),
});
export type CreateUserBody = z.infer<typeof createUserBody>;

/** A merged update: only the fields sent change; `username` only for administrators and managers. */
export const updateUserBody = z.strictObject({
  username: usernameSchema.optional(),
  email: emailSchema.optional(),
  first_name: personName.optional(),
  last_name: personName.optional(),
  profile_image: z.string().max(2048).nullable().optional(),
});
export type UpdateUserBody = z.infer<typeof updateUserBody>;

export const userIdParams = z.object({ id });

export const roleRef = z.object({ id: z.string(), name: z.string() });

/** The per-project settings of a user (requirements#shell-entities). */
export const userProfileSettings = z.object({
  locale: z.string(),
  activeRole: z.string().nullable(),
  home_module: z.string().nullable(),
});

/** An auth user as the API shows it; the project fields describe the caller's current project. */
export const userSchema = z.object({
  id: z.string(),
  username: z.string(),
  email: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  name: z.string(),
  profile_image: z.string().nullable(),
  is_active: z.boolean(),
  is_password_set: z.boolean(),
  account: z.string(),
  date_joined: z.string(),
  last_login: z.string().nullable(),
  uiId: z.string().nullable(),
  roles: z.array(roleRef),
  default_responder_type: z.object({ id: z.string(), title: z.string() }).nullable(),
  profile: userProfileSettings.nullable(),
  projects: z.array(z.string()),
});
export type User = z.infer<typeof userSchema>;

/** Whose reset or invite token this is: the reset-password screen checks a token with it. */
export const passwordTokenOwner = z.object({ username: z.string(), email: z.string() });
export type PasswordTokenOwner = z.infer<typeof passwordTokenOwner>;

export const detailResponse = z.object({ detail: z.string() });
export type DetailResponse = z.infer<typeof detailResponse>;

export const inviteResponse = z.object({ invite_link: z.string() });
export type InviteResponse = z.infer<typeof inviteResponse>;

export const permissionGroupSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  permissions: z.array(z.string()),
});
export type PermissionGroup = z.infer<typeof permissionGroupSchema>;

export const accountSchema = z.object({ id: z.string(), name: z.string(), created_at: z.string() });
export type Account = z.infer<typeof accountSchema>;

/** One entry of the About dialog. */
export const microserviceSchema = z.object({ name: z.string(), title: z.string(), version: z.string() });
export type Microservice = z.infer<typeof microserviceSchema>;
