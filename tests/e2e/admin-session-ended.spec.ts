import { expect, test } from '@playwright/test';
import { endAllSessions } from './support/admin-sessions.ts';
import { ADMIN_EMAIL, ADMIN_PASSWORD } from './support/env.ts';
import { waitForHydration } from './support/hydration.ts';
import { signInByApi } from './support/pages.ts';

test('a notice sent after the session ended says so, and the text is back after signing in again', async ({ page }) => {
  const title = `Kept draft ${Date.now()}`;
  const description = 'Typed before the session ended and restored after signing in again.';
  await signInByApi(page);
  await page.goto('/admin/addnewnotice');
  await waitForHydration(page);
  await page.getByLabel('Title').fill(title);
  await page.getByLabel('Description').fill(description);

  endAllSessions();
  await page.getByRole('button', { name: 'Add notice' }).click();

  // Never silent: the words stay on the form (the toast goes after 5 s), the page stays, the text stays.
  const onForm = page
    .getByRole('main')
    .getByRole('alert')
    .filter({ hasText: 'Your session has ended. Sign in again to continue.' });
  await expect(onForm).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/addnewnotice$/u);
  await expect(page.getByLabel('Title')).toHaveValue(title);
  expect(await page.getByText('Failed to create notice.').count()).toBe(0);

  await onForm.getByRole('link', { name: 'Sign in again' }).click();
  await expect(page).toHaveURL(/\/login\?next=%2Fadmin%2Faddnewnotice$/u);
  await waitForHydration(page);
  await page.getByLabel('Username').fill(ADMIN_EMAIL);
  await page.getByLabel('Password').fill(ADMIN_PASSWORD);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page.getByText('Login successful.')).toBeVisible();
  await page.waitForURL(/\/admin\/addnewnotice$/u, { timeout: 10_000 });
  await expect(page.getByLabel('Title')).toHaveValue(title);
  await expect(page.getByLabel('Description')).toHaveValue(description);
});

test('the login page ignores a next address on another site', async ({ page }) => {
  await page.goto('/login?next=%2F%2Fevil.example%2F');
  await waitForHydration(page);
  await page.getByLabel('Username').fill(ADMIN_EMAIL);
  await page.getByLabel('Password').fill(ADMIN_PASSWORD);
  await page.getByRole('button', { name: 'Login' }).click();
  await page.waitForURL(/127\.0\.0\.1:\d+\/admin$/u, { timeout: 10_000 });
});
