import { readFile } from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';
import { apiLogin, auth, createUser, lastMailTo, linkIn } from './support/api.ts';
import { saveDialogScreens } from './support/dialog-screens.ts';
import { setNewPassword, storedSession, uniqueName } from './support/login-page.ts';
import { saveScreens } from './support/screens.ts';
import { adminIn, mainMenu } from './support/shell.ts';
import { signInWithStoredSession } from './support/stored-session.ts';
import {
  actionsOf,
  createFreshUser,
  findRow,
  openUsers,
  projectRoles,
  rowAction,
  setPasswordOf,
  usersTable,
} from './support/users-page.ts';
import { OUSE } from './support/notifications.ts';

const TEAM = [
  ['Ana', 'Lima'],
  ['Bruno', 'Costa'],
  ['Carla', 'Mendes'],
  ['Diego', 'Rojas'],
  ['Elena', 'Petrova'],
  ['Farid', 'Haddad'],
  ['Grace', 'Okafor'],
  ['Hiro', 'Tanaka'],
  ['Isabel', 'Fuentes'],
  ['Jonas', 'Berg'],
  ['Kemal', 'Aydin'],
] as const;

/** The texts of one column of the table, top to bottom. */
async function columnTexts(page: Page, index: number) {
  const rows = usersTable(page).getByRole('row');
  const texts: string[] = [];
  for (let i = 1; i < (await rows.count()); i++) texts.push(await rows.nth(i).getByRole('cell').nth(index).innerText());
  return texts;
}

async function openCreateDialog(page: Page) {
  await page.getByRole('button', { name: 'New user' }).click();
  const dialog = page.getByRole('dialog', { name: 'New user' });
  await expect(dialog).toBeVisible();
  return dialog;
}

