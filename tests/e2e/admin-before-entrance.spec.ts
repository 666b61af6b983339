import { type Page, expect, test } from '@playwright/test';
import { bsToAdDate, formatBs, toBsDate } from '#common/dates/bs-date.ts';
import { bsDateString } from '#common/dates/bs-date-string.ts';
import { openDb } from '#server/db/db.ts';
import type { ApplicationFixture } from '#server/test-support/applications.ts';
import { E2E_DATA_DIR } from './support/env.ts';
import { signInByApi } from './support/pages.ts';
import { dropResultsSeason, seedResultsSeason } from './support/results-season.ts';
import { screenshots } from './support/screenshots.ts';

// Marks imported or saved in a session's grid, or results published, before the season's entrance date are
// asked about first: with
// JavaScript in a dialog, without it by a box to tick in the form; the server refuses them unconfirmed.
test.describe.configure({ mode: 'serial' });

let f: ApplicationFixture;
/** The session the candidates are seated in: its page has the marks grid. */
let sessionId = '';
const ROLL = 7401;
const entranceDay = toBsDate(new Date(Date.now() + 10 * 86_400_000));
const AD_FORMAT = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  timeZone: 'UTC',
});
const QUESTION = `The entrance examination is on ${formatBs(entranceDay)}, and that day has not come`;

test.beforeAll(async () => {
  ({ f } = await seedResultsSeason({ roll: ROLL, marks: [9000, 8000], seats: 1 }));
  const conn = openDb({ dataDir: E2E_DATA_DIR });
  try {
    await conn
      .updateTable('admission_seasons')
      .set({ entrance_on: bsDateString(entranceDay) })
      .where('id', '=', f.seasonId)
      .execute();
    sessionId = (
      await conn
        .selectFrom('entrance_sessions')
        .select('id')
        .where('season_id', '=', f.seasonId)
        .executeTakeFirstOrThrow()
    ).id;
  } finally {
    await conn.destroy();
  }
});

test.afterAll(async ({ browser }) => {
  await dropResultsSeason(browser, f);
});

const marksFile = (marks: string) => ({
  name: 'marks.csv',
  mimeType: 'text/csv',
  buffer: Buffer.from(`Roll number,Marks\n${ROLL},${marks}\n`),
});

async function chooseFile(page: Page, marks: string) {
  await page.goto(`/admin/entrance?season=${f.seasonId}`);
  await page.getByLabel('CSV file', { exact: true }).setInputFiles(marksFile(marks));
}

test('with JavaScript, importing marks before the entrance date asks in a dialog first @phone', async ({ page }) => {
  await signInByApi(page);
  await chooseFile(page, '७१');
  await expect(page.getByText(QUESTION)).toBeVisible();
  await screenshots(page, 'entrance-before-exam');
  await page.getByRole('button', { name: 'Import' }).click();
  const dialog = page.getByRole('dialog', { name: 'Before the entrance date' });
  await expect(dialog).toContainText(`${QUESTION}: import the marks anyway?`);
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(page.getByText('Marks imported')).toHaveCount(0);
  await page.getByRole('button', { name: 'Import' }).click();
  await dialog.getByRole('button', { name: 'Yes, import the marks before the entrance date' }).click();
  await expect(page.getByText(/Marks imported: 1 rows read/u)).toBeVisible();

  await page.goto(`/admin/merit?season=${f.seasonId}`);
  await expect(page.getByText(QUESTION)).toBeVisible();
  // The A.D. day beside a B.S. date follows the choices at once, before anything is saved.
  const date = page.getByRole('group', { name: 'Publish on (B.S.)' });
  await date.getByLabel('Year').selectOption(String(entranceDay.year));
  await date.getByLabel('Month').selectOption(String(entranceDay.month));
  await expect(date.locator('.bs-date-field__ad')).toHaveCount(0);
  await date.getByLabel('Day').selectOption(String(entranceDay.day));
  await expect(date).toContainText(`${AD_FORMAT.format(new Date(`${bsToAdDate(entranceDay)}T00:00:00Z`))} A.D.`);
  await date.getByLabel('Day').selectOption(String(entranceDay.day === 1 ? 2 : 1));
  await expect(date).not.toContainText(`${AD_FORMAT.format(new Date(`${bsToAdDate(entranceDay)}T00:00:00Z`))} A.D.`);
  await page.getByRole('button', { name: 'Publish now' }).click();
  await expect(page.getByRole('dialog', { name: 'Before the entrance date' })).toContainText(
    `${QUESTION}: publish the results anyway?`,
  );
  await page.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click();
  await expect(page.locator('.merit-published')).toHaveCount(0);
  await screenshots(page, 'merit-before-exam');
});

/** The grid's marks of the first candidate, and the next whole number to type (a change at every run). */
async function nextMarks(page: Page) {
  const input = page.getByLabel(`Marks of roll number ${ROLL}`);
  return { input, next: String(Math.floor(Number(await input.inputValue())) + 1) };
}

test('with JavaScript, saving the marks grid before the entrance date asks in a dialog first @phone', async ({
  page,
}) => {
  await signInByApi(page);
  await page.goto(`/admin/entrance/sessions/${sessionId}`);
  await expect(page.getByText(`${QUESTION}: save the marks anyway?`)).toBeVisible();
  const { input, next } = await nextMarks(page);
  await input.fill(next);
  await screenshots(page, 'entrance-session-before-exam');
  await page.getByRole('button', { name: 'Save the marks' }).click();
  const dialog = page.getByRole('dialog', { name: 'Before the entrance date' });
  await expect(dialog).toContainText(`${QUESTION}: save the marks anyway?`);
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(page.getByText('Marks saved')).toHaveCount(0);
  await page.getByRole('button', { name: 'Save the marks' }).click();
  await dialog.getByRole('button', { name: 'Yes, save the marks before the entrance date' }).click();
  await expect(page.getByRole('status')).toHaveText('Marks saved: 1 changed.');
  await page.reload();
  await expect(page.getByLabel(`Marks of roll number ${ROLL}`)).toHaveValue(next);
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('importing before the entrance date is refused with the question until the box is ticked', async ({ page }) => {
    await signInByApi(page);
    await chooseFile(page, '72.5');
    await page.getByRole('button', { name: 'Import' }).click();
    await expect(page.getByText(`${QUESTION}: import the marks anyway?`).first()).toBeVisible();
    await expect(page.getByText('Marks imported')).toHaveCount(0);
    await chooseFile(page, '72.5');
    await page.getByLabel('Yes, import the marks before the entrance date').check();
    await page.getByRole('button', { name: 'Import' }).click();
    await expect(page.getByText(/Marks imported: 1 rows read/u)).toBeVisible();
  });

  test('saving the marks grid before the entrance date is refused with the question until the box is ticked @phone', async ({
    page,
  }) => {
    await signInByApi(page);
    await page.goto(`/admin/entrance/sessions/${sessionId}`);
    const { input, next } = await nextMarks(page);
    await input.fill(next);
    await page.getByRole('button', { name: 'Save the marks' }).click();
    await expect(page.getByRole('alert')).toContainText(`${QUESTION}: save the marks anyway?`);
    await expect(page.getByText('Marks saved')).toHaveCount(0);
    // Refused: what was typed stays in the grid, and ticking the box sends it again.
    await expect(input).toHaveValue(next);
    await page.getByLabel('Yes, save the marks before the entrance date').check();
    await page.getByRole('button', { name: 'Save the marks' }).click();
    await expect(page.getByRole('status')).toHaveText('Marks saved: 1 changed.');
    await expect(input).toHaveValue(next);
  });
});
