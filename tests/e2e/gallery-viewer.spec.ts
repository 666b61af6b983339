import { type Page, expect, test } from '@playwright/test';
import { photoJpeg } from './support/admin-photo.ts';
import { ADMIN_EMAIL, ADMIN_PASSWORD } from './support/env.ts';
import { waitForEnhancements, waitForHydration } from './support/hydration.ts';

// The album's viewer (with JavaScript): a tap opens the photo full screen, the next photo shows its own caption,
// and the phone's back button closes the viewer and leaves the visitor on the album. Then the office drags a
// photo to the front and the public album follows. (The Earlier/Later buttons without JavaScript, and the
// public order following them, are in gallery-albums.spec.ts.)
test.describe.configure({ mode: 'serial' });

let office: Page;
const slug = `science-fair-${Date.now()}`;
let albumPath = '';

/** The photos' ids in the order the public album shows them. */
async function publicOrder(page: Page): Promise<string[]> {
  await page.goto(`/gallery/${slug}`);
  const hrefs = await page
    .locator('[data-gallery-viewer] a')
    .evaluateAll((links) => links.map((a) => a.getAttribute('href') ?? ''));
  return hrefs.map((href) => href.split('/').pop() ?? '');
}

test.beforeAll(async ({ browser }) => {
  test.setTimeout(120_000);
  office = await browser.newPage();
  await office.goto('/login');
  await office.getByLabel('Username').fill(ADMIN_EMAIL);
  await office.getByLabel('Password').fill(ADMIN_PASSWORD);
  await office.getByRole('button', { name: 'Login' }).click();
  await office.waitForURL(/\/admin$/u, { timeout: 10_000 });
  await office.goto('/admin/albums');
  await office.getByLabel('Title (English)').fill('Science fair');
  await office.getByLabel('Title (Nepali)').fill('विज्ञान प्रदर्शनी');
  await office.getByLabel('Address').fill(slug);
  await office.getByRole('button', { name: 'Create album' }).click();
  await expect(office.getByRole('heading', { level: 1, name: 'Science fair' })).toBeVisible();
  albumPath = new URL(office.url()).pathname;
  await waitForHydration(office);
  const files = await Promise.all(
    [0, 1, 2].map(async (i) => ({ name: `stand-${i}.jpg`, mimeType: 'image/jpeg', buffer: await photoJpeg(900, 600) })),
  );
  await office.getByLabel(/Several photos at once/u).setInputFiles(files);
  const photos = office.getByRole('list', { name: 'Photos of the album' }).getByRole('listitem');
  await expect(photos).toHaveCount(3, { timeout: 60_000 });
  for (const [i, caption] of ['The volcano model', 'A solar cooker'].entries()) {
    await office.goto(albumPath);
    await waitForHydration(office);
    const card = photos.nth(i);
    await card.getByText('Caption and alt text').click();
    await card.getByLabel('Caption (English)').fill(caption);
    await card.getByLabel('Alt text (English): what the photo shows').fill(`${caption}, on a table`);
    await card.getByRole('button', { name: `Save words of photo ${i + 1}` }).click();
    await expect(office.getByText('Photo saved.').first()).toBeVisible();
  }
});

test.afterAll(async () => {
  await office.goto(albumPath);
  for (const box of await office.getByRole('checkbox', { name: /^Select photo/u }).all()) await box.check();
  await office.getByLabel('Delete for good', { exact: false }).check();
  await office.getByRole('button', { name: 'Delete selected' }).click();
  await expect(office.getByText('No photos yet.')).toBeVisible();
  await office.close();
});

