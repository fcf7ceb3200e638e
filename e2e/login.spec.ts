import { expect, test } from '@playwright/test';
import { createUser } from './support/api.ts';
import { loginForm, projectIds, storedSession, uniqueName } from './support/login-page.ts';
import { saveScreens } from './support/screens.ts';

test.describe('sign-in', () => {
  test('a user of two projects chooses one, can go back, and lands in the chosen project', async ({ page }) => {
    const ids = await projectIds(page.request, 'manager');
    await page.goto('/login');
    await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
    await expect(page.getByRole('img', { name: 'Vigil' })).toBeVisible();
    await saveScreens(page, 'login');
    await page.setViewportSize({ width: 820, height: 1180 });
    // the tablet background is another image: let it arrive before the picture is taken
    await page.waitForLoadState('networkidle');
    await page.screenshot({ path: 'e2e/screenshots/login-tablet.png', fullPage: true });
    await page.setViewportSize({ width: 1280, height: 800 });

    const form = loginForm(page);
    await form.signIn('manager', 'vigil-demo');
    await expect(page.getByRole('heading', { name: 'Choose a project' })).toBeVisible();
    const cerroAzul = page.getByRole('radio', { name: /Cerro Azul Tailings Storage Facility/ });
    const ouse = page.getByRole('radio', { name: /Ouse Flood Embankment/ });
    await expect(cerroAzul).toBeChecked();
    await expect(ouse).not.toBeChecked();
    await expect(page.getByText('Cerro Azul TSF, Atacama')).toBeVisible();
    await expect(page.getByText('Naburn Lock embankment, York')).toBeVisible();
    await saveScreens(page, 'login-project-selection');

    // Back revokes the fresh token and returns to the sign-in form.
    const logout = page.waitForRequest((r) => r.url().includes('/auth/api/v1/users/logout') && r.method() === 'POST');
    await page.getByRole('button', { name: 'Back' }).click();
    await logout;
    await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
    await expect(form.username).toHaveValue('manager');
    expect(await page.evaluate(() => localStorage.getItem('vigil.session'))).toBeNull();

    await form.password.fill('vigil-demo');
    await form.password.press('Enter');
    await ouse.check();
    await expect(cerroAzul).not.toBeChecked();
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page).not.toHaveURL(/\/login/);
    const session = await storedSession(page);
    expect(session.projectId).toBe(ids['Ouse Flood Embankment']);
  });

  test('a blank username is Required, and so is the password', async ({ page }) => {
    await page.goto('/login');
    const form = loginForm(page);
    await form.username.fill('   ');
    await form.submit.click();
    await expect(page.getByText('Required')).toHaveCount(2);
    await expect(form.username).toHaveAttribute('aria-invalid', 'true');
    await form.username.fill('manager');
    await form.password.fill('anything');
    await expect(page.getByText('Required')).toHaveCount(0);
  });

  test('a wrong password shows the invalid-login message and clears the password', async ({ page }) => {
    const user = await createUser(page.request, uniqueName('e2e-wrong'));
    await page.goto('/login');
    const form = loginForm(page);
    await form.signIn(user.username, 'not-the-password');
    await expect(page.getByRole('alert')).toHaveText('Unable to log in with the provided credentials');
    await expect(form.password).toHaveValue('');
    await expect(form.password).toBeFocused();
    await expect(page).toHaveURL(/\/login$/);
  });

  test('the logout reason is explained above the form', async ({ page }) => {
    await page.goto('/login?reason=expired');
    await expect(page.getByRole('alert')).toHaveText('Your session has expired. Please sign in again.');
    await page.goto('/login?reason=unauthorized');
    await expect(page.getByRole('alert')).toContainText('You are not authorized to use this application');
    await page.goto('/login');
    await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
    await expect(page.getByRole('alert')).toHaveCount(0);
  });

  test('after sign-in the user returns to the page they came from', async ({ page }) => {
    const user = await createUser(page.request, uniqueName('e2e-next'));
    await page.goto('/profile');
    await expect(page).toHaveURL(/\/login\?next=%2Fprofile$/);
    await loginForm(page).signIn(user.username, user.password);
    await expect(page).toHaveURL(/\/profile$/);
    const session = await storedSession(page);
    expect(session.userId).toBe(user.id);
  });

  test('a next address on another site is ignored', async ({ page }) => {
    const user = await createUser(page.request, uniqueName('e2e-offsite'));
    await page.goto('/login?next=%2F%2Fevil.example%2Fsteal');
    await loginForm(page).signIn(user.username, user.password);
    await expect(page).not.toHaveURL(/\/login/);
    expect(new URL(page.url()).host).toBe(new URL(test.info().project.use.baseURL!).host);
  });
});

test.describe('in the browser language', () => {
  test.use({ locale: 'pt-BR' });

  test('the login page is translated, the domain messages too', async ({ page }) => {
    await page.goto('/login');
    await expect(page.getByRole('heading', { name: 'Entrar' })).toBeVisible();
    await page.getByRole('button', { name: 'Entrar', exact: true }).click();
    await expect(page.getByText('Obrigatório')).toHaveCount(2);
    await page.getByRole('button', { name: 'Esqueci minha senha' }).click();
    await page.getByLabel('Endereço de e-mail').fill('x@y');
    await page.getByRole('button', { name: 'Enviar link de redefinição' }).click();
    await expect(page.getByText('Endereço de e-mail inválido')).toBeVisible();
  });
});
