import fs from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { BACKUP_NAME } from '#common/backups.ts';
import { BASE_URL, E2E_DATA_DIR } from './support/env.ts';
import { signInByApi } from './support/pages.ts';

/** The server's record of backups and drills: a test writes a failed drill into it, behind the server's back. */
const STATE_FILE = path.join(E2E_DATA_DIR, 'backups', 'backup-state.json');
const EDITOR = {
  name: 'Backup Editor',
  email: 'backup-editor@orbit.test',
  password: 'the editor keeps a long passphrase',
};

function recordDrill(ok: boolean): void {
  const state = JSON.parse(fs.readFileSync(STATE_FILE, 'utf8')) as { drills: unknown[] };
  state.drills.push({
    at: new Date().toISOString(),
    file: 'orbit-backup-2026-11-20T20-45-00-000Z.tar.gz',
    ok,
    ...(ok ? { rows: 10, files: 2 } : { error: 'Table notices: the manifest says 5 rows, the archive holds 4.' }),
  });
  fs.writeFileSync(STATE_FILE, JSON.stringify(state));
}

test('an owner backs up now, downloads the backup, and is warned on every admin page while the last drill failed', async ({
  page,
}, testInfo) => {
  await signInByApi(page);
  await page.goto('/admin/backups');
  await expect(page.getByRole('heading', { name: 'Backups', level: 1 })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Backups' })).toBeVisible();

  await page.getByRole('button', { name: 'Back up now' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Backup made and checked' })).toContainText(
    /Backup made and checked: orbit-backup-.*\.tar\.gz \(/u,
  );
  const table = page.getByRole('table', { name: 'Backups in the folder, newest first' });
  await expect(table.getByRole('row')).toHaveCount(2);
  await expect(table.getByRole('row').nth(1)).toContainText('Passed');
  await expect(table.getByRole('row').nth(1)).toContainText('Daily, weekly, monthly');
  // What takes room on the disk, so the owner knows what to clear when it fills.
  const usage = page.getByRole('definition').filter({ has: page.locator('.backup-usage') });
  await expect(usage).toContainText(/Database [\d.]+ [KM]B/u);
  await expect(usage).toContainText(/Backups [\d.]+ [KM]B/u);

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    table.getByRole('link', { name: /^Download/u }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(BACKUP_NAME);

  // No warning while all is well.
  const banner = page.getByRole('region', { name: 'Backups need attention' });
  await expect(banner).toHaveCount(0);

  recordDrill(false);
  await page.goto('/admin/notice');
  await expect(banner).toContainText('The last restore drill failed (orbit-backup-2026-11-20T20-45-00-000Z.tar.gz)');
  await page.goto('/admin/backups');
  await expect(banner).toBeVisible();
  await expect(page.getByText(/^Failed, .*Table notices/u)).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('backups-1280.png'), fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  // Nothing of the page is wider than a phone's screen.
  const widest = await page.evaluate(() =>
    Math.max(...[...document.querySelectorAll('.admin__content *')].map((e) => e.getBoundingClientRect().right)),
  );
  expect(widest).toBeLessThanOrEqual(390);
  await page.screenshot({ path: testInfo.outputPath('backups-390.png'), fullPage: true });
  await page.setViewportSize({ width: 1280, height: 800 });

  // Put right by the next drill: the banner goes.
  recordDrill(true);
  await page.goto('/admin/notice');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(banner).toHaveCount(0);
});

test('an editor has no Backups page: not in the menu, 403 on the page and the API, no banner', async ({
  page,
  browser,
}) => {
  await signInByApi(page);
  const added = await page.request.post('/api/admin/staff', {
    headers: { origin: BASE_URL },
    data: { name: EDITOR.name, email: EDITOR.email, role: 'editor' },
  });
  expect(added.status(), await added.text()).toBe(201);
  const { link } = (await added.json()) as { link: { path: string } };
  const token = link.path.split('/').at(-1)!;
  const set = await page.request.post(`/api/welcome/${token}`, {
    headers: { origin: BASE_URL },
    data: { password: EDITOR.password },
  });
  expect(set.status(), await set.text()).toBe(204);
  recordDrill(false);

  const context = await browser.newContext();
  const editor = await context.newPage();
  const login = await editor.request.post('/api/auth/login', {
    headers: { origin: BASE_URL },
    data: { email: EDITOR.email, password: EDITOR.password },
  });
  expect(login.status()).toBe(200);
  await editor.goto('/admin/notice');
  const menu = editor.getByRole('navigation', { name: 'Admin' });
  await expect(menu.getByRole('link', { name: 'Notices' })).toBeVisible();
  await expect(menu.getByRole('link', { name: 'Backups' })).toHaveCount(0);
  await expect(editor.getByRole('region', { name: 'Backups need attention' })).toHaveCount(0);
  expect((await editor.goto('/admin/backups'))?.status()).toBe(403);
  expect((await editor.request.get('/api/admin/backups')).status()).toBe(403);
  expect((await editor.request.post('/api/admin/backups', { headers: { origin: BASE_URL } })).status()).toBe(403);
  await context.close();
  recordDrill(true);
});