test('a tap opens the viewer with the caption and alt text, and the back button closes it on the album @phone', async ({
  page,
  isMobile,
}) => {
  await page.goto('/gallery');
  await page.goto(`/gallery/${slug}`);
  await waitForEnhancements(page);
  const albumUrl = page.url();
  const first = page.getByRole('link', { name: /The volcano model/u });
  if (isMobile) await first.tap();
  else await first.click();

  const viewer = page.locator('.pswp');
  await expect(viewer).toBeVisible();
  const caption = viewer.locator('.pswp__caption');
  await expect(caption).toHaveText('The volcano model');
  await expect(viewer.getByRole('img', { name: 'The volcano model, on a table' })).toBeVisible();
  await expect(viewer.locator('.pswp__counter')).toHaveText('Photo 1 of 3');
  // The shown photo's own address, so a reload or a shared address opens its page.
  await expect(page).toHaveURL(/\/gallery\/science-fair-\d+\/[0-9a-f-]{36}$/u);

  await page.keyboard.press('ArrowRight');
  await expect(caption).toHaveText('A solar cooker');
  await expect(viewer.locator('.pswp__counter')).toHaveText('Photo 2 of 3');

  await page.goBack();
  await expect(viewer).toHaveCount(0);
  expect(page.url()).toBe(albumUrl);
  await expect(page.getByRole('heading', { level: 1, name: 'Science fair' })).toBeVisible();

  await page.screenshot({ path: `test-results/gallery-viewer-album-${isMobile ? 390 : 1280}.png` });
  await first.click();
  await expect(caption).toHaveText('The volcano model');
  await page.screenshot({ path: `test-results/gallery-viewer-open-${isMobile ? 390 : 1280}.png` });

  // Closed with ×, the viewer takes its history entry with it: back then leaves the album for /gallery.
  await viewer.getByRole('button', { name: 'Close the photo (Esc)' }).click();
  await expect(viewer).toHaveCount(0);
  await expect.poll(() => page.url()).toBe(albumUrl);
  await page.goBack();
  await expect(page).toHaveURL(/\/gallery$/u);

  // × tapped at once, while the viewer is still opening, closes it too (PhotoSwipe alone ignores a close then).
  await page.goto(`/gallery/${slug}`);
  await waitForEnhancements(page);
  await first.click();
  await viewer.getByRole('button', { name: 'Close the photo (Esc)' }).click();
  await expect(viewer).toHaveCount(0);
  await expect.poll(() => page.url()).toBe(albumUrl);
});

test('the Nepali album page labels the viewer in Nepali', async ({ page }) => {
  await page.goto(`/ne/gallery/${slug}`);
  await waitForEnhancements(page);
  await page.locator('[data-gallery-viewer] a').first().click();
  await expect(page.locator('.pswp__counter')).toHaveText('तस्बिर ३ मध्ये १');
  await expect(page.getByRole('button', { name: 'तस्बिर बन्द गर्नुहोस् (Esc)' })).toBeVisible();
});

test('the office drags a photo to the front and the public album follows', async ({ page }) => {
  const before = await publicOrder(page);
  expect(before).toHaveLength(3);

  await office.goto(albumPath);
  await waitForHydration(office);
  const cards = office.getByRole('list', { name: 'Photos of the album' }).getByRole('listitem');
  const handle = cards.nth(2).getByRole('img', { name: /^Drag to move photo 3/u });
  await handle.scrollIntoViewIfNeeded();
  const target = await cards
    .nth(0)
    .getByRole('img', { name: /^Drag to move photo 1/u })
    .boundingBox();
  const from = await handle.boundingBox();
  if (!target || !from) throw new Error('The photo cards are not laid out.');
  await office.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
  await office.mouse.down();
  await office.mouse.move(target.x + target.width / 2, target.y + target.height / 2, { steps: 8 });
  await expect(cards.nth(0)).toHaveClass(/photo-card--dragging/u);
  await office.mouse.up();
  await expect(office.getByText('Order saved.').first()).toBeVisible();

  await expect.poll(() => publicOrder(page)).toEqual([before[2], before[0], before[1]]);
  // The office's page shows the stored order after its reload too.
  await office.reload();
  await expect(cards.nth(0)).toHaveAttribute('data-order-id', before[2]!);
});
