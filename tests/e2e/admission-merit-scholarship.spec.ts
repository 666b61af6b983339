import { expect, test } from '@playwright/test';
import { openDb } from '#server/db/db.ts';
import { uploadsDir } from '#server/storage/create-storage.ts';
import { createLocalStorage } from '#server/storage/local-storage.ts';
import { type ApplicationFixture, seedApplications } from '#server/test-support/applications.ts';
import { seatCandidates } from '#server/test-support/entrance-candidates.ts';
import { E2E_DATA_DIR } from './support/env.ts';
import { signInByApi } from './support/pages.ts';
import { dropResultsSeason } from './support/results-season.ts';
import { screenshots } from './support/screenshots.ts';

// Scholarship seats on the merit list: Science has 2 seats, 1 of them a scholarship seat of the category. The
// category's best candidate (first on marks) earns the open seat on merit; the scholarship seat goes to the
// next of the category; the page says both, never 'open seat' beside '0 of 1 filled' without a word.
test.describe.configure({ mode: 'serial' });

let f: ApplicationFixture;
const ROLL = 7301;
/** Marks by application; the first and the last are of the scholarship category. */
const MARKS = [9000, 8000, 7000, 6000];

test.beforeAll(async () => {
  const conn = openDb({ dataDir: E2E_DATA_DIR });
  try {
    f = await seedApplications(conn, createLocalStorage(uploadsDir(E2E_DATA_DIR)), {
      count: MARKS.length,
      withFiles: 0,
      seats: { science: 2 },
      override: () => ({
        row: { state: 'fee-verified', category_id: null },
        payment: 'verified',
        programme: 'science',
      }),
    });
    for (const i of [0, 3]) {
      await conn
        .updateTable('applications')
        .set({ category_id: f.categoryId })
        .where('id', '=', f.applications[i]!.id)
        .execute();
    }
    await conn.updateTable('scholarship_categories').set({ name_en: 'Dalit' }).where('id', '=', f.categoryId).execute();
    await conn
      .updateTable('admission_programmes')
      .set({ scholarship_seats: JSON.stringify({ [f.categoryId]: 1 }) })
      .where('id', '=', f.science)
      .execute();
    await seatCandidates(
      conn,
      f.seasonId,
      MARKS.map((m, i) => ({ applicationId: f.applications[i]!.id, rollNumber: ROLL + i, marksHundredths: m })),
    );
  } finally {
    await conn.destroy();
  }
});

test.afterAll(async ({ browser }) => {
  await dropResultsSeason(browser, f);
});

test('a scholarship candidate first on merit holds an open seat, said so; the next of the category the scholarship seat @phone', async ({
  page,
}) => {
  await signInByApi(page);
  await page.goto(`/admin/merit?season=${f.seasonId}`);
  const row = (roll: number) =>
    page.locator('tr', { has: page.getByRole('cell', { name: String(roll), exact: true }) });
  await expect(row(ROLL)).toContainText('Offered (open seat, on merit; scholarship seats kept for the next)');
  await expect(row(ROLL + 1)).toContainText('Waiting list, 1');
  await expect(row(ROLL + 3)).toContainText('Offered (Dalit scholarship seat)');
  const science = page.locator('.merit-programme').filter({ has: page.getByRole('heading', { name: 'Science' }) });
  await expect(science.locator('.merit-seats')).toContainText(
    'Dalit: 1 of 1 scholarship seats filled; 1 of the category holds an open seat on merit',
  );
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width).toBeLessThanOrEqual(page.viewportSize()!.width);
  await screenshots(page, 'merit-scholarship');
});
