import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { apiLogin, auth } from './support/api.ts';
import { saveScreens } from './support/screens.ts';
import { signInWithStoredSession } from './support/stored-session.ts';
import { OUSE } from './support/notifications.ts';

// Every change is made in the Ouse project and undone: the other test files work in Cerro Azul.

// Each test opens the whole application at least once, while the demo server may still be writing its
// history in the background: a first load gets more time than a single expectation.
test.describe.configure({ timeout: 60_000 });
const FIRST_LOAD = { timeout: 30_000 };

interface Role {
  id: string;
  name: string;
  permission_groups: { id: string; name: string }[];
  tileMenu: string;
  menu_tree: unknown[];
}
interface Module {
  id: string;
  path: string;
  roles: string[];
}
interface Admin {
  token: string;
  projectId: string;
}

/** Signs the administrator in with Ouse as his data context and current project, then opens `path`. */
async function openAsAdminInOuse(page: Page, path: string): Promise<Admin> {
  const { token, user_id: userId } = await apiLogin(page.request, 'admin');
  const projects = await page.request.get('/ui/api/v1/projects', { headers: auth(token) });
  const project = ((await projects.json()).objects as { id: string; name: string }[]).find((p) => p.name === OUSE)!;
  const switched = await page.request.post('/auth/api/v1/users/switch-data-context/', {
    headers: auth(token),
    data: { data_context: project.id },
  });
  expect(switched.ok()).toBe(true);
  await page.goto('/favicon.svg');
  await page.evaluate((session) => localStorage.setItem('vigil.session', JSON.stringify(session)), {
    token,
    userId,
    projectId: project.id,
  });
  await page.goto(path);
  await expect(page.getByRole('banner').getByText(OUSE)).toBeVisible(FIRST_LOAD);
  return { token, projectId: project.id };
}

async function rolesOf(request: APIRequestContext, admin: Admin): Promise<Record<string, Role>> {
  const res = await request.get(`/ui/api/v1/projects/${admin.projectId}/roles`, { headers: auth(admin.token) });
  return Object.fromEntries(((await res.json()).objects as Role[]).map((r) => [r.name, r]));
}

async function moduleAt(request: APIRequestContext, token: string, path: string): Promise<Module> {
  const res = await request.get(`/ui/api/v1/modules?all=true&path=${path}`, { headers: auth(token) });
  return (await res.json()).objects[0];
}

async function roleFeatures(request: APIRequestContext, admin: Admin) {
  const res = await request.get(`/ui/api/v1/projects/${admin.projectId}/features`, { headers: auth(admin.token) });
  expect(res.status()).toBe(200);
  return (await res.json()).roleFeatures as Record<string, Record<string, string[]>>;
}

