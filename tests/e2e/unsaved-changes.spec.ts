import { type Page, expect, test } from '@playwright/test';
import path from 'node:path';
import { waitForHydration } from './support/hydration.ts';
import { BASE_URL } from './support/env.ts';
import { signInByApi } from './support/pages.ts';
import { openAdminMenu } from './support/admin-menu.ts';

// Leaving an admin page with changes not yet saved asks first: another menu item opens a dialog, a reload
// the browser's own question. With JavaScript only: without it the browser cannot tell a changed form.
// The College page's motto is changed and put back, so these run in order.
test.describe.configure({ mode: 'serial', timeout: 60_000 });

const motto = (page: Page) => page.getByRole('group', { name: 'Motto' }).getByLabel('English');
const menuLink = (page: Page, name: string) =>
  page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name, exact: true });
const leaveDialog = (page: Page) => page.getByRole('dialog', { name: 'Leave without saving?' });
const save = (page: Page) => page.getByRole('button', { name: 'Save', exact: true }).last();

async function openCollege(page: Page): Promise<void> {
  await page.goto('/admin/content');
  await waitForHydration(page);
}

async function shoot(page: Page, name: string): Promise<void> {
  const dir = process.env.E2E_SHOTS;
  if (dir) await page.screenshot({ path: path.join(dir, `${name}-${page.viewportSize()!.width}.png`) });
}

test.beforeEach(async ({ page }) => {
  await signInByApi(page);
});

test('a changed College page asks before another menu item opens: Stay keeps the edit, Leave goes @phone', async ({
  page,
}) => {
  await openCollege(page);
  const original = await motto(page).inputValue();
  const typed = `${original} (not saved)`;

  // Untouched: the menu opens the next page at once.
  await openAdminMenu(page);
  await menuLink(page, 'Banner').click();
  await page.waitForURL(/\/admin\/banner$/u);
  await expect(leaveDialog(page)).toHaveCount(0);

  await openCollege(page);
  await motto(page).fill(typed);
  await openAdminMenu(page);
  await menuLink(page, 'Banner').click();
  const dialog = leaveDialog(page);
  await expect(dialog).toBeVisible();
  await expect(dialog).toHaveAccessibleDescription(/have not been saved/u);
  await expect(dialog.getByRole('button', { name: 'Stay' })).toBeFocused();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
    page.viewportSize()!.width,
  );
  await shoot(page, 'unsaved-dialog');

  await dialog.getByRole('button', { name: 'Stay' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(page).toHaveURL(/\/admin\/content$/u);
  await expect(motto(page)).toHaveValue(typed);
  // Escape is Stay too.
  await openAdminMenu(page);
  await menuLink(page, 'Courses').click();
  await expect(leaveDialog(page)).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(leaveDialog(page)).toHaveCount(0);
  await expect(motto(page)).toHaveValue(typed);

  await openAdminMenu(page);

  await menuLink(page, 'Banner').click();
  await leaveDialog(page).getByRole('button', { name: 'Leave without saving' }).click();
  await page.waitForURL(/\/admin\/banner$/u);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await openCollege(page);
  await expect(motto(page)).toHaveValue(original);
});

test('a change put back as it was is not asked about', async ({ page }) => {
  await openCollege(page);
  const original = await motto(page).inputValue();
  await motto(page).fill(`${original}!`);
  await motto(page).fill(original);
  await openAdminMenu(page);
  await menuLink(page, 'Banner').click();
  await page.waitForURL(/\/admin\/banner$/u);
  await expect(leaveDialog(page)).toHaveCount(0);
});

test('after saving, no question', async ({ page }) => {
  await openCollege(page);
  const original = await motto(page).inputValue();
  await motto(page).fill(`${original} (saved)`);
  await save(page).click();
  await expect(page.getByText('Saved.')).toBeVisible();
  await openAdminMenu(page);
  await menuLink(page, 'Banner').click();
  await page.waitForURL(/\/admin\/banner$/u);
  await expect(leaveDialog(page)).toHaveCount(0);

  // Put back, and leave again without a question.
  await openCollege(page);
  await expect(motto(page)).toHaveValue(`${original} (saved)`);
  await motto(page).fill(original);
  await save(page).click();
  await expect(page.getByText('Saved.').first()).toBeVisible();
  await openAdminMenu(page);
  await menuLink(page, 'Courses').click();
  await page.waitForURL(/\/admin\/courses$/u);
  await expect(leaveDialog(page)).toHaveCount(0);
});

test('a reload with unsaved changes gets the browser’s own question', async ({ page }) => {
  await openCollege(page);
  await motto(page).click();
  await page.keyboard.type(' (reload)');
  const asked = new Promise<string>((resolve) => {
    page.once('dialog', (question) => {
      resolve(question.type());
      void question.accept();
    });
  });
  await page.reload();
  expect(await asked).toBe('beforeunload');
  await waitForHydration(page);
  await expect(motto(page)).not.toHaveValue(/\(reload\)$/u);
});

test('a saved notice opens the list without a question', async ({ page }) => {
  await page.goto('/admin/addnewnotice');
  await waitForHydration(page);
  const title = `E2E unsaved ${test.info().project.name} ${Date.now() % 1e6}`;
  await page.getByLabel('Title').fill(title);
  await page.getByLabel('Description').fill('Students are requested to read this notice carefully.');
  await page.getByRole('button', { name: 'Add notice' }).click();
  await page.waitForURL(/\/admin\/notice$/u);
  await expect(leaveDialog(page)).toHaveCount(0);
  const row = page.getByRole('listitem', { name: title });
  await expect(row).toBeVisible();
  const href = await row.getByRole('link', { name: 'Edit' }).getAttribute('href');
  const id = href!.split('/')[3];
  const res = await page.request.delete(`/api/admin/notices/${id}`, { headers: { origin: BASE_URL } });
  expect(res.status()).toBe(204);
});
