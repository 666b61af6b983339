import { type Page, expect, test } from '@playwright/test';
import { photoJpeg } from './support/admin-photo.ts';
import { ADMIN_EMAIL, ADMIN_PASSWORD } from './support/env.ts';
import { screenshots } from './support/screenshots.ts';

// The office makes an album and orders its photos, and a visitor looks at it, all without JavaScript: every
// form of the album pages is a plain post, and the public album and each photo's page are plain links.
test.use({ javaScriptEnabled: false });
test.describe.configure({ mode: 'serial' });

let page: Page;
const slug = `sports-week-${Date.now()}`;
let albumPath = '';

test.beforeAll(async ({ browser }) => {
  page = await browser.newPage({ javaScriptEnabled: false });
  await page.goto('/login');
  await page.getByLabel('Username').fill(ADMIN_EMAIL);
  await page.getByLabel('Password').fill(ADMIN_PASSWORD);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page).toHaveURL(/\/admin$/u);
});
test.afterAll(async () => {
  await page.close();
});

test('a clerk creates an album, adds photos, captions, reorders and chooses the cover', async () => {
  await page.goto('/admin/albums');
  await page.getByLabel('Title (English)').fill('Sports week');
  await page.getByLabel('Title (Nepali)').fill('खेलकुद सप्ताह');
  await page.getByLabel('Address').fill('Sports Week!');
  await page.getByRole('button', { name: 'Create album' }).click();
  // Refused with the reason, and what was typed stays.
  await expect(page.getByText(/lower-case letters, digits and single hyphens/u)).toBeVisible();
  await expect(page.getByLabel('Title (Nepali)')).toHaveValue('खेलकुद सप्ताह');
  await page.getByLabel('Address').fill(slug);
  await page.getByRole('button', { name: 'Create album' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Sports week' })).toBeVisible();
  albumPath = new URL(page.url()).pathname;

  // One photo with the one-photo form.
  await page
    .getByLabel('Album photo')
    .setInputFiles({ name: 'race.jpg', mimeType: 'image/jpeg', buffer: await photoJpeg(900, 600) });
  await page.getByRole('button', { name: 'Upload', exact: true }).click();
  // The write's own status (the page may also list the uploads still processing, each with its status).
  await expect(page.getByRole('status').filter({ hasText: /^Photo received: it is being processed/u })).toBeVisible({
    timeout: 30_000,
  });
  // Several at once with the plain multiple-file form: a text file named like a photo is refused by name with
  // its reason, and the photo beside it is taken.
  const several = page.getByLabel('Several photos at once');
  await expect(page.getByText(/Up to \d+(\.\d)? MB together in one sending/u)).toBeVisible();
  const notAPhoto = { name: 'notes.jpg', mimeType: 'image/jpeg', buffer: Buffer.from('not a photo at all') };
  await several.setInputFiles([
    { name: 'prize.jpg', mimeType: 'image/jpeg', buffer: await photoJpeg(1000, 600) },
    notAPhoto,
  ]);
  await page.getByRole('button', { name: 'Upload the photos' }).click();
  const status = page.getByRole('status').filter({ hasText: /^1 photo received: processing/u });
  await expect(status).toBeVisible({ timeout: 30_000 });
  // The file not taken is named apart from the good news, as a refusal.
  await expect(page.getByRole('alert').filter({ hasText: /^Not taken:/u })).toContainText(
    /notes\.jpg: .*(JPEG, PNG, WebP, AVIF or HEIC|not a)/u,
  );
  await screenshots(page, 'admin-album-not-taken');
  // Only refused files: the form says so, with the reason, and nothing is queued.
  await page.getByLabel('Several photos at once').setInputFiles([notAPhoto]);
  await page.getByRole('button', { name: 'Upload the photos' }).click();
  await expect(page.getByRole('alert').first()).toContainText(/notes\.jpg: /u);

  // Processed by the server in the background: the page lists them as processing until they are ready.
  const photos = page.getByRole('list', { name: 'Photos of the album' }).getByRole('listitem');
  await expect(async () => {
    await page.goto(albumPath);
    await expect(page.getByRole('list', { name: 'Uploads not shown yet' })).toHaveCount(0);
  }).toPass({ timeout: 60_000 });
  await expect(photos).toHaveCount(2);
  await expect(photos.first()).toContainText('Cover');

  // Captions and alt text, English and Nepali.
  await photos.first().getByText('Caption and alt text').click();
  await photos.first().getByLabel('Caption (English)').fill('The 100 m final');
  await photos.first().getByLabel('Caption (Nepali)').fill('१०० मिटर फाइनल');
  await photos.first().getByLabel('Alt text (English): what the photo shows').fill('Runners crossing the line');
  await photos.first().getByRole('button', { name: 'Save words of photo 1' }).click();
  await expect(page.getByRole('status')).toHaveText('Photo saved.');

  // Reorder by the buttons; then the second photo becomes the cover.
  await page.getByRole('button', { name: 'Move photo 1 later' }).click();
  await expect(photos.nth(1).getByRole('img')).toHaveAttribute('alt', 'Runners crossing the line');
  await page.getByRole('button', { name: 'Make photo 1 the cover' }).click();
  await expect(photos.first()).toContainText('Cover');
});

test('a visitor opens the album and a photo page without JavaScript', async ({ browser }) => {
  const visitor = await browser.newPage({ javaScriptEnabled: false });
  await visitor.goto('/gallery');
  await visitor
    .getByRole('link', { name: /Sports week/u })
    .first()
    .click();
  await expect(visitor).toHaveURL(new RegExp(`/gallery/${slug}$`, 'u'));
  await expect(visitor.getByRole('heading', { level: 1, name: 'Sports week' })).toBeVisible();
  const links = visitor.getByRole('main').getByRole('list').getByRole('link');
  await expect(links).toHaveCount(2);
  await expect(links.nth(1)).toContainText('The 100 m final');
  await links.nth(1).click();
  await expect(visitor.getByRole('heading', { level: 1, name: 'Photo 2 of 2' })).toBeVisible();
  await expect(visitor.getByRole('img', { name: 'Runners crossing the line' })).toBeVisible();
  await expect(visitor.getByText('The 100 m final')).toBeVisible();
  await visitor.getByRole('link', { name: 'Previous photo' }).click();
  await expect(visitor.getByRole('heading', { level: 1, name: 'Photo 1 of 2' })).toBeVisible();

  // In Nepali: the album's Nepali title and the caption's Nepali words.
  await visitor.goto(`/ne/gallery/${slug}`);
  await expect(visitor.getByRole('heading', { level: 1, name: 'खेलकुद सप्ताह' })).toBeVisible();
  await expect(visitor.getByText('१०० मिटर फाइनल')).toBeVisible();

  for (const width of [390, 1280]) {
    await visitor.setViewportSize({ width, height: 900 });
    await visitor.goto(`/gallery/${slug}`);
    await visitor.screenshot({ path: `test-results/gallery-album-${width}.png`, fullPage: true });
    await visitor.goto('/gallery');
    await visitor.screenshot({ path: `test-results/gallery-${width}.png`, fullPage: true });
    await page.setViewportSize({ width, height: 900 });
    await page.goto(albumPath);
    await page.screenshot({ path: `test-results/admin-album-${width}.png`, fullPage: true });
  }
  await visitor.close();
});

test('the selected photos are deleted together, then the empty album', async () => {
  await page.goto(albumPath);
  await page.getByLabel('Select photo 1').check();
  await page.getByLabel('Select photo 2').check();
  // Without JavaScript the box beside the button is the question: unticked, the delete is refused and nothing goes.
  await page.getByRole('button', { name: 'Delete selected' }).click();
  await expect(page.getByText('Tick ‘Delete for good’ to delete the selected photos')).toBeVisible();
  await expect(page.getByRole('list', { name: 'Photos of the album' }).getByRole('listitem')).toHaveCount(2);
  await page.getByLabel('Select photo 1').check();
  await page.getByLabel('Select photo 2').check();
  await page.getByLabel('Delete for good', { exact: false }).check();
  await page.getByRole('button', { name: 'Delete selected' }).click();
  await expect(page.getByRole('status')).toHaveText('Photos deleted.');
  await expect(page.getByText('No photos yet.')).toBeVisible();
  await page.getByRole('button', { name: 'Delete this empty album' }).click();
  await expect(page).toHaveURL(/\/admin\/albums$/u);
  await expect(page.getByRole('status')).toHaveText('Album deleted.');
  await expect(page.getByRole('link', { name: 'Sports week' })).toHaveCount(0);
  await page.goto(`/gallery/${slug}`);
  await expect(page.getByRole('heading', { name: /not found|does not exist|404/iu }).first()).toBeVisible();
});