test('an administrator edits a role’s permission groups, menu style and menu order, and they persist after a reload', async ({
  page,
}) => {
  const admin = await openAsAdminInOuse(page, '/roles');
  const before = (await rolesOf(page.request, admin)).Administrator!;
  try {
    await expect(page.getByRole('heading', { level: 1, name: 'Roles' })).toBeVisible();
    const list = page.getByRole('navigation', { name: 'Roles of the project' });
    await expect(list.getByRole('button')).toHaveCount(3);
    await list.getByRole('button', { name: /^Administrator/ }).click();
    await expect(page.getByRole('heading', { level: 2, name: 'Administrator' })).toBeVisible();

    // Permission groups: untick one, then save the section.
    const groups = page.getByRole('region', { name: 'Permission groups' });
    const devices = groups.getByRole('checkbox', { name: 'Device administrators' });
    await expect(devices).toBeChecked();
    await expect(groups.getByRole('button', { name: 'Save' })).toBeDisabled();
    await devices.uncheck();
    await expect(groups.getByText('You have unsaved changes.')).toBeVisible();
    const groupsPatch = page.waitForRequest((r) => r.method() === 'PATCH' && r.url().includes(`/roles/${before.id}`));
    await groups.getByRole('button', { name: 'Save' }).click();
    const sent = (await groupsPatch).postDataJSON();
    expect(Object.keys(sent)).toEqual(['permission_groups']);
    expect(sent.permission_groups).toHaveLength(before.permission_groups.length - 1);
    await expect(page.getByText('The permission groups of Administrator have been saved.')).toBeVisible();
    await expect(groups.getByRole('button', { name: 'Save' })).toBeDisabled();

    // Menu: the grid of tiles, and Operational state moved above Safety state.
    const menu = page.getByRole('region', { name: 'Menu', exact: true });
    await expect(menu.getByRole('radio', { name: 'Side menu' })).toBeChecked();
    await menu.getByRole('radio', { name: 'Grid of tiles' }).check();
    const order = menu.getByRole('list', { name: 'Menu order' }).getByRole('listitem');
    await expect(order.first()).toContainText('Safety state');
    await expect(menu.getByRole('button', { name: 'Move Safety state up' })).toBeDisabled();
    await menu.getByRole('button', { name: 'Move Operational state up' }).click();
    await expect(order.nth(0)).toContainText('Operational state');
    await expect(order.nth(1)).toContainText('Safety state');
    await menu.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('The menu of Administrator has been saved.')).toBeVisible();

    await page.reload();
    await expect(page.getByRole('heading', { level: 2, name: 'Administrator' })).toBeVisible();
    await expect(page.getByRole('checkbox', { name: 'Device administrators' })).not.toBeChecked();
    await expect(page.getByRole('radio', { name: 'Grid of tiles' })).toBeChecked();
    await expect(order.nth(0)).toContainText('Operational state');
    const stored = (await rolesOf(page.request, admin)).Administrator!;
    expect(stored.tileMenu).toBe('grid');
    expect(stored.menu_tree[0]).toMatchObject({ path: 'operational-state' });
    expect(stored.permission_groups.map((g) => g.name)).not.toContain('Device administrators');
  } finally {
    const restored = await page.request.patch(`/ui/api/v1/projects/${admin.projectId}/roles/${before.id}`, {
      headers: auth(admin.token),
      data: {
        permission_groups: before.permission_groups.map((g) => g.id),
        tileMenu: before.tileMenu,
        menu_tree: before.menu_tree,
      },
    });
    expect(restored.status()).toBe(200);
  }
});

test('an administrator takes a module from the Manager role in the matrix and gives it back', async ({ page }) => {
  const admin = await openAsAdminInOuse(page, '/permissions');
  const manager = (await rolesOf(page.request, admin)).Manager!;
  const before = await moduleAt(page.request, admin.token, 'cross-sections');
  expect(before.roles).toContain(manager.id);
  try {
    await expect(page.getByRole('heading', { level: 1, name: 'Permissions' })).toBeVisible();
    await expect(page.getByRole('tab', { name: 'Module access' })).toHaveAttribute('aria-selected', 'true');
    const cell = page.getByRole('checkbox', { name: 'Manager can open Cross sections' });
    await expect(cell).toBeChecked();

    await cell.uncheck();
    await expect(page.getByText('Manager can no longer open Cross sections.')).toBeVisible();
    await expect(cell).not.toBeChecked();
    expect((await moduleAt(page.request, admin.token, 'cross-sections')).roles).not.toContain(manager.id);

    await cell.check();
    await expect(page.getByText('Manager can now open Cross sections.')).toBeVisible();
    await expect(cell).toBeChecked();
    expect((await moduleAt(page.request, admin.token, 'cross-sections')).roles).toContain(manager.id);
  } finally {
    await page.request.patch(`/ui/api/v1/modules/${before.id}`, {
      headers: auth(admin.token),
      data: { roles: before.roles },
    });
  }
});

test('taking his own Administrator role off a module is refused with OWN_MODULE_REMOVAL and changes nothing', async ({
  page,
}) => {
  const admin = await openAsAdminInOuse(page, '/permissions');
  const before = await moduleAt(page.request, admin.token, 'roles');
  const cell = page.getByRole('checkbox', { name: 'Administrator can open Roles' });
  await expect(cell).toBeChecked();
  const answer = page.waitForResponse((r) => r.request().method() === 'PATCH' && r.url().includes(before.id));
  // click, not uncheck: the box is put back as soon as the refusal arrives.
  await cell.click();
  const response = await answer;
  expect(response.status()).toBe(400);
  expect((await response.json()).message).toBe('OWN_MODULE_REMOVAL');

  const refusal = page.getByRole('alert').filter({ hasText: "You can't take your own role off this module" });
  await expect(refusal).toBeVisible();
  await expect(refusal).toContainText('removing it from Roles would lock you out of the module. Nothing was changed.');
  await expect(cell).toBeChecked();
  expect((await moduleAt(page.request, admin.token, 'roles')).roles).toEqual(before.roles);
  // Still signed in, on the same page.
  await expect(page).toHaveURL(/\/permissions/);
  await page.evaluate(() => window.scrollTo(0, 0));
  await saveScreens(page, 'permissions-own-module-refusal');
  await refusal.getByRole('button', { name: 'Dismiss' }).click();
  await expect(refusal).toBeHidden();
});

