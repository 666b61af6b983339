import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type Page, expect, test } from '@playwright/test';
import Database from 'better-sqlite3';
import * as tar from 'tar';
import { WORDPRESS_FIXTURE } from '#server/test-support/wordpress-fixture.ts';
import { zipEntriesOf, zipOf } from '#server/test-support/zip-writer.ts';
import { BASE_URL, E2E_DATA_DIR } from './support/env.ts';
import { screenshots } from './support/screenshots.ts';
import { signInByApi } from './support/pages.ts';

/** A real WordPress's export and uploads (tests/fixtures/wordpress/README.md says how they were made). */
const FIXTURE = WORDPRESS_FIXTURE;
const EXPORT = path.join(FIXTURE, 'export.xml');
const ARCHIVES = fs.mkdtempSync(path.join(os.tmpdir(), 'orbit-e2e-import-'));
const ARCHIVE = path.join(ARCHIVES, 'uploads.tar.gz');
tar.c({ gzip: true, cwd: FIXTURE, file: ARCHIVE, sync: true, portable: true }, ['uploads']);
/** The same uploads as a .zip, as a host's file manager downloads wp-content/uploads. */
const ZIP = path.join(ARCHIVES, 'uploads.zip');
fs.writeFileSync(ZIP, zipOf(zipEntriesOf(path.join(FIXTURE, 'uploads'), 'wp-content/uploads')));

// Each of the fixture's PDFs is opened and drawn and each image resized: an import takes a minute on a busy machine.
test.describe.configure({ timeout: 240_000 });

/**
 * Leaves the shared e2e server as the other specs expect it (the public notice list newest first, with no
 * pinned notice of the fixture's, no album of its galleries): the imported notices and albums are deleted through
 * the admin's API, which moves the
 * content version so the server reads the emptied list of old addresses again.
 */
test.afterAll(async ({ browser }) => {
  const db = new Database(path.join(E2E_DATA_DIR, 'orbit.sqlite'));
  let notices: string[];
  let albums: string[];
  let photos: string[];
  try {
    notices = db.prepare(`select distinct target_id from imported_items where kind = 'post'`).pluck().all() as string[];
    albums = db.prepare(`select distinct target_id from imported_items where kind = 'album'`).pluck().all() as string[];
    photos = db
      .prepare(`select id from images where album_id in (select target_id from imported_items where kind = 'album')`)
      .pluck()
      .all() as string[];
    db.prepare('delete from old_addresses').run();
    db.prepare('delete from imported_items').run();
  } finally {
    db.close();
  }
  const page = await browser.newPage();
  await signInByApi(page);
  const remove = async (url: string) => {
    const res = await page.request.delete(url, { headers: { origin: BASE_URL } });
    expect([200, 204], await res.text()).toContain(res.status());
  };
  for (const id of notices) await remove(`/api/admin/notices/${id}`);
  // The gallery's albums too (public-notices-gallery reads the albums): their photos first, as an album goes empty.
  for (const id of photos) await remove(`/api/admin/images/${id}`);
  for (const id of albums) await remove(`/api/admin/albums/${id}`);
  await page.close();
});

/** Opens the import page again, as its Refresh link does, until no import is running. */
async function afterAnyImport(page: Page): Promise<void> {
  await expect(async () => {
    await page.goto('/admin/import');
    const running = page.getByRole('heading', { name: 'Importing…' });
    if (await running.isVisible())
      await expect(page.getByRole('link', { name: 'Refresh' })).toHaveAttribute('href', '/admin/import');
    await expect(running).toHaveCount(0, { timeout: 1_000 });
  }).toPass({ timeout: 180_000 });
}