test.describe('as the administrator', () => {
  test('the list shows the project’s users with their roles and status; search, sorting and paging work', async ({
    page,
  }) => {
    test.slow();
    // Eleven people with realistic names, whose usernames share a tag nobody else has.
    const tag = `${Date.now().toString(36).slice(-4)}${Math.random().toString(36).slice(2, 5)}`;
    for (const [first, last] of TEAM) {
      await createFreshUser(page.request, `${first.toLowerCase()}.${tag}`, [], { first_name: first, last_name: last });
    }
    await openUsers(page, 'admin');
    await saveScreens(page, 'users-page');
    const table = usersTable(page);
    await expect(table.getByRole('columnheader')).toHaveText([
      'Name',
      'Username',
      'E-mail',
      'Roles',
      'Status',
      'Actions',
    ]);

    const admin = await findRow(page, 'admin');
    await expect(admin).toContainText('Alex Morgan');
    await expect(admin).toContainText('You');
    await expect(admin.getByRole('cell').nth(3)).toHaveText('Administrator');
    await expect(admin.getByRole('cell').nth(4)).toHaveText(/Active\s*Password set/);
    // Nobody manages himself or an administrator; an administrator manages managers and operators.
    await expect(actionsOf(page, 'admin')).toBeDisabled();
    await findRow(page, 'manager');
    await expect(actionsOf(page, 'manager')).toBeEnabled();
    await findRow(page, 'operator');
    await expect(actionsOf(page, 'operator')).toBeEnabled();

    // Search by name and by e-mail; nothing found is said so, with a way back.
    const search = page.getByRole('textbox', { name: 'Search users' });
    await search.fill('priya');
    await expect(table.getByRole('row')).toHaveCount(2);
    await expect(table.getByRole('row').nth(1)).toContainText('manager@example.com');
    await search.fill('operator@example');
    await expect(table.getByRole('row')).toHaveCount(2);
    await search.fill('no-such-person-anywhere');
    await expect(page.getByText('No users found')).toBeVisible();
    await page.getByRole('button', { name: 'Clear search' }).first().click();
    await expect(search).toHaveValue('');

    // The eleven: sorted by username both ways, ten to a page.
    await search.fill(tag);
    await expect(page.getByText('Found: 11 of')).toBeVisible();
    await table.getByRole('button', { name: 'Username' }).click();
    await expect(table.getByRole('columnheader', { name: 'Username' })).toHaveAttribute('aria-sort', 'ascending');
    const ascending = await columnTexts(page, 1);
    expect(ascending).toHaveLength(11);
    expect(ascending).toEqual([...ascending].sort());
    await table.getByRole('button', { name: 'Username' }).click();
    await expect(table.getByRole('columnheader', { name: 'Username' })).toHaveAttribute('aria-sort', 'descending');
    expect(await columnTexts(page, 1)).toEqual([...ascending].reverse());
    // Fresh users have not chosen a password yet.
    await expect(table.getByRole('row').nth(1).getByRole('cell').nth(4)).toHaveText(/Active\s*Invited/);

    await page.getByRole('combobox', { name: 'Rows per page:' }).click();
    await page.getByRole('option', { name: '10', exact: true }).click();
    await expect(page.getByText('1–10 of 11')).toBeVisible();
    await expect(table.getByRole('row')).toHaveCount(11);
    await page.getByRole('button', { name: 'Next page' }).click();
    await expect(page.getByText('11–11 of 11')).toBeVisible();
    await expect(table.getByRole('row')).toHaveCount(2);
    expect(await columnTexts(page, 1)).toEqual([ascending[0]]);
  });

  test('creates a user with the offered roles and an invitation; the user follows the link, sets a password and is signed in', async ({
    page,
    context,
  }) => {
    // Creation, two e-mails, the clipboard and a sign-in: a long walk through the app.
    test.slow();
    const username = uniqueName('users-new');
    const email = `${username}@example.com`;
    await openUsers(page, 'admin');
    const dialog = await openCreateDialog(page);

    // Offered: what an administrator may assign, Operator preselected; never Administrator.
    await expect(dialog.getByRole('checkbox')).toHaveCount(3);
    await expect(dialog.getByRole('checkbox', { name: 'Manager' })).not.toBeChecked();
    await expect(dialog.getByRole('checkbox', { name: 'Operator' })).toBeChecked();
    await expect(dialog.getByRole('checkbox', { name: 'Administrator' })).toHaveCount(0);
    await expect(dialog.getByRole('checkbox', { name: 'Send an invitation now' })).toBeChecked();

    await dialog.getByRole('button', { name: 'Create user' }).click();
    await expect(dialog.getByText('Required', { exact: true })).toHaveCount(4);
    await dialog.getByRole('textbox', { name: 'Username' }).fill('ana lima');
    await dialog.getByRole('textbox', { name: 'E-mail' }).fill('ana@nowhere');
    await dialog.getByRole('button', { name: 'Create user' }).click();
    await expect(dialog.getByText('Use only letters, digits and @ . + - _')).toBeVisible();
    await expect(dialog.getByText('Invalid Email Address')).toBeVisible();
    await saveDialogScreens(page, 'users-create-dialog');

    await dialog.getByRole('textbox', { name: 'First name' }).fill('Ana');
    await dialog.getByRole('textbox', { name: 'Last name' }).fill('Lima');
    await dialog.getByRole('textbox', { name: 'Username' }).fill(username);
    await dialog.getByRole('textbox', { name: 'E-mail' }).fill(email);
    await dialog.getByRole('checkbox', { name: 'Operator' }).uncheck();
    await dialog.getByRole('button', { name: 'Create user' }).click();
    await expect(dialog.getByText('Choose at least one role')).toBeVisible();
    await dialog.getByRole('checkbox', { name: 'Manager' }).check();
    await dialog.getByRole('combobox', { name: 'Default responder type' }).click();
    await page.getByRole('option', { name: 'Site engineer' }).click();
    const posted = page.waitForRequest((r) => r.method() === 'POST' && r.url().endsWith('/auth/api/v1/users'));
    await dialog.getByRole('button', { name: 'Create user' }).click();
    const body = (await posted).postDataJSON();
    expect(body).toMatchObject({ username, email, first_name: 'Ana', last_name: 'Lima' });
    expect(body.roles).toEqual([(await projectRoles(page.request)).Manager]);

    const invitation = page.getByRole('dialog', { name: 'User created and invited' });
    await expect(invitation).toBeVisible();
    await expect(invitation).toContainText(`An invitation has been e-mailed to Ana Lima at ${email}.`);
    const link = await invitation.getByRole('textbox', { name: 'Invitation link' }).inputValue();
    // The link in the dialog is the one in the e-mail, and the copy button puts it on the clipboard.
    expect(linkIn(await lastMailTo(email)).href).toBe(link);
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await invitation.getByRole('button', { name: 'Copy link' }).click();
    await expect(page.getByText('The invitation link has been copied.')).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(link);
    await saveDialogScreens(page, 'users-invite-link');
    await invitation.getByRole('button', { name: 'Done' }).click();

    const row = await findRow(page, username);
    await expect(row).toContainText('Ana Lima');
    await expect(row.getByRole('cell').nth(3)).toHaveText('Manager');
    await expect(row.getByRole('cell').nth(4)).toHaveText(/Active\s*Invited/);

    // The invited user, in a browser without the administrator's session, chooses a password and is in.
    await page.evaluate(() => localStorage.clear());
    await page.goto(link);
    await expect(page.getByRole('heading', { name: 'Choose a new password' })).toBeVisible();
    await setNewPassword(page, 'invited-pass-1');
    await expect(page).not.toHaveURL(/\/reset-password|\/login/);
    await expect(mainMenu(page)).toBeVisible();
    const session = await storedSession(page);
    const admin = await apiLogin(page.request, 'admin');
    const stored = await (
      await page.request.get(`/auth/api/v1/users/${session.userId}`, { headers: auth(admin.token) })
    ).json();
    expect(stored).toMatchObject({
      username,
      is_password_set: true,
      default_responder_type: { title: 'Site engineer' },
    });
    expect(stored.roles.map((r: { name: string }) => r.name)).toEqual(['Manager']);
    await apiLogin(page.request, username, 'invited-pass-1');
  });

  test('a refused creation says "Failed to create a user." with the server’s details, and keeps the form', async ({
    page,
  }) => {
    await openUsers(page, 'admin');
    const dialog = await openCreateDialog(page);
    await dialog.getByRole('textbox', { name: 'First name' }).fill('Copy');
    await dialog.getByRole('textbox', { name: 'Last name' }).fill('Cat');
    await dialog.getByRole('textbox', { name: 'Username' }).fill('manager');
    await dialog.getByRole('textbox', { name: 'E-mail' }).fill('operator@example.com');
    await dialog.getByRole('checkbox', { name: 'Send an invitation now' }).uncheck();
    await dialog.getByRole('button', { name: 'Create user' }).click();

    const alert = dialog.getByRole('alert');
    await expect(alert).toContainText('Failed to create a user.');
    await expect(alert).toContainText('Username: Another user already has this username.');
    await expect(alert).toContainText('E-mail: Another user already has this e-mail address.');
    await expect(dialog.getByRole('textbox', { name: 'Username' })).toHaveValue('manager');
    await expect(dialog.getByText('Another user already has this username.')).toHaveCount(2);
  });

  test('with no role to give, creation says "No roles were found in the server" and sends nothing', async ({
    page,
  }) => {
    // The demo project has roles; a project whose only role is Administrator is played by the browser.
    await page.route('**/ui/api/v1/projects/*/roles*', async (route) => {
      const response = await route.fetch();
      const body = await response.json();
      body.objects = body.objects.filter((r: { name: string }) => r.name === 'Administrator');
      body.count = body.objects.length;
      await route.fulfill({ response, json: body });
    });
    const posts: string[] = [];
    page.on('request', (r) => {
      if (r.method() === 'POST' && r.url().endsWith('/auth/api/v1/users')) posts.push(r.url());
    });
    await openUsers(page, 'admin');
    const dialog = await openCreateDialog(page);
    await expect(dialog.getByText('No roles were found in the server')).toBeVisible();
    await expect(dialog.getByRole('checkbox', { name: /Manager|Operator/ })).toHaveCount(0);
    await dialog.getByRole('textbox', { name: 'First name' }).fill('No');
    await dialog.getByRole('textbox', { name: 'Last name' }).fill('Role');
    await dialog.getByRole('textbox', { name: 'Username' }).fill(uniqueName('users-norole'));
    await dialog.getByRole('textbox', { name: 'E-mail' }).fill('norole@example.com');
    await expect(dialog.getByRole('button', { name: 'Create user' })).toBeDisabled();
    await dialog.getByRole('textbox', { name: 'E-mail' }).press('Enter');
    await page.waitForTimeout(300);
    expect(posts).toEqual([]);
  });

  test('edits the names, e-mail, roles and responder type of a user', async ({ page }) => {
    const fresh = await createFreshUser(page.request, uniqueName('users-edit'));
    await openUsers(page, 'admin');
    await rowAction(page, fresh.username, 'Edit');
    const dialog = page.getByRole('dialog', { name: 'Edit Fresh User' });
    await expect(dialog.getByRole('textbox', { name: 'First name' })).toHaveValue('Fresh');
    await expect(dialog.getByRole('checkbox', { name: 'Operator' })).toBeChecked();
    await expect(dialog.getByRole('button', { name: 'Save changes' })).toBeDisabled();

    await dialog.getByRole('textbox', { name: 'Last name' }).fill('Edited');
    await dialog.getByRole('textbox', { name: 'E-mail' }).fill(`edited-${fresh.username}@example.org`);
    await dialog.getByRole('checkbox', { name: 'Manager' }).check();
    await dialog.getByRole('combobox', { name: 'Default responder type' }).click();
    await page.getByRole('option', { name: 'Emergency coordinator' }).click();
    const patched = page.waitForRequest((r) => r.method() === 'PATCH' && r.url().includes(`/users/${fresh.id}`));
    await dialog.getByRole('button', { name: 'Save changes' }).click();
    // Only what changed goes to the account.
    expect((await patched).postDataJSON()).toEqual({
      last_name: 'Edited',
      email: `edited-${fresh.username}@example.org`,
    });
    await expect(page.getByText('The changes to Fresh User have been saved.')).toBeVisible();
    await expect(dialog).toBeHidden();

    const row = await findRow(page, fresh.username);
    await expect(row).toContainText('Fresh Edited');
    await expect(row.getByRole('cell').nth(3)).toHaveText(/Manager\s*Operator/);
    const admin = await apiLogin(page.request, 'admin');
    const stored = await (
      await page.request.get(`/auth/api/v1/users/${fresh.id}`, { headers: auth(admin.token) })
    ).json();
    expect(stored).toMatchObject({
      last_name: 'Edited',
      email: `edited-${fresh.username}@example.org`,
      default_responder_type: { title: 'Emergency coordinator' },
    });
    expect(stored.roles.map((r: { name: string }) => r.name).sort()).toEqual(['Manager', 'Operator']);
  });

  test('deactivates after a confirmation, activates, and sends a new invitation with its link', async ({ page }) => {
    const user = await createUser(page.request, uniqueName('users-state'));
    await openUsers(page, 'admin');

    await rowAction(page, user.username, 'Deactivate');
    const confirm = page.getByRole('dialog', { name: 'Deactivate Test Operator?' });
    await expect(confirm).toContainText(`Test Operator (${user.username}) will be signed out everywhere`);
    await confirm.getByRole('button', { name: 'Deactivate' }).click();
    await expect(page.getByText('Test Operator has been deactivated.')).toBeVisible();
    const row = await findRow(page, user.username);
    await expect(row.getByRole('cell').nth(4)).toHaveText(/Inactive/);
    await expect(apiLogin(page.request, user.username, user.password)).rejects.toThrow(/40[013]/);

    // An inactive user gets no invitation until activated.
    await actionsOf(page, user.username).click();
    await expect(page.getByRole('menuitem', { name: /Send invitation/ })).toBeDisabled();
    await page.getByRole('menuitem', { name: 'Activate', exact: true }).click();
    await expect(page.getByText('Test Operator has been activated.')).toBeVisible();
    await expect(row.getByRole('cell').nth(4)).toHaveText(/^Active/);
    await apiLogin(page.request, user.username, user.password);

    await rowAction(page, user.username, 'Send invitation A new link to choose a password');
    const invitation = page.getByRole('dialog', { name: 'Invitation sent' });
    const link = new URL(await invitation.getByRole('textbox', { name: 'Invitation link' }).inputValue());
    expect(link.pathname).toBe('/reset-password');
    expect(link.searchParams.get('username')).toBe(user.username);
    expect(linkIn(await lastMailTo(`${user.username}@example.com`)).href).toBe(link.href);
  });

  test('deletes a user after a confirmation naming him: he is gone from every project', async ({ page }) => {
    const username = uniqueName('users-del');
    await openUsers(page, 'admin');
    const dialog = await openCreateDialog(page);
    await dialog.getByRole('textbox', { name: 'First name' }).fill('Dana');
    await dialog.getByRole('textbox', { name: 'Last name' }).fill('Leaving');
    await dialog.getByRole('textbox', { name: 'Username' }).fill(username);
    await dialog.getByRole('textbox', { name: 'E-mail' }).fill(`${username}@example.com`);
    await dialog.getByRole('checkbox', { name: 'Send an invitation now' }).uncheck();
    const created = page.waitForResponse((r) => r.request().method() === 'POST' && r.url().endsWith('/users'));
    await dialog.getByRole('button', { name: 'Create user' }).click();
    const { id } = await (await created).json();
    await expect(page.getByText('Dana Leaving has been created.')).toBeVisible();

    await rowAction(page, username, 'Delete');
    const confirm = page.getByRole('dialog', { name: 'Delete Dana Leaving?' });
    await expect(confirm).toContainText(`Dana Leaving (${username}) will be removed from every project`);
    await saveDialogScreens(page, 'users-delete-confirm');
    await confirm.getByRole('button', { name: 'Delete user' }).click();
    await expect(page.getByText('Dana Leaving has been deleted.')).toBeVisible();
    await page.getByRole('textbox', { name: 'Search users' }).fill(username);
    await expect(page.getByText('No users found')).toBeVisible();

    const cerroAzul = await apiLogin(page.request, 'admin');
    expect((await page.request.get(`/auth/api/v1/users/${id}`, { headers: auth(cerroAzul.token) })).status()).toBe(404);
    const ouse = await adminIn(page.request, OUSE);
    expect((await page.request.get(`/auth/api/v1/users/${id}`, { headers: auth(ouse.token) })).status()).toBe(404);
    const listed = await page.request.get(`/auth/api/v1/users?username=${username}`, { headers: auth(ouse.token) });
    expect((await listed.json()).count).toBe(0);
    const profiles = await page.request.get(
      `/ui/api/v1/projects/${ouse.projectId}/user-profiles?username=${username}`,
      {
        headers: auth(ouse.token),
      },
    );
    expect((await profiles.json()).count).toBe(0);
  });

  test('exports the users shown with username, name, e-mail, roles and status', async ({ page }) => {
    await openUsers(page, 'admin');
    await page.getByRole('textbox', { name: 'Search users' }).fill('priya');
    await page.getByRole('button', { name: 'Export' }).click();
    const dialog = page.getByRole('dialog', { name: 'Export users' });
    await expect(dialog).toContainText('The users shown, on every page: 1.');
    await dialog.getByRole('radio', { name: /CSV/ }).check();
    const download = page.waitForEvent('download');
    await dialog.getByRole('button', { name: 'Export' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^users.*\.csv$/);
    const lines = (await readFile(await file.path(), 'utf8'))
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines).toEqual([
      'Username,Name,E-mail,Roles,Status',
      'manager,Priya Nair,manager@example.com,Manager,"Active, Password set"',
    ]);
  });
});

