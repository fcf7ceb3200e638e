import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { auth, createUser } from './support/api.ts';
import { saveDialogScreens } from './support/dialog-screens.ts';
import { signInWithStoredSession } from './support/stored-session.ts';

const INJECTED_DETAILS = 'Injected failure: the user store did not answer';

test('a server failure opens the error dialog; Send downloads the diagnostic report and Dismiss closes it', async ({
  page,
}) => {
  const user = await createUser(page.request, `dialogs-${Date.now().toString(36)}`);
  const session = await signInWithStoredSession(page, user.username, user.password);

  // Fault injection: the real server does not fail on demand, so the browser answers the profile's
  // PATCH of the user with a 500 as a failing server would. Every other call reaches the server.
  await page.route('**/auth/api/v1/users/*', (route) =>
    route.request().method() === 'PATCH'
      ? route.fulfill({
          status: 500,
          contentType: 'application/json',
          body: JSON.stringify({ error_type: 'ServerError', message: INJECTED_DETAILS }),
        })
      : route.fallback(),
  );

  await page.goto('/profile');
  await page.getByRole('textbox', { name: 'Name' }).fill('Renamed');
  await page.getByRole('button', { name: 'Save' }).click();

  const dialog = page.getByRole('dialog', { name: /internal server error/i });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByText('Code #500')).toBeVisible();
  await expect(dialog.getByText(INJECTED_DETAILS)).toBeVisible();
  // The failed save itself: an error toast, and the user is sent back (home, having come straight here).
  await expect(page.getByText('Your profile could not be saved.')).toBeVisible();
  await expect(page).not.toHaveURL(/\/profile$/);
  await saveDialogScreens(page, 'error-dialog');

  const download = page.waitForEvent('download');
  await dialog.getByRole('button', { name: 'Send' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^error-\d{4}-\d{2}-\d{2}T\d{6}\.\d{3}Z-500\.txt$/);
  const text = await readFile(await file.path(), 'utf8');
  expect(text).toContain('module: profile');
  expect(text).toContain(`project: ${session.projectName}`);
  expect(text).toContain('code: #500');
  expect(text).toMatch(/date: \d{4}-\d{2}-\d{2}T/);
  expect(text).toContain('/version.json');
  expect(text).toContain('/overall_version.json');
  expect(text).toContain('user agent: Mozilla/5.0');
  expect(text).toContain(INJECTED_DETAILS);
  await expect(page.getByText('The diagnostic report has been downloaded.')).toBeVisible();

  await dialog.getByRole('button', { name: 'Dismiss' }).click();
  await expect(dialog).toBeHidden();

  // The injected failure never reached the server: the name is unchanged.
  const stored = await page.request.get(`/auth/api/v1/users/${user.id}`, { headers: auth(session.token) });
  expect((await stored.json()).first_name).toBe('Test');
});