test('an owner imports a WordPress export from the admin: the dry run, the confirmation, progress and the report', async ({
  page,
}) => {
  await signInByApi(page);
  await page.goto('/admin/import');
  await expect(page.getByRole('heading', { name: 'Import from WordPress', level: 1 })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Import' })).toBeVisible();
  await expect(page.getByRole('heading', { name: /^Old addresses \(0\)$/u })).toBeVisible();

  await page.getByLabel('WordPress export file (.xml)').setInputFiles(EXPORT);
  await page.getByLabel('Uploads archive (.zip, .tar or .tar.gz, optional)').setInputFiles(ZIP);
  await page.getByRole('button', { name: 'Show what would be imported' }).click();

  const plan = page.getByRole('list', { name: 'What becomes what' });
  await expect(page.getByRole('heading', { name: 'Dry run: what would be imported' })).toBeVisible();
  await expect(plan).toContainText('Published posts → notices: 14 to import, 0 already imported');
  await expect(plan).toContainText('Galleries → albums: 3 albums with 10 photos to import, 0 already imported');
  await expect(plan).toContainText('scholarship-form-2082.docx');
  // Pages that name a page of this site lead there; the others are named.
  await expect(plan).toContainText('"About Us" → /#about (the about section of the home page)');
  await expect(plan).toContainText('page "Hostel Rules": no page of this site has its name');
  await screenshots(page, 'admin-import-dry-run');

  await page.getByRole('button', { name: 'Import', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Import 17 posts and galleries?' });
  await expect(dialog).toContainText('17 posts and galleries are published on the public site now');
  await dialog.getByRole('button', { name: 'Import', exact: true }).click();

  // Progress while it runs (the page asks again by itself), then the report.
  await expect(
    page.getByRole('heading', { name: 'Importing…' }).or(page.getByRole('heading', { name: 'Import finished' })),
  ).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Import finished' })).toBeVisible({ timeout: 180_000 });
  const report = page.getByRole('list', { name: 'Import report' });
  await expect(report).toContainText(/Imported 14 notices with \d+ attachments; 0 were already imported\./u);
  await expect(report).toContainText('Files not attached:');
  await expect(report).toContainText(/Made 3 albums with 10 photos .*; 0 were already imported\./u);
  await expect(report.getByRole('link', { name: '/gallery/photo-gallery' })).toHaveAttribute(
    'href',
    '/gallery/photo-gallery',
  );
  await expect(report).toContainText("Led 2 pages' old addresses to the site's own pages");
  await screenshots(page, 'admin-import-report');

  // The old addresses, listed with where each goes; the first answers 301 to its notice.
  await expect(page.getByRole('heading', { name: /^Old addresses \(\d+\)$/u })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Pages of old addresses' })).toContainText('Page 1 of');
  const first = page.locator('.old-addresses__item').first();
  const oldPath = (await first.locator('code').textContent())!;
  const target = await first.getByRole('link').getAttribute('href');
  const response = await page.request.get(oldPath.startsWith('?') ? `/${oldPath}` : oldPath, { maxRedirects: 0 });
  expect(response.status()).toBe(301);
  expect(response.headers().location).toBe(target);
  await page.goto('/notices');
  await expect(page.getByRole('link', { name: 'सरस्वती पूजा कार्यक्रम' }).first()).toBeVisible();

  // The old About Us page leads to the about section of the home page.
  await page.goto('/about-us/');
  expect(new URL(page.url()).pathname + new URL(page.url()).hash).toBe('/#about');
  await expect(page.locator('#about')).toBeVisible();

  // The old gallery page leads to its album, whose photos show once the photo process has made them.
  await expect(async () => {
    await page.goto('/photo-gallery/');
    expect(new URL(page.url()).pathname).toBe('/gallery/photo-gallery');
    await expect(page.getByRole('heading', { name: 'Photo Gallery', level: 1 })).toBeVisible();
    await expect(page.getByRole('img', { name: 'The computer lab' })).toBeVisible({ timeout: 2000 });
  }).toPass({ timeout: 120_000 });
  await expect(page.getByRole('img', { name: 'The library' })).toBeVisible();
  await screenshots(page, 'admin-import-album');
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the export is uploaded, planned and imported through the page, and an old address deleted', async ({
    page,
  }) => {
    await signInByApi(page);
    await afterAnyImport(page);
    await page.getByLabel('WordPress export file (.xml)').setInputFiles(EXPORT);
    await page.getByLabel('Uploads archive (.zip, .tar or .tar.gz, optional)').setInputFiles(ARCHIVE);
    await page.getByRole('button', { name: 'Show what would be imported' }).click();
    const plan = page.getByRole('list', { name: 'What becomes what' });
    await expect(plan).toContainText(/Published posts → notices: \d+ to import, \d+ already imported/u);
    await expect(plan).not.toContainText('no uploads were given');
    const planText = (await plan.textContent())!;
    const toImport =
      Number(planText.match(/notices: (\d+) to import/u)![1]) + Number(planText.match(/albums: (\d+) albums/u)![1]);

    if (toImport > 0) {
      await page.getByRole('button', { name: 'Import', exact: true }).click();
      const step = page.getByRole('group', { name: `Import ${toImport} posts and galleries?` });
      await step.getByRole('button', { name: 'Import', exact: true }).click();
      // The answer comes before the import ends: the Refresh link shows how far it has gone.
      await expect(
        page.getByRole('heading', { name: 'Importing…' }).or(page.getByRole('heading', { name: 'Import finished' })),
      ).toBeVisible();
      await afterAnyImport(page);
      await expect(page.getByRole('heading', { name: 'Import finished' })).toBeVisible();
    } else {
      await expect(
        page.getByText('Nothing to import: every published post and gallery of this export is already here.'),
      ).toBeVisible();
    }

    const first = page.locator('.old-addresses__item').first();
    const oldPath = (await first.locator('code').textContent())!;
    const heading = (await page.getByRole('heading', { name: /^Old addresses \(\d+\)$/u }).textContent())!;
    const total = Number(heading.match(/\((\d+)\)/u)![1]);
    await first.getByRole('button', { name: `Delete ${oldPath}` }).click();
    const step = page.getByRole('group', { name: 'Delete this old address?' });
    await step.getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByRole('status')).toHaveText('Old address deleted.');
    await expect(page.getByRole('heading', { name: `Old addresses (${total - 1})` })).toBeVisible();
    await expect(page.locator('.old-addresses__item code').getByText(oldPath, { exact: true })).toHaveCount(0);
    const response = await page.request.get(oldPath.startsWith('?') ? `/${oldPath}` : oldPath, { maxRedirects: 0 });
    expect(response.status()).not.toBe(301);
  });
});