test.describe('as a manager', () => {
  test('manages operators only, on screen and through the API', async ({ page }) => {
    const roles = await projectRoles(page.request);
    const otherManager = await createFreshUser(page.request, uniqueName('users-mgr'), [roles.Manager]);
    const operator = await createFreshUser(page.request, uniqueName('users-op'), [roles.Operator]);
    await openUsers(page, 'manager');

    for (const [username, reason] of [
      ['admin', "Administrators can't be managed here."],
      ['manager', "You can't manage your own account here. Use My account instead."],
      [otherManager.username, "Your role can't manage users with this role."],
    ]) {
      await findRow(page, username!);
      await expect(actionsOf(page, username!)).toBeDisabled();
      await actionsOf(page, username!).locator('..').hover();
      await expect(page.getByRole('tooltip', { name: reason })).toBeVisible();
      await page.mouse.move(0, 0);
    }
    // The demo operator is an Operator in both projects: the manager manages him everywhere.
    await findRow(page, 'operator');
    await expect(actionsOf(page, 'operator')).toBeEnabled();

    await rowAction(page, operator.username, 'Edit');
    const edit = page.getByRole('dialog', { name: 'Edit Fresh User' });
    await expect(edit.getByRole('checkbox')).toHaveCount(1);
    await expect(edit.getByRole('checkbox', { name: 'Operator' })).toBeChecked();
    await edit.getByRole('button', { name: 'Cancel' }).click();

    const create = await openCreateDialog(page);
    await expect(create.getByRole('checkbox', { name: 'Operator' })).toBeChecked();
    await expect(create.getByRole('checkbox', { name: 'Manager' })).toHaveCount(0);
    await create.getByRole('button', { name: 'Cancel' }).click();

    const { token } = await apiLogin(page.request, 'manager');
    const headers = auth(token);
    const asManager = (username: string, roleIds: string[]) =>
      page.request.post('/auth/api/v1/users', {
        headers,
        data: { username, email: `${username}@example.com`, first_name: 'By', last_name: 'Manager', roles: roleIds },
      });
    expect((await asManager(uniqueName('users-by-mgr'), [roles.Manager])).status()).toBe(403);
    expect((await asManager(uniqueName('users-by-mgr'), [roles.Operator])).status()).toBe(201);
    expect((await page.request.post(`/auth/api/v1/users/${otherManager.id}/deactivate`, { headers })).status()).toBe(
      403,
    );
    expect((await page.request.post(`/auth/api/v1/users/${otherManager.id}/invite`, { headers })).status()).toBe(403);
    expect((await page.request.delete(`/auth/api/v1/users/${otherManager.id}`, { headers })).status()).toBe(403);
    const promote = await page.request.patch(`/ui/api/v1/projects/${roles.projectId}/user-profiles/${operator.id}`, {
      headers,
      data: { roles: [roles.Operator, roles.Manager] },
    });
    expect(promote.status()).toBe(403);
    expect((await page.request.post(`/auth/api/v1/users/${operator.id}/deactivate`, { headers })).status()).toBe(200);
  });
});