test('a role-scoped feature can be granted to a role and revoked again', async ({ page }) => {
  const admin = await openAsAdminInOuse(page, '/permissions?tab=features');
  const manager = (await rolesOf(page.request, admin)).Manager!;
  const before = await roleFeatures(page.request, admin);
  try {
    const holders = page.getByRole('group', { name: 'Roles that may use Delete files in File manager' });
    const box = holders.getByRole('checkbox', { name: 'Manager' });
    await expect(holders.getByRole('checkbox', { name: 'Administrator' })).toBeChecked();
    await expect(box).not.toBeChecked();
    // A feature for every role has no role boxes.
    await expect(page.getByRole('group', { name: /Roles that may use Export in Metrics/ })).toHaveCount(0);

    await box.check();
    await expect(page.getByText('Manager may now use Delete files in File manager.')).toBeVisible();
    await expect(box).toBeChecked();
    expect((await roleFeatures(page.request, admin)).FileManager!.delete).toContain(manager.id);

    await box.uncheck();
    await expect(page.getByText('Manager may no longer use Delete files in File manager.')).toBeVisible();
    await expect(box).not.toBeChecked();
    expect((await roleFeatures(page.request, admin)).FileManager!.delete).not.toContain(manager.id);
  } finally {
    await page.request.patch(`/ui/api/v1/projects/${admin.projectId}/role-features`, {
      headers: auth(admin.token),
      data: { FileManager: { delete: before.FileManager!.delete } },
    });
  }
});

for (const username of ['manager', 'operator']) {
  test(`${username}: /roles and /permissions are not allowed, and the API refuses the same changes`, async ({
    page,
  }) => {
    const session = await signInWithStoredSession(page, username, 'vigil-demo');
    for (const path of ['/roles', '/permissions']) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1, name: "You can't open this module" })).toBeVisible(FIRST_LOAD);
    }

    const headers = auth(session.token);
    const roles = await page.request.get(`/ui/api/v1/projects/${session.projectId}/roles`, { headers });
    const [role] = (await roles.json()).objects as Role[];
    const modules = await page.request.get('/ui/api/v1/modules', { headers });
    const [module] = (await modules.json()).objects as Module[];
    const refused = [
      await page.request.patch(`/ui/api/v1/modules/${module!.id}`, { headers, data: { roles: [role!.id] } }),
      await page.request.patch(`/ui/api/v1/projects/${session.projectId}/roles/${role!.id}`, {
        headers,
        data: { tileMenu: 'grid' },
      }),
      await page.request.patch(`/ui/api/v1/projects/${session.projectId}/role-features`, {
        headers,
        data: { FileManager: { delete: [role!.id] } },
      }),
      await page.request.get(`/ui/api/v1/projects/${session.projectId}/features`, { headers }),
      await page.request.get('/ui/api/v1/modules?all=true', { headers }),
    ];
    expect(refused.map((r) => r.status())).toEqual([403, 403, 403, 403, 403]);
  });
}

test('screens: roles and permissions at desktop and phone widths', async ({ page }) => {
  await openAsAdminInOuse(page, '/roles');
  await page
    .getByRole('navigation', { name: 'Roles of the project' })
    .getByRole('button', { name: /^Manager/ })
    .click();
  await expect(page.getByRole('heading', { level: 2, name: 'Manager' })).toBeVisible();
  await expect(page.getByRole('checkbox', { name: 'Monitoring viewers' })).toBeVisible();
  await expect(page.getByRole('list', { name: 'Menu order' })).toBeVisible();
  await saveScreens(page, 'roles-page');

  await page.goto('/permissions');
  await expect(page.getByRole('checkbox', { name: 'Manager can open Users' })).toBeVisible();
  await saveScreens(page, 'permissions-modules');
  await page.getByRole('tab', { name: 'Permission groups' }).click();
  await expect(page.getByRole('checkbox', { name: 'Operator has Data entry' })).toBeChecked();
  await saveScreens(page, 'permissions-groups');
  await page.getByRole('tab', { name: 'Features' }).click();
  await expect(page.getByRole('group', { name: 'Roles that may use Upload files in File manager' })).toBeVisible();
  await saveScreens(page, 'permissions-features');
});
