import { type Browser, type Page, expect, test } from '@playwright/test';
import { BASE_URL } from './support/env.ts';
import { waitForHydration } from './support/hydration.ts';
import { signInByApi } from './support/pages.ts';

// An owner corrects 2084 B.S. (Ashadh a day shorter, Shrawan a day longer: 1 Shrawan moves a day earlier),
// sees what it changes, and removes the correction, with JavaScript and without. The tests change the shared
// server's calendar, so they run in order and remove the correction whatever happens.
test.describe.configure({ mode: 'serial', timeout: 90_000 });

/** With E2E_SHOTS_DIR=<dir>, full-page pictures of /admin/calendar, to look at (not compared). */
const SHOTS = process.env.E2E_SHOTS_DIR;

const SOURCE = 'Government of Nepal, Nepal Panchanga Nirnayak Samiti calendar 2084';
const MOVED = '1 Shrawan 2084 will be 16 Jul 2027 instead of 17 Jul 2027.';
const SAVED = 'Saved: 2084 B.S. has the corrected lengths. 1 Shrawan 2084 is now 16 Jul 2027 instead of 17 Jul 2027.';

const year2084 = (page: Page) => page.getByRole('article', { name: '2084 B.S.' });

/** Takes away a correction a failed test left behind (404 when there is none). */
async function removeLeftover(page: Page) {
  await page.request.delete('/api/admin/calendar/2084', { headers: { origin: BASE_URL } });
}

async function signedIn(browser: Browser, javaScriptEnabled: boolean) {
  const page = await browser.newPage({ javaScriptEnabled });
  await signInByApi(page);
  return page;
}

async function fillCorrection(page: Page) {
  await page.getByLabel('Ashadh').fill('31');
  await page.getByLabel('Shrawan').fill('32');
  await page.getByLabel('Source').fill(SOURCE);
}

async function expectCorrected(page: Page) {
  const card = year2084(page);
  await expect(card).toContainText('Corrected · 365 days');
  await expect(card).toContainText(`Source: ${SOURCE}. Saved by`);
  await expect(card.getByRole('listitem').filter({ hasText: 'Ashadh' })).toHaveText('Ashadh 31 (package: 32)');
  await expect(card.getByRole('listitem').filter({ hasText: 'Shrawan' })).toHaveText('Shrawan 32 (package: 31)');
}

async function removeCorrection(page: Page) {
  await year2084(page).getByRole('button', { name: 'Remove the correction of 2084' }).click();
  // Asked first (a dialog with JavaScript, the question in the page without), naming the months that change back.
  await expect(
    page.getByText('2084 B.S. has the package’s lengths again (Ashadh 31 → 32 days, Shrawan 32 → 31'),
  ).toBeVisible();
  await page.getByRole('button', { name: 'Remove the correction', exact: true }).click();
  // The answer: a toast with JavaScript, the page's status line without.
  await expect(page.getByText('Correction removed: the year has the package’s lengths again.').first()).toBeVisible();
  await expect(year2084(page)).toContainText('From the package · 365 days');
  await expect(year2084(page).getByRole('button', { name: /Remove/u })).toHaveCount(0);
}

test('an owner corrects 2084 with a source, sees what moves, and removes the correction @phone', async ({
  browser,
}, testInfo) => {
  const page = await signedIn(browser, true);
  try {
    await page.goto('/admin/calendar');
    await waitForHydration(page);
    await expect(year2084(page)).toContainText('From the package');
    await year2084(page).getByRole('link', { name: 'Correct 2084' }).click();
    await expect(page.getByRole('heading', { name: 'Correct 2084 B.S.' })).toBeVisible();
    await fillCorrection(page);
    // Worked out as the lengths are typed.
    await expect(page.getByRole('region', { name: 'What this changes' })).toContainText(MOVED);
    await page.getByRole('button', { name: 'Save the correction' }).click();
    await expect(page.getByRole('status')).toHaveText(SAVED);
    await expectCorrected(page);

    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/calendar-${testInfo.project.name}.png`, fullPage: true });

    await removeCorrection(page);
  } finally {
    await removeLeftover(page);
    await page.close();
  }
});

test('without JavaScript: a refused year keeps what was typed, the preview shows what moves, then save and remove', async ({
  browser,
}) => {
  const page = await signedIn(browser, false);
  try {
    await page.goto('/admin/calendar?year=2084');
    await page.getByLabel('Ashadh').fill('31');
    await page.getByLabel('Source').fill(SOURCE);
    await page.getByRole('button', { name: 'Save the correction' }).click();
    await expect(page.getByText('Months: the twelve months add up to 364 days; a year has 365 or 366.')).toBeVisible();
    await expect(page.getByLabel('Ashadh')).toHaveValue('31');
    await expect(year2084(page)).toContainText('From the package');

    await page.getByLabel('Shrawan').fill('32');
    await page.getByRole('button', { name: 'Preview' }).click();
    await expect(page.getByRole('region', { name: 'What this changes' })).toContainText(MOVED);
    await expect(year2084(page)).toContainText('From the package');

    await page.getByRole('button', { name: 'Save the correction' }).click();
    await expect(page.getByRole('status')).toHaveText(SAVED);
    await expectCorrected(page);
    await removeCorrection(page);
  } finally {
    await removeLeftover(page);
    await page.close();
  }
});
