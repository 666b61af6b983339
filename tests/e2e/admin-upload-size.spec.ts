import { type Page, expect, test } from '@playwright/test';
import { MARKS_CSV_LIMIT } from '#common/admission/entrance.ts';
import { NOTICE_ATTACHMENT_LIMITS } from '#common/notices/notice-attachments.ts';
import type { ApplicationFixture } from '#server/test-support/applications.ts';
import { waitForHydration } from './support/hydration.ts';
import { signInByApi } from './support/pages.ts';
import { dropResultsSeason, seedResultsSeason } from './support/results-season.ts';
import { screenshots } from './support/screenshots.ts';

// The admin's file fields check a file's size in the browser as it is chosen, against the server's limit for
// that field: a file over it is refused at once in the server's words, naming the limit, taken out of the field
// and never sent. Without JavaScript the server refuses it as before.
test.describe.configure({ mode: 'serial' });

let f: ApplicationFixture;

test.beforeAll(async () => {
  ({ f } = await seedResultsSeason({ roll: 7601, marks: [9000], seats: 1 }));
});

test.afterAll(async ({ browser }) => {
  await dropResultsSeason(browser, f);
});

/**
 * Every request the page makes from now on (none may carry the file), but React Router's look-ups of the routes
 * its links lead to (`GET /__manifest?paths=…`), which it makes whenever links come into view.
 */
function recordRequests(page: Page): string[] {
  const made: string[] = [];
  page.on('request', (r) => {
    if (r.method() === 'GET' && new URL(r.url()).pathname === '/__manifest') return;
    made.push(`${r.method()} ${r.url()}`);
  });
  return made;
}

/** A file of `bytes` bytes whose first bytes are a PNG's (the server's limit is on size, whatever the kind). */
function bigFile(name: string, mimeType: string, bytes: number) {
  const buffer = Buffer.alloc(bytes);
  buffer.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  return { name, mimeType, buffer };
}

const chosenFiles = (page: Page, label: string) =>
  page.getByLabel(label, { exact: true }).evaluate((input: HTMLInputElement) => input.files?.length ?? 0);

test('a payment QR image over the image limit is refused as it is chosen, naming the limit, and never sent @phone', async ({
  page,
}, testInfo) => {
  await signInByApi(page);
  await page.goto(`/admin/seasons/${f.seasonId}`);
  await waitForHydration(page);
  const form = page.getByRole('form', { name: 'Payment details' });
  await expect(form.getByText(/as an image of up to 15 MB/u)).toBeVisible();
  const made = recordRequests(page);
  await form.getByLabel('Payment QR image (optional)').setInputFiles(bigFile('qr.png', 'image/png', 16 * 1024 * 1024));
  await expect(form.getByRole('alert')).toHaveText('The file is larger than 15 MB. Please choose a smaller image.');
  expect(await chosenFiles(page, 'Payment QR image (optional)')).toBe(0);
  // Both widths are taken once, from the desktop run (a phone's full page at its scale takes too long).
  if (testInfo.project.name === 'desktop') await screenshots(page, 'season-payment-qr-too-large');
  // A file within the limit clears the refusal.
  await form.getByLabel('Payment QR image (optional)').setInputFiles(bigFile('qr.png', 'image/png', 1024));
  await expect(form.getByRole('alert')).toHaveCount(0);
  expect(made).toEqual([]);
});

test('a marks CSV over 2 MB is refused as it is chosen, naming the limit, and never sent @phone', async ({
  page,
}, testInfo) => {
  await signInByApi(page);
  await page.goto(`/admin/entrance?season=${f.seasonId}`);
  await waitForHydration(page);
  const made = recordRequests(page);
  await page
    .getByLabel('CSV file', { exact: true })
    .setInputFiles(bigFile('marks.csv', 'text/csv', MARKS_CSV_LIMIT.maxBytes + 1));
  const panel = page.getByRole('region', { name: 'Import marks from a CSV file' });
  await expect(panel.getByRole('alert')).toHaveText('The file is at most 2 MB.');
  expect(await chosenFiles(page, 'CSV file')).toBe(0);
  if (testInfo.project.name === 'desktop') await screenshots(page, 'entrance-csv-too-large');
  expect(made).toEqual([]);
});

test("a notice's PDF over its limit is refused as it is chosen, and never sent", async ({ page }) => {
  await signInByApi(page);
  await page.goto('/admin/addnewnotice');
  await waitForHydration(page);
  const made = recordRequests(page);
  const pdf = bigFile('scan.pdf', 'application/pdf', NOTICE_ATTACHMENT_LIMITS.pdfBytes + 1);
  pdf.buffer.write('%PDF-1.4', 0, 'latin1');
  await page.getByLabel(/Attachments/u).setInputFiles(pdf);
  await expect(page.getByRole('alert')).toHaveText('The PDF is larger than 10 MB. Please choose a smaller file.');
  expect(made).toEqual([]);
});
