import { expect, test } from '@playwright/test';
import { openDb } from '#server/db/db.ts';
import { uploadsDir } from '#server/storage/create-storage.ts';
import { createLocalStorage } from '#server/storage/local-storage.ts';
import { type ApplicationFixture, removeApplications, seedApplications } from '#server/test-support/applications.ts';
import { E2E_DATA_DIR } from './support/env.ts';
import { violations } from './support/axe.ts';
import { signInByApi } from './support/pages.ts';
import { screenshots } from './support/screenshots.ts';

// The office at work on applications written into the e2e server's own database and uploads folder (the
// applicant's form is tested on its own): it filters, opens one, asks for a correction, verifies the voucher
// and offers a seat; without JavaScript it adds a note. Everything made here is removed afterwards.
test.describe.configure({ mode: 'serial' });

let f: ApplicationFixture;
const db = () => openDb({ dataDir: E2E_DATA_DIR });

test.beforeAll(async () => {
  const conn = db();
  try {
    f = await seedApplications(conn, createLocalStorage(uploadsDir(E2E_DATA_DIR)), {
      count: 12,
      withFiles: 2,
      seats: { science: 3 },
    });
  } finally {
    await conn.destroy();
  }
});

test.afterAll(async () => {
  const conn = db();
  try {
    await removeApplications(conn, f);
  } finally {
    await conn.destroy();
  }
});

test('the office filters, opens an application, asks for a correction, verifies the voucher and offers a seat', async ({
  page,
}) => {
  // Many pages and writes in one story: 15 s on a quiet machine.
  test.setTimeout(90_000);
  await signInByApi(page);
  await page.goto('/admin/applications');
  await expect(page.getByRole('heading', { name: 'Applications 2084/85' })).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: '12 applications' })).toBeVisible();
  await screenshots(page, 'applications');
  expect(await violations(page)).toEqual([]);

  const filters = page.getByRole('form', { name: 'Filter the applications' });
  await filters.getByLabel('Search').fill('sita sharma');
  await filters.getByLabel('State').selectOption({ label: 'Submitted' });
  await filters.getByRole('button', { name: 'Show' }).click();
  await expect(page).toHaveURL(/q=sita\+sharma/u);
  await expect(page.getByRole('status').filter({ hasText: '1 application' })).toBeVisible();
  await page.getByRole('link', { name: 'ORB-2084-0001' }).click();

  await expect(page.getByRole('heading', { name: /SITA SHARMA/u })).toBeVisible();
  await expect(page.getByRole('img', { name: 'Photo of SITA SHARMA' })).toBeVisible();
  const sheet = page.getByRole('link', { name: /SEE grade sheet \(PDF, 1 page\)/u });
  const pdf = await page.request.get((await sheet.getAttribute('href'))!);
  expect(pdf.status()).toBe(200);
  expect(pdf.headers()['content-type']).toBe('application/pdf');
  await screenshots(page, 'application');
  expect(await violations(page)).toEqual([]);

  await page
    .getByLabel('What the applicant should correct (shown on their status page)')
    .fill('Send the whole grade sheet.');
  await page.getByRole('button', { name: 'Ask for a correction' }).click();
  await expect(page.getByText('Asked to correct:')).toContainText('Send the whole grade sheet.');

  await page.getByRole('button', { name: 'Documents verified' }).click();
  await expect(page.getByLabel('Seats')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Offered' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Verify the fee' }).click();
  await expect(page.getByRole('button', { name: 'Offered' })).toBeVisible();
  await page.getByRole('button', { name: 'Offered' }).click();
  await expect(page.getByLabel('Seats')).toContainText('Science: 3 seats, 2 offered, 0 admitted, 1 left');

  const history = page.getByRole('region', { name: 'History and notes' });
  await expect(history.getByText('Needs correction → Documents verified')).toBeVisible();
  await expect(history.getByText('Documents verified → Fee verified')).toBeVisible();
  await expect(history.getByText('Fee verified → Offered')).toBeVisible();
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('a note is added by a plain form post', async ({ page }) => {
    await signInByApi(page);
    await page.goto(`/admin/applications/${f.applications[1]!.id}`);
    await page.getByLabel('Add a note for the office').fill('The father will bring the voucher on Sunday.');
    await page.getByRole('button', { name: 'Add note' }).click();
    await expect(page.getByRole('status')).toHaveText('Note added.');
    await expect(page.getByText('The father will bring the voucher on Sunday.')).toBeVisible();
  });
});
