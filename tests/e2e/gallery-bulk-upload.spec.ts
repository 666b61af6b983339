import { expect, test } from '@playwright/test';
import { photoJpeg } from './support/admin-photo.ts';
import { ADMIN_EMAIL, ADMIN_PASSWORD } from './support/env.ts';

test('several photos at once: each its own progress and result, a refused one retried alone', async ({ page }) => {
  await page.goto('/login');
  await page.getByLabel('Username').fill(ADMIN_EMAIL);
  await page.getByLabel('Password').fill(ADMIN_PASSWORD);
  await page.getByRole('button', { name: 'Login' }).click();
  await page.waitForURL(/\/admin$/u, { timeout: 10_000 });

  const slug = `farewell-${Date.now()}`;
  await page.goto('/admin/albums');
  await page.getByLabel('Title (English)').fill('Farewell');
  await page.getByLabel('Address').fill(slug);
  await page.getByRole('button', { name: 'Create album' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Farewell' })).toBeVisible();

  const files = [
    ...(await Promise.all(
      [0, 1, 2].map(async (i) => ({
        name: `stage-${i}.jpg`,
        mimeType: 'image/jpeg',
        buffer: await photoJpeg(800 + i * 40, 600),
      })),
    )),
    { name: 'minutes.jpg', mimeType: 'image/jpeg', buffer: Buffer.from('the meeting minutes, not a photo') },
  ];
  await page.getByLabel(/Several photos at once/u).setInputFiles(files);
  const rows = page.getByRole('list', { name: 'Photos being added' }).getByRole('listitem');
  await expect(rows).toHaveCount(4);
  for (const i of [0, 1, 2]) await expect(rows.nth(i).getByRole('status')).toHaveText('Added', { timeout: 60_000 });
  await expect(rows.nth(3).getByRole('status')).toHaveText(
    /^Refused: The file is not a JPEG, PNG, WebP, AVIF or HEIC image/u,
  );
  await expect(rows.nth(3).getByRole('progressbar')).toBeVisible();

  // The retry sends that file alone; the others stay added once.
  const sent: string[] = [];
  page.on('request', (r) => {
    if (r.method() === 'POST' && r.url().includes('/photos')) sent.push(r.url());
  });
  await rows.nth(3).getByRole('button', { name: 'Retry minutes.jpg' }).click();
  await expect(rows.nth(3).getByRole('status')).toHaveText(/^Refused/u);
  expect(sent).toHaveLength(1);
  const photos = page.getByRole('list', { name: 'Photos of the album' }).getByRole('listitem');
  await expect(photos).toHaveCount(3);

  // Put things back: the photos and the album go.
  for (const i of [1, 2, 3]) await page.getByLabel(`Select photo ${i}`).check();
  await page.getByRole('button', { name: 'Delete selected' }).click();
  await expect(page.getByText('No photos yet.')).toBeVisible();
  await page.getByRole('button', { name: 'Delete this empty album' }).click();
  await expect(page).toHaveURL(/\/admin\/albums$/u);
});