test.describe('as an operator', () => {
  test('cannot open the Users screen, and the API refuses him the user calls', async ({ page }) => {
    await signInWithStoredSession(page, 'operator', 'vigil-demo');
    await page.goto('/users');
    await expect(page.getByRole('heading', { level: 1, name: "You can't open this module" })).toBeVisible();
    await expect(mainMenu(page).getByRole('link', { name: 'Users' })).toHaveCount(0);
    await expect(page.getByRole('table', { name: 'Users of the project' })).toHaveCount(0);

    const roles = await projectRoles(page.request);
    const { token } = await apiLogin(page.request, 'operator');
    const headers = auth(token);
    expect((await page.request.get('/auth/api/v1/users', { headers })).status()).toBe(403);
    const username = uniqueName('users-by-op');
    const created = await page.request.post('/auth/api/v1/users', {
      headers,
      data: { username, email: `${username}@example.com`, first_name: 'By', last_name: 'Operator' },
    });
    expect(created.status()).toBe(403);
    const fresh = await createFreshUser(page.request, uniqueName('users-op-target'), [roles.Operator]);
    expect((await page.request.post(`/auth/api/v1/users/${fresh.id}/deactivate`, { headers })).status()).toBe(403);
    const profiles = await page.request.get(`/ui/api/v1/projects/${roles.projectId}/user-profiles`, { headers });
    expect((await profiles.json()).objects.map((p: { username: string }) => p.username)).toEqual(['operator']);
  });
});

