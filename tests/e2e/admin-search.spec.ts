import { randomUUID } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { COMMAND_LINE_ACTOR } from '#server/auth/actor.ts';
import { systemClock } from '#server/clock.ts';
import { openDb } from '#server/db/db.ts';
import { createAccountsService } from '#server/modules/auth/index.ts';
import { uploadsDir } from '#server/storage/create-storage.ts';
import { createLocalStorage } from '#server/storage/local-storage.ts';
import { type ApplicationFixture, seedApplications } from '#server/test-support/applications.ts';
import { BASE_URL, E2E_DATA_DIR } from './support/env.ts';
import { signInByApi } from './support/pages.ts';
import { screenshots } from './support/screenshots.ts';

// The header's search box on the e2e server's own database: a notice found by a Devanagari word, an
// application by its symbol number, and an editor's search without applications; the results page
// without JavaScript. Everything made here is removed afterwards.
test.describe.configure({ mode: 'serial' });

// A word of this run only (Devanagari letters after a real word), so earlier runs' notices do not crowd it out.
const WORD = `पुस्तकालय${[...randomUUID().replace(/\D/gu, '').slice(0, 4)].map((d) => 'कखगघचछजझटठ'[Number(d)]).join('')}`;
const NOTICE_TITLE = `${WORD} शनिबार पनि खुला`;
const EDITOR = {
  email: `search-editor-${randomUUID().slice(0, 8)}@test.np`,
  password: 'an editor with a long passphrase',
};
let f: ApplicationFixture;
let symbolNumber = '';
let noticeId = '';
const db = () => openDb({ dataDir: E2E_DATA_DIR });

test.beforeAll(async () => {
  const conn = db();
  try {
    f = await seedApplications(conn, createLocalStorage(uploadsDir(E2E_DATA_DIR)), { count: 2, withFiles: 0 });
    symbolNumber = `0${randomUUID().replace(/\D/gu, '').slice(0, 7).padEnd(7, '7')}S`;
    await conn
      .updateTable('applications')
      .set({ symbol_number: symbolNumber })
      .where('id', '=', f.applications[0]!.id)
      .execute();
    await createAccountsService(conn, systemClock).create(COMMAND_LINE_ACTOR, EDITOR.email, EDITOR.password, {
      role: 'editor',
    });
  } finally {
    await conn.destroy();
  }
});

test.afterAll(async () => {
  const conn = db();
  try {
    const ids = f.applications.map((a) => a.id);
    for (const table of ['application_events', 'application_payments', 'application_documents'] as const) {
      await conn.deleteFrom(table).where('application_id', 'in', ids).execute();
    }
    await conn.deleteFrom('applications').where('season_id', '=', f.seasonId).execute();
    await conn.deleteFrom('admission_programmes').where('season_id', '=', f.seasonId).execute();
    await conn.deleteFrom('scholarship_categories').where('season_id', '=', f.seasonId).execute();
    await conn.deleteFrom('admission_seasons').where('id', '=', f.seasonId).execute();
    if (noticeId) await conn.deleteFrom('notices').where('id', '=', noticeId).execute();
    await conn.deleteFrom('users').where('email', '=', EDITOR.email).execute();
  } finally {
    await conn.destroy();
  }
});

test('the search box finds a notice by a Devanagari word and an application by its symbol number', async ({ page }) => {
  await signInByApi(page);
  const created = await page.request.post('/api/admin/notices', {
    headers: { origin: BASE_URL },
    data: { title: NOTICE_TITLE, description: 'कलेजको पुस्तकालय शनिबार पनि बिहान १० बजेदेखि खुला रहनेछ।' },
  });
  expect(created.status(), await created.text()).toBe(201);
  noticeId = ((await created.json()) as { id: string }).id;

  await page.goto('/admin/notice');
  const box = page.getByRole('searchbox', { name: 'Search' });
  await box.fill(WORD);
  const typeahead = page.getByRole('region', { name: 'Notices' });
  const hit = typeahead.getByRole('link', { name: NOTICE_TITLE });
  await expect(hit).toBeVisible();
  await expect(hit.locator('mark')).toHaveText(WORD);
  await screenshots(page, 'admin-search-typeahead');
  await hit.click();
  await expect(page).toHaveURL(new RegExp(`/admin/notice/${noticeId}/edit$`, 'u'));

  await box.fill(symbolNumber);
  await box.press('Enter');
  await expect(page).toHaveURL(/\/admin\/search\?q=/u);
  const applications = page.getByRole('region', { name: /^Applications/u });
  await expect(applications.getByRole('link')).toHaveCount(1);
  await expect(applications.getByRole('link')).toHaveAttribute('href', `/admin/applications/${f.applications[0]!.id}`);
  await expect(applications.locator('mark')).toHaveText(symbolNumber);
  await screenshots(page, 'admin-search-results');
});

test('an editor searching a symbol number sees no applications', async ({ page }) => {
  const res = await page.request.post('/api/auth/login', { headers: { origin: BASE_URL }, data: EDITOR });
  expect(res.status()).toBe(200);
  await page.goto(`/admin/search?q=${encodeURIComponent(symbolNumber)}`);
  await expect(page.getByRole('heading', { name: 'Search', level: 1 })).toBeVisible();
  await expect(page.getByRole('status')).toHaveText('Nothing found.');
  await expect(page.getByRole('region', { name: /^Applications/u })).toHaveCount(0);
  await expect(page.locator(`a[href="/admin/applications/${f.applications[0]!.id}"]`)).toHaveCount(0);
  // A notice is still found for the editor.
  await page.getByRole('searchbox', { name: 'Search' }).fill(WORD);
  await expect(page.getByRole('region', { name: 'Notices' }).getByRole('link', { name: NOTICE_TITLE })).toBeVisible();
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the search box posts plainly to the results page, and a 10,000-character query gets a message', async ({
    page,
  }) => {
    await signInByApi(page);
    await page.goto('/admin/notice');
    await page.getByRole('searchbox', { name: 'Search' }).fill(WORD);
    await page.getByRole('searchbox', { name: 'Search' }).press('Enter');
    await expect(page).toHaveURL(/\/admin\/search\?q=/u);
    const notices = page.getByRole('region', { name: /^Notices/u });
    await expect(notices.getByRole('link', { name: NOTICE_TITLE })).toBeVisible();
    await expect(notices.locator('mark').first()).toHaveText(WORD);

    // (10,000 Devanagari letters are 90 KB in an address: Node refuses that request line itself, with 431.)
    await page.goto(`/admin/search?q=${'a'.repeat(10_000)}`);
    await expect(page.getByRole('alert')).toHaveText(/at most 200 characters/u);
    await screenshots(page, 'admin-search-too-long');
  });
});
