import { expect, test } from '@playwright/test';

test('a visitor without a session is sent to the login page', async ({ page }) => {
  await page.goto('/');
  await expect(page).toHaveURL(/\/login$/);
});

test('a deep link without a session goes to login and remembers where it was going', async ({ page }) => {
  await page.goto('/metrics');
  await expect(page).toHaveURL(/\/login\?next=%2Fmetrics$/);
});
