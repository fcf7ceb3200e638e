import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/connection.ts';
import { newId, nowIso, toJson } from '../db/values.ts';
import { hashPassword } from '../services/auth/secrets.ts';
import { saveSiteImage } from '../services/ui/site-map-store.ts';
import { seedDashboards } from './dashboards.ts';
import { seedDevices } from './seed-devices.ts';
import { drawDemoSite } from './site-drawing.ts';
import {
  DEMO_ACCOUNT,
  DEMO_FEATURE_CONFIG,
  DEMO_MODULES,
  DEMO_PASSWORD,
  DEMO_PERMISSION_GROUPS,
  DEMO_PROJECTS,
  DEMO_RESPONDER_TYPES,
  DEMO_ROLES,
  DEMO_USERS,
} from './site.ts';

/** Seeds the demo site once, on an empty database. */
export async function seedDemoIfEmpty(db: Db, options: { passwordCost: number; log?: FastifyBaseLogger }) {
  const existing = await db.selectFrom('accounts').select('id').limit(1).executeTakeFirst();
  if (existing) return false;
  await seedDemo(db, options.passwordCost);
  options.log?.info(
    `demo site seeded: users ${DEMO_USERS.map((u) => u.username).join(', ')} (password ${DEMO_PASSWORD})`,
  );
  return true;
}

export async function seedDemo(db: Db, passwordCost: number) {
  const now = nowIso();
  const passwordHash = await hashPassword(DEMO_PASSWORD, passwordCost);
  await db.transaction().execute(async (trx) => {
    const accountId = newId();
    await trx.insertInto('accounts').values({ id: accountId, name: DEMO_ACCOUNT.name, created_at: now }).execute();

    const groupIds = new Map<string, string>(DEMO_PERMISSION_GROUPS.map((g) => [g.name, newId()]));
    await trx
      .insertInto('permission_groups')
      .values(
        DEMO_PERMISSION_GROUPS.map((g) => ({
          id: groupIds.get(g.name)!,
          name: g.name,
          description: g.description,
          permissions: toJson(g.permissions),
        })),
      )
      .execute();

    const userIds = new Map(DEMO_USERS.map((u) => [u.username, newId()]));
    await trx
      .insertInto('users')
      .values(
        DEMO_USERS.map((u) => ({
          id: userIds.get(u.username)!,
          account_id: accountId,
          username: u.username,
          email: u.email,
          first_name: u.first_name,
          last_name: u.last_name,
          profile_image: null,
          password_hash: passwordHash,
          password_changed_at: now,
          is_password_set: 1,
          is_active: 1,
          created_at: now,
          updated_at: now,
          last_login_at: null,
        })),
      )
      .execute();

    for (const project of DEMO_PROJECTS) {
      const projectId = newId();
      const roleIds = new Map(Object.keys(DEMO_ROLES).map((name) => [name, newId()]));
      const moduleRows = DEMO_MODULES.map((m, position) => ({
        id: newId(),
        project_id: projectId,
        name: m.name,
        path: m.path,
        folder: m.folder,
        roles: toJson(m.roles.map((r) => roleIds.get(r))),
        features: toJson([]),
        position,
      }));
      const attrs = {
        apiKeys: {},
        crossSectionsSettings: project.crossSectionsSettings,
        features: { FileManager: { tag: { enabled: true, scope: 'role' } } },
        roleFeatures: {
          FileManager: {
            upload: [roleIds.get('Administrator'), roleIds.get('Manager')],
            delete: [roleIds.get('Administrator')],
            tag: [roleIds.get('Administrator'), roleIds.get('Manager')],
          },
          JournalManager: { deleteEntries: [roleIds.get('Administrator'), roleIds.get('Manager')] },
        },
        theme: project.slug,
      };
      await trx
        .insertInto('projects')
        .values({
          id: projectId,
          account_id: accountId,
          name: project.name,
          slug: project.slug,
          attrs: toJson(attrs),
          places: toJson(project.places),
          feature_config: toJson(DEMO_FEATURE_CONFIG),
          created_at: now,
        })
        .execute();
      await trx
        .insertInto('roles')
        .values(
          Object.entries(DEMO_ROLES).map(([name, role]) => ({
            id: roleIds.get(name)!,
            project_id: projectId,
            name,
            permission_groups: toJson(role.groups.map((g) => groupIds.get(g))),
            tile_menu: role.tileMenu,
            menu_tree: toJson(
              moduleRows
                .filter((m) => m.roles.includes(roleIds.get(name)!))
                .map((m) => ({ module: m.id, path: m.path })),
            ),
            created_at: now,
            updated_at: now,
          })),
        )
        .execute();
      await trx.insertInto('modules').values(moduleRows).execute();
      const responderIds = new Map(DEMO_RESPONDER_TYPES.map((r) => [r.name, newId()]));
      await trx
        .insertInto('responder_types')
        .values(DEMO_RESPONDER_TYPES.map((r) => ({ id: responderIds.get(r.name)!, project_id: projectId, ...r })))
        .execute();
      await trx
        .insertInto('user_profiles')
        .values(
          DEMO_USERS.map((u) => ({
            id: newId(),
            project_id: projectId,
            user_id: userIds.get(u.username)!,
            roles: toJson([roleIds.get(u.role)]),
            is_active: 1,
            default_responder_type_id: responderIds.get(u.responder)!,
            profile: toJson({ locale: 'en-US', home_module: null, activeRole: roleIds.get(u.role) }),
            created_at: now,
            updated_at: now,
          })),
        )
        .execute();
      await seedDevices(trx, projectId, project.slug, now);
      await seedDashboards(trx, projectId, project.slug, userIds.get('admin')!, now);
      const drawing = drawDemoSite(project.slug);
      if (drawing) {
        const { mimeType, svg, bounds } = drawing;
        await saveSiteImage(trx, projectId, { mimeType, content: Buffer.from(svg, 'utf8'), bounds });
      }
    }
  });
}
