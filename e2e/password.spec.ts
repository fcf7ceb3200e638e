import { expect, test } from '@playwright/test';
import { apiLogin, createUser, lastMailTo, linkIn } from './support/api.ts';
import {
  createUserWithFirstPassword,
  loginForm,
  setNewPassword,
  storedSession,
  uniqueName,
} from './support/login-page.ts';
import { saveScreens } from './support/screens.ts';

test.describe('passwords', () => {
  test('a forgotten password is reset through the e-mailed link, which signs the user in', async ({ page }) => {
    const user = await createUser(page.request, uniqueName('e2e-reset'));
    const email = `${user.username}@example.com`;
    await page.goto('/login');
    await page.getByRole('button', { name: 'Forgot Password' }).click();
    await expect(page.getByRole('heading', { name: 'Reset your password' })).toBeVisible();

    const address = page.getByLabel('Email address');
    await address.fill('not-an-email');
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await expect(page.getByText('Invalid Email Address')).toBeVisible();
    await address.fill('someone@example.c');
    await address.press('Enter');
    await expect(page.getByText('Invalid Email Address')).toBeVisible();

    await address.fill(email);
    await address.press('Enter');
    await expect(page.getByRole('heading', { name: 'Check your email' })).toBeVisible();
    await expect(page.getByText(email)).toBeVisible();

    const link = linkIn(await lastMailTo(email));
    expect(link.pathname).toBe('/reset-password');
    expect(link.searchParams.get('username')).toBe(user.username);
    await page.goto(`${link.pathname}${link.search}`);
    await expect(page.getByRole('heading', { name: 'Choose a new password' })).toBeVisible();
    await expect(page.getByText(user.username)).toBeVisible();
    await expect(page.getByText('At least 6 characters.')).toBeVisible();

    await setNewPassword(page, 'short');
    await expect(page.getByText('Password must be at least 6 characters')).toBeVisible();
    await setNewPassword(page, 'reset-password-1', 'reset-password-2');
    await expect(page.getByText('Passwords must be equal')).toBeVisible();

    await setNewPassword(page, 'reset-password-1');
    await expect(page.getByText('Password changed, logging in')).toBeVisible();
    await expect(page).not.toHaveURL(/\/reset-password|\/login/);
    expect((await storedSession(page)).userId).toBe(user.id);
    await apiLogin(page.request, user.username, 'reset-password-1');
  });

  test('a reset link without a username returns to sign-in with a success message', async ({ page }) => {
    const user = await createUser(page.request, uniqueName('e2e-nouser'));
    const email = `${user.username}@example.com`;
    const sent = await page.request.post('/auth/api/v1/users/forgot-password', {
      data: { email, reset_password_link: '/reset-password' },
    });
    expect(sent.ok()).toBe(true);
    const link = linkIn(await lastMailTo(email));
    await page.goto(`/reset-password?token=${encodeURIComponent(link.searchParams.get('token')!)}`);
    await setNewPassword(page, 'chosen-password');
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByRole('alert')).toHaveText('Your password has been changed. Sign in with your new password.');
    await loginForm(page).signIn(user.username, 'chosen-password');
    await expect(page).not.toHaveURL(/\/login/);
  });

  test('an unknown reset token shows the invalid-token screen, which offers a new link', async ({ page }) => {
    await page.goto('/reset-password?token=not-a-real-token&username=nobody');
    await expect(page.getByRole('heading', { name: 'This link is not valid' })).toBeVisible();
    await saveScreens(page, 'login-invalid-token');
    await page.getByRole('button', { name: 'Request a new link' }).click();
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByRole('heading', { name: 'Reset your password' })).toBeVisible();
  });

  test('an expired password is changed on the spot, then the user is signed in', async ({ page }) => {
    const user = await createUserWithFirstPassword(page.request, uniqueName('e2e-expired'), 'first-password');
    await page.goto('/login');
    await loginForm(page).signIn(user.username, user.password);
    await expect(page.getByRole('heading', { name: 'Change your password' })).toBeVisible();
    await expect(page.getByText('Your password has expired and must be changed')).toBeVisible();
    await expect(page.getByText(user.username)).toBeVisible();
    await saveScreens(page, 'login-password-expired');

    await setNewPassword(page, 'my-own-password');
    await expect(page.getByText('Password changed, logging in')).toBeVisible();
    await expect(page).not.toHaveURL(/\/login/);
    await storedSession(page);
    await apiLogin(page.request, user.username, 'my-own-password');
  });
});
