import { expect, test } from '@playwright/test';
import { openDb } from '#server/db/db.ts';
import { uploadsDir } from '#server/storage/create-storage.ts';
import { createLocalStorage } from '#server/storage/local-storage.ts';
import { type ApplicationFixture, removeApplications, seedApplications } from '#server/test-support/applications.ts';
import { E2E_DATA_DIR } from './support/env.ts';
import { signInByApi } from './support/pages.ts';
import { screenshots } from './support/screenshots.ts';

// Two applications of the season give one SEE symbol number with other names and dates of birth (a typo or a
// sibling's number): both are accepted and the office is shown each, linked to the other, in the list and on
// its page. The list's date filter reads a day typed in Devanagari digits. Everything made here is removed.
test.describe.configure({ mode: 'serial' });

let f: ApplicationFixture;
const db = () => openDb({ dataDir: E2E_DATA_DIR });

test.beforeAll(async () => {
  const conn = db();
  try {
    f = await seedApplications(conn, createLocalStorage(uploadsDir(E2E_DATA_DIR)), {
      count: 4,
      withFiles: 0,
      // The second gives the first one's symbol number; its name and date of birth are its own.
      override: (i) => (i === 1 ? { row: { symbol_number: '02000000A', state: 'submitted' } } : undefined),
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

test('the same SEE symbol number is flagged to the office in the list and on both pages, linked @phone', async ({
  page,
}) => {
  await signInByApi(page);
  await page.goto(`/admin/applications?season=${f.seasonId}`);
  const rowOf = (reference: string) => page.getByRole('row', { name: new RegExp(`^Select ${reference} `, 'u') });
  await expect(rowOf('ORB-2084-0001')).toContainText('Same SEE symbol number as ORB-2084-0002');
  await expect(rowOf('ORB-2084-0002')).toContainText('Same SEE symbol number as ORB-2084-0001');
  await expect(rowOf('ORB-2084-0003')).not.toContainText('Same SEE symbol number');
  await screenshots(page, 'same-symbol-number-list');

  await rowOf('ORB-2084-0002').getByRole('link', { name: 'ORB-2084-0002' }).click();
  // The list shows the same words in its rows: the application's own page first, then its flag.
  await page.waitForURL(/\/admin\/applications\/[\w-]+$/u);
  await expect(page.getByText('Same SEE symbol number as ORB-2084-0001')).toBeVisible();
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width).toBeLessThanOrEqual(page.viewportSize()!.width);
  await screenshots(page, 'same-symbol-number-application');
  await page.getByRole('link', { name: 'ORB-2084-0001', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1 })).toContainText(/SITA SHARMA/u);
  await expect(page.getByText('Same SEE symbol number as ORB-2084-0002')).toBeVisible();
});

for (const javaScriptEnabled of [true, false]) {
  test(`the date filter reads a day typed in Devanagari digits (JavaScript ${javaScriptEnabled ? 'on' : 'off'})`, async ({
    browser,
  }) => {
    const page = await browser.newPage({ javaScriptEnabled });
    try {
      await signInByApi(page);
      await page.goto(`/admin/applications?season=${f.seasonId}`);
      const filters = page.getByRole('form', { name: 'Filter the applications' });
      // Seeded one an hour from 9:45 on 1 Ashadh 2084 in Nepal: all four that day, none the next.
      await filters.getByLabel('Submitted from (B.S.)').fill('२०८४-०३-०१');
      await filters.getByLabel('to (B.S.)').fill('२०८४-०३-०१');
      await filters.getByRole('button', { name: 'Show' }).click();
      await expect(page.getByRole('status').filter({ hasText: '4 applications' })).toBeVisible();
      await expect(page.getByRole('alert')).toHaveCount(0);
      await filters.getByLabel('Submitted from (B.S.)').fill('२०८४-०३-०२');
      await filters.getByLabel('to (B.S.)').fill('२०८४-०३-०२');
      await filters.getByRole('button', { name: 'Show' }).click();
      await expect(page.getByRole('status').filter({ hasText: '0 applications' })).toBeVisible();
    } finally {
      await page.close();
    }
  });
}