test.describe('in Portuguese', () => {
  test('the screen and its dialogs are translated', async ({ page }) => {
    const roles = await projectRoles(page.request);
    const manager = await createFreshUser(page.request, uniqueName('users-pt'), [roles.Manager]);
    const password = await setPasswordOf(page.request, manager.id);
    const { token } = await apiLogin(page.request, manager.username, password);
    const localeSet = await page.request.patch(`/ui/api/v1/projects/${roles.projectId}/user-profiles/${manager.id}`, {
      headers: auth(token),
      data: { profile: { locale: 'pt-BR' } },
    });
    expect(localeSet.ok()).toBe(true);

    await signInWithStoredSession(page, manager.username, password);
    await page.goto('/users');
    await expect(page.getByRole('heading', { level: 1, name: 'Usuários' })).toBeVisible();
    await expect(page.getByRole('table', { name: 'Usuários do projeto' })).toBeVisible();
    await page.getByRole('button', { name: 'Novo usuário' }).click();
    const dialog = page.getByRole('dialog', { name: 'Novo usuário' });
    await expect(dialog.getByRole('checkbox', { name: 'Operador' })).toBeChecked();
    await dialog.getByRole('button', { name: 'Criar usuário' }).click();
    await expect(dialog.getByText('Obrigatório', { exact: true })).toHaveCount(4);
  });
});
