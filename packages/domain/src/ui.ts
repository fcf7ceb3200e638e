import { z } from 'zod';
import { idSchema } from './api.ts';
import { LOCALES } from './locales.ts';
import { userProfileSettings } from './users.ts';

export const namedRef = z.object({ id: z.string(), name: z.string() });
export type NamedRef = z.infer<typeof namedRef>;

export const placeSchema = z.object({
  name: z.string(),
  lat: z.number(),
  lon: z.number(),
  coords: z.object({ lat: z.number(), lng: z.number() }),
});
export type Place = z.infer<typeof placeSchema>;

const featureConfig = z.object({ enabled: z.boolean(), scope: z.string().optional() });
export const projectAttrsSchema = z.object({
  apiKeys: z.record(z.string(), z.unknown()),
  crossSectionsSettings: z.record(z.string(), z.unknown()),
  features: z.record(z.string(), z.record(z.string(), featureConfig)),
  roleFeatures: z.record(z.string(), z.record(z.string(), z.array(z.union([z.string(), z.number()])))),
  theme: z.string().nullable(),
});

export const projectSchema = z.object({
  id: z.string(),
  name: z.string(),
  slug: z.string(),
  attrs: projectAttrsSchema,
  places: z.array(placeSchema),
  created_at: z.string(),
});
export type Project = z.infer<typeof projectSchema>;

export const TILE_MENUS = ['grid', 'side-menu'] as const;
export type TileMenu = (typeof TILE_MENUS)[number];

export const roleSchema = z.object({
  id: z.string(),
  name: z.string(),
  permission_groups: z.array(namedRef),
  tileMenu: z.enum(TILE_MENUS),
  menu_tree: z.array(z.unknown()),
  created: z.string(),
  updated: z.string(),
});
export type RoleObject = z.infer<typeof roleSchema>;

/** PATCH /projects/{id}/roles/{roleId}: fields given replace the stored ones. */
export const rolePatchBody = z.strictObject({
  permission_groups: z.array(idSchema).max(200).optional(),
  tileMenu: z.enum(TILE_MENUS).optional(),
  menu_tree: z.array(z.json()).max(500).optional(),
});
export type RolePatchBody = z.infer<typeof rolePatchBody>;

/** A permission group as one of a user's roles grants it. */
export const grantedPermissionGroup = z.object({ id: z.string(), name: z.string(), permissions: z.array(z.string()) });
export type GrantedPermissionGroup = z.infer<typeof grantedPermissionGroup>;

export const userProfileSchema = z.object({
  id: z.string(),
  user_id: z.string(),
  username: z.string(),
  email: z.string(),
  roles: z.array(namedRef),
  is_active: z.boolean(),
  default_responder_type: z.object({ id: z.string(), title: z.string() }).nullable(),
  profile: userProfileSettings,
  permission_set: z.object({ permission_groups: z.array(grantedPermissionGroup) }),
  created_at: z.string(),
  updated_at: z.string(),
});
export type UserProfile = z.infer<typeof userProfileSchema>;

/**
 * PATCH /projects/{id}/user-profiles/{key}, merged: `profile` and `default_responder_type` are the owner's
 * settings; `roles` and `is_active` are for administrators and managers of other users.
 */
export const userProfilePatchBody = z.strictObject({
  profile: z
    .strictObject({
      locale: z.enum(LOCALES).optional(),
      home_module: z.string().min(1).max(64).nullable().optional(),
      activeRole: idSchema.optional(),
    })
    .optional(),
  default_responder_type: idSchema.nullable().optional(),
  roles: z.array(idSchema).min(1).max(20).optional(),
  is_active: z.boolean().optional(),
});
export type UserProfilePatchBody = z.infer<typeof userProfilePatchBody>;

export const moduleSchema = z.object({
  id: z.string(),
  name: z.string(),
  path: z.string(),
  folder: z.string(),
  roles: z.array(z.string()),
  features: z.array(z.unknown()),
});
export type ModuleObject = z.infer<typeof moduleSchema>;

