import { expect, test, type Page } from '@playwright/test';
import { apiLogin, auth, createUser } from './support/api.ts';
import { saveDialogScreens } from './support/dialog-screens.ts';
import { saveScreens } from './support/screens.ts';
import { signInWithStoredSession } from './support/stored-session.ts';

const unique = (prefix: string) => `${prefix}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 6)}`;

async function openProfile(page: Page, prefix: string) {
  const user = await createUser(page.request, unique(prefix), { first_name: 'Test', last_name: 'Operator' });
  const session = await signInWithStoredSession(page, user.username, user.password);
  await page.goto('/profile');
  await expect(page.getByRole('heading', { name: 'My account', level: 1 })).toBeVisible();
  return { ...user, ...session };
}

test('the profile shows the editable name and language and the read-only e-mail, role and responder type', async ({
  page,
}) => {
  const user = await openProfile(page, 'profile-view');
  await expect(page.getByRole('textbox', { name: 'Name' })).toHaveValue('Test');
  await expect(page.getByRole('combobox', { name: 'Preferred language' })).toHaveText('English (US)');
  await expect(page.getByRole('definition').filter({ hasText: `${user.username}@example.com` })).toBeVisible();
  await expect(page.getByRole('definition').filter({ hasText: 'Operator' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Save' })).toBeDisabled();
  await saveScreens(page, 'profile-page');
});

test('the name is validated as the spec says, Save waits for a change, and a saved name survives a reload', async ({
  page,
}) => {
  const user = await openProfile(page, 'profile-edit');
  const name = page.getByRole('textbox', { name: 'Name' });
  const save = page.getByRole('button', { name: 'Save' });
  await expect(save).toBeDisabled();

  await name.fill('A');
  await name.blur();
  await expect(page.getByText('Name must be between 2 and 50 characters')).toBeVisible();
  await name.fill('R2-D2');
  await expect(page.getByText('Name can only contain letters, hyphens, and apostrophes')).toBeVisible();
  await name.fill('');
  await expect(page.getByText('Required', { exact: true })).toBeVisible();

  // Typing the stored name back is no change: Save is disabled again.
  await name.fill('Test');
  await expect(save).toBeDisabled();

  await name.fill("Mary-Jane O'Neil");
  await expect(page.getByText('Name can only contain letters, hyphens, and apostrophes')).toBeHidden();
  await expect(save).toBeEnabled();
  const patch = page.waitForRequest((r) => r.method() === 'PATCH' && r.url().includes(`/users/${user.id}`));
  await save.click();
  // Only what changed is sent.
  expect((await patch).postDataJSON()).toEqual({ first_name: "Mary-Jane O'Neil" });
  await expect(page.getByText('Your profile has been saved.')).toBeVisible();
  await expect(save).toBeDisabled();

  await page.reload();
  await expect(page.getByRole('textbox', { name: 'Name' })).toHaveValue("Mary-Jane O'Neil");
  await expect(page.getByRole('button', { name: 'Save' })).toBeDisabled();
  const stored = await page.request.get(`/auth/api/v1/users/${user.id}`, { headers: auth(user.token) });
  expect((await stored.json()).first_name).toBe("Mary-Jane O'Neil");
});

test('switching the language to Portuguese and then Japanese translates the page at once and for good', async ({
  page,
}) => {
  await openProfile(page, 'profile-lang');
  await page.getByRole('combobox', { name: 'Preferred language' }).click();
  await page.getByRole('option', { name: 'Português (Brasil)' }).click();
  await page.getByRole('button', { name: 'Save' }).click();

  await expect(page.getByRole('heading', { name: 'Minha conta', level: 1 })).toBeVisible();
  await expect(page.getByText('Seu perfil foi salvo.')).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Nome' })).toHaveValue('Test');
  await expect(page.getByRole('button', { name: 'Alterar senha' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'pt-BR');

  await page.getByRole('combobox', { name: 'Idioma preferido' }).click();
  await page.getByRole('option', { name: '日本語' }).click();
  await page.getByRole('button', { name: 'Salvar' }).click();
  await expect(page.getByRole('heading', { name: 'マイアカウント', level: 1 })).toBeVisible();
  await expect(page.getByRole('textbox', { name: '名前' })).toBeVisible();
  await expect(page.getByRole('combobox', { name: '使用言語' })).toHaveText('日本語');
  await expect(page.getByRole('button', { name: '保存' })).toBeDisabled();

  await page.reload();
  await expect(page.getByRole('heading', { name: 'マイアカウント', level: 1 })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'ja');
  await saveScreens(page, 'profile-page-ja');
});

test('changing the password: checks the fields, shows the server refusing a wrong current password, then changes it', async ({
  page,
}) => {
  const user = await openProfile(page, 'profile-pw');
  await page.getByRole('button', { name: 'Change password' }).click();
  const dialog = page.getByRole('dialog', { name: 'Change password' });
  await expect(dialog).toBeVisible();
  const current = dialog.getByLabel(/^Current password/);
  const next = dialog.getByLabel(/^New password/);
  const confirm = dialog.getByLabel(/^Confirm new password/);

  await dialog.getByRole('button', { name: 'Change password' }).click();
  await expect(dialog.getByText('Required', { exact: true })).toHaveCount(3);
  await next.fill('abc');
  await expect(dialog.getByText('Password must be at least 6 characters')).toBeVisible();
  await current.fill('not-my-password');
  await next.fill('brand-new-1');
  await confirm.fill('brand-new-2');
  await dialog.getByRole('button', { name: 'Change password' }).click();
  await expect(dialog.getByText('Passwords must be equal')).toBeVisible();
  await saveDialogScreens(page, 'profile-change-password');

  // The form is valid, the server refuses the current password: its message becomes a toast.
  await confirm.fill('brand-new-1');
  await dialog.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByText('Current password is incorrect')).toBeVisible();
  await expect(dialog).toBeVisible();

  await current.fill(user.password);
  await dialog.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByText('Your password has been changed.')).toBeVisible();
  await expect(dialog).toBeHidden();

  await expect(apiLogin(page.request, user.username, user.password)).rejects.toThrow(/400|401/);
  const login = await apiLogin(page.request, user.username, 'brand-new-1');
  expect(login.user_id).toBe(user.id);
});
