import { expect, test } from '@playwright/test';
import { openDb } from '#server/db/db.ts';
import { uploadsDir } from '#server/storage/create-storage.ts';
import { createLocalStorage } from '#server/storage/local-storage.ts';
import { type ApplicationFixture, removeApplications, seedApplications } from '#server/test-support/applications.ts';
import { giveAccessKey } from '#server/test-support/access-key.ts';
import { openStatusWithKey } from './support/application-status.ts';
import { E2E_DATA_DIR } from './support/env.ts';
import { signInByApi } from './support/pages.ts';
import { screenshots } from './support/screenshots.ts';

// An application's page says what the applicant sent in words, as the form offered it: 'Male' (not the
// stored 'male'), the province by its current name, the date of birth as a B.S. date in words; and the
// header greets nobody as 'Admin'. The applicant's own status page in Nepali shows no stored code either. The applications are written into the e2e server's database and removed after.
test.describe.configure({ mode: 'serial' });

let f: ApplicationFixture;
const db = () => openDb({ dataDir: E2E_DATA_DIR });

test.beforeAll(async () => {
  const conn = db();
  try {
    f = await seedApplications(conn, createLocalStorage(uploadsDir(E2E_DATA_DIR)), { count: 2 });
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

test('the office reads gender, province and date of birth in words @phone', async ({ page }, testInfo) => {
  await signInByApi(page);
  // The second seeded applicant: male, born 2068-02-02 B.S., living in province 3.
  await page.goto(`/admin/applications/${f.applications[1]!.id}`);
  const field = (label: string) =>
    page
      .locator('.application-fields dl > div')
      .filter({ has: page.getByText(label, { exact: true }) })
      .locator('dd');
  await expect(field('Gender')).toHaveText('Male');
  await expect(field('Province')).toHaveText('Bagmati Province');
  await expect(field('Date of birth')).toHaveText(/^2 Jestha 2068 B\.S\. \(\d+ May 2011\)$/u);
  await expect(page.getByText('Hello Admin')).toHaveCount(0);
  if (testInfo.project.name === 'desktop') await screenshots(page, 'application-words');
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width).toBeLessThanOrEqual(page.viewportSize()!.width);
});

test("in Nepali, the applicant's status page shows no gender code and no province number @phone", async ({ page }) => {
  const conn = db();
  let key: string;
  try {
    key = await giveAccessKey(conn, f.applications[1]!.reference);
  } finally {
    await conn.destroy();
  }
  // The second seeded applicant: male, living in province 3 (Bagmati).
  await openStatusWithKey(page, '/ne/admission/status', f.applications[1]!.reference, key);
  const main = page.locator('main');
  await expect(main.getByText(f.applications[1]!.reference).first()).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'ne');
  const text = await main.innerText();
  expect(text).not.toMatch(/\b(?:fe)?male\b|Province|प्रदेश\s*[0-9०-९]/iu);
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width).toBeLessThanOrEqual(page.viewportSize()!.width);
});