export const modulePatchBody = z.strictObject({ roles: z.array(idSchema).max(100) });
export type ModulePatchBody = z.infer<typeof modulePatchBody>;

export const moduleFeatureSchema = z.object({
  name: z.string(),
  enabled: z.boolean(),
  scope: z.string(),
  active: z.boolean(),
});

/**
 * The module state shared by everyone in a project; all but the ids are null until first saved.
 * `timestamp` is the stored version: send it back as the PUT's `timestamp` (ADR 0020). The data of
 * the safety-state and operational-state modules is a dashboard tree (dashboards.ts).
 */
export const projectModuleDataSchema = z.object({
  project: z.string(),
  module: z.string(),
  user: z.string().nullable(),
  action: z.literal('persist').nullable(),
  timestamp: z.string().nullable(),
  data: z.unknown(),
});
export type ProjectModuleData = z.infer<typeof projectModuleDataSchema>;

/**
 * PUT /projects/{id}/modules/{moduleId}, by Administrators and Managers (else 403). `timestamp` is
 * the version the edit started from (GET's `timestamp`; omitted for a first save): 409 Conflict when
 * another version has been saved since. The answer is the saved record with its new `timestamp`.
 * `user` is accepted but the server records the caller. Dashboard modules take a dashboard tree whose
 * ids are all the project's (ADR 0020).
 */
export const projectModuleDataBody = z.strictObject({
  user: z
    .union([z.string().max(64), z.number()])
    .nullable()
    .optional(),
  action: z.literal('persist'),
  timestamp: z.iso.datetime({ offset: true }).nullable().optional(),
  data: z.json(),
});
export type ProjectModuleDataBody = z.infer<typeof projectModuleDataBody>;

export const userModuleDataSchema = z.object({
  profile: z.string(),
  module: z.string(),
  data: z.record(z.string(), z.unknown()),
  updated_at: z.string().nullable(),
});
export type UserModuleData = z.infer<typeof userModuleDataSchema>;

/** PUT replaces and PATCH shallow-merges a user's data of one module. */
export const userModuleDataBody = z.strictObject({ data: z.record(z.string(), z.json()) });
export type UserModuleDataBody = z.infer<typeof userModuleDataBody>;

/** A module folder or feature name as the feature configuration keys them (e.g. `Data/GeoJsonEditor`). */
const featureKey = z
  .string()
  .min(1)
  .max(64)
  .regex(/^[A-Za-z0-9_/-]+$/, 'Invalid name');

export const featureSettingSchema = z.object({ enabled: z.boolean(), scope: z.string() });
export type FeatureSetting = z.infer<typeof featureSettingSchema>;

/**
 * GET /projects/{id}/features: per module folder, the project feature configuration merged with
 * attrs.features (basePermissions omitted, scope defaulting to `project`), and the role ids that
 * hold each role-scoped feature (attrs.roleFeatures).
 */
export const projectFeaturesSchema = z.object({
  features: z.record(z.string(), z.record(z.string(), featureSettingSchema)),
  roleFeatures: z.record(z.string(), z.record(z.string(), z.array(z.string()))),
});
export type ProjectFeatures = z.infer<typeof projectFeaturesSchema>;

const fewKeys = (limit: number) => (value: Record<string, unknown>) => Object.keys(value).length <= limit;

/**
 * PATCH /projects/{id}/role-features: {folder: {feature: roleIds}}; each feature named gets exactly
 * these roles, the others keep theirs.
 */
export const roleFeaturesPatchBody = z
  .record(
    featureKey,
    z.record(featureKey, z.array(idSchema).max(100)).refine(fewKeys(100), { message: 'Too many features' }),
  )
  .refine(fewKeys(100), { message: 'Too many module folders' });
export type RoleFeaturesPatchBody = z.infer<typeof roleFeaturesPatchBody>;
