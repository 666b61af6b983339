import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { photoJpeg } from './support/admin-photo.ts';
import { ADMIN_EMAIL, ADMIN_PASSWORD } from './support/env.ts';
import { screenshots } from './support/screenshots.ts';

test('twenty photos at once: each its own progress and result (processed on the server), a refused one retried alone @phone', async ({
  page,
}) => {
  // Twenty files, as a clerk picks an event's photos from a phone's gallery: processed one after another
  // by the server's queue (a HEIC decode among them), a text file and a damaged photo among them.
  test.setTimeout(180_000);
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
      Array.from({ length: 17 }, async (_, i) => ({
        name: `stage-${i}.jpg`,
        mimeType: 'image/jpeg',
        buffer: await photoJpeg(800 + i * 16, 600),
      })),
    )),
    // An iPhone photo, decoded on the server like the others.
    {
      name: 'IMG_0001.HEIC',
      mimeType: 'image/heic',
      buffer: await readFile(new URL('../../server/images/fixtures/red-blue-640x480.heic', import.meta.url)),
    },
    { name: 'minutes.jpg', mimeType: 'image/jpeg', buffer: Buffer.from('the meeting minutes, not a photo') },
  ];
  const whole = await photoJpeg(800, 600);
  files.push({ name: 'cut-short.jpg', mimeType: 'image/jpeg', buffer: whole.subarray(0, whole.length >> 2) });
  await page.getByLabel(/Several photos at once/u).setInputFiles(files);
  const rows = page.getByRole('list', { name: 'Photos being added' }).getByRole('listitem');
  await expect(rows).toHaveCount(20);
  // How the page looks while the server works through them (one at a time), on a phone and a computer.
  await screenshots(page, 'admin-album-upload-during');
  // Stored at once and processed in the background: each row ends 'Ready' once the server made it.
  for (let i = 0; i < 18; i++) await expect(rows.nth(i).getByRole('status')).toHaveText('Ready', { timeout: 60_000 });
  await expect(rows.nth(18).getByRole('status')).toHaveText(
    /^Refused: The file is not a JPEG, PNG, WebP, AVIF or HEIC image/u,
  );
  await expect(rows.nth(18).getByRole('progressbar')).toBeVisible();
  // A damaged photo passes the first look and fails in processing, with the reason.
  await expect(rows.nth(19).getByRole('status')).toHaveText(/^Refused: The image could not be read/u, {
    timeout: 60_000,
  });
  const unready = page.getByRole('list', { name: 'Uploads not shown yet' }).getByRole('listitem');
  await expect(unready).toHaveCount(1);
  await expect(unready.getByRole('status')).toHaveText(/^Failed: The image could not be read/u);
  await screenshots(page, 'admin-album-upload-after');

  // The retry sends that file alone; the others stay added once.
  const sent: string[] = [];
  page.on('request', (r) => {
    if (r.method() === 'POST' && r.url().endsWith('/photos')) sent.push(r.url());
  });
  await rows.nth(18).getByRole('button', { name: 'Retry minutes.jpg' }).click();
  await expect(rows.nth(18).getByRole('status')).toHaveText(/^Refused/u);
  expect(sent).toHaveLength(1);
  const photos = page.getByRole('list', { name: 'Photos of the album' }).getByRole('listitem');
  await expect(photos).toHaveCount(18);

  // Put things back: the failed upload, the photos and the album go.
  await page.getByRole('button', { name: 'Delete upload 1' }).click();
  await expect(unready).toHaveCount(0);
  for (let i = 1; i <= 18; i++) await page.getByLabel(`Select photo ${i}`, { exact: true }).check();
  // Asked first in a dialog naming how many; cancelled, nothing goes.
  await page.getByRole('button', { name: 'Delete selected' }).click();
  const ask = page.getByRole('dialog', { name: 'Delete 18 photos?' });
  await expect(ask).toContainText('cannot be brought back');
  await ask.getByRole('button', { name: 'Cancel' }).click();
  await expect(photos).toHaveCount(18);
  await page.getByRole('button', { name: 'Delete selected' }).click();
  await page.getByRole('dialog', { name: 'Delete 18 photos?' }).getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('No photos yet.')).toBeVisible();
  await page.getByRole('button', { name: 'Delete this empty album' }).click();
  await expect(page).toHaveURL(/\/admin\/albums$/u);
});
