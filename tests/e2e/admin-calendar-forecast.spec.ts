import { type Page, expect, test } from '@playwright/test';
import { BASE_URL } from './support/env.ts';
import { setServerClock } from './support/clock.ts';
import { waitForHydration } from './support/hydration.ts';
import { signInByApi } from './support/pages.ts';
import { screenshots } from './support/screenshots.ts';
import { a } from '#server/test-support/seasons.ts';

// On 29 Nov 2026 (2083 B.S.) the year 2084 B.S. is a forecast: a season with dates in it is warned about on
// its page and on Today until an owner confirms 2084 on /admin/calendar from the printed government calendar.
// The season is a draft made through the API and deleted after; the confirmation is withdrawn after each test.
test.describe.configure({ mode: 'serial' });

const headers = { origin: BASE_URL };
const PRINTED = 'Nepal Panchanga Nirnayak Samiti calendar 2084, printed';
const SEASON = a.season({ name: '2098/99', entranceOn: '2084-04-10' });
let seasonId = '';

test.beforeAll(async ({ browser }) => {
  setServerClock('2026-11-29T06:00:00Z');
  const page = await browser.newPage();
  await signInByApi(page);
  const season = await page.request.post('/api/admin/seasons', { headers, data: SEASON });
  expect(season.status(), await season.text()).toBe(201);
  seasonId = ((await season.json()) as { id: string }).id;
  await page.close();
});

test.afterAll(async ({ browser }) => {
  const page = await browser.newPage();
  await signInByApi(page);
  expect((await page.request.delete(`/api/admin/seasons/${seasonId}`, { headers })).status()).toBe(204);
  await page.close();
  setServerClock(null);
});

/** Withdraws the confirmation of 2084 if a test gave one (404: none was given). */
async function withdraw2084(page: Page) {
  const res = await page.request.delete('/api/admin/calendar/2084/confirm', { headers });
  expect([200, 404]).toContain(res.status());
}

const card2084 = (page: Page) => page.getByRole('article', { name: '2084 B.S.' });
const warning = (page: Page) => page.getByRole('note').filter({ hasText: 'Dates not yet checked' });

test.describe('the B.S. calendar forecast @phone', () => {
  test.beforeEach(async ({ page }) => {
    await signInByApi(page);
  });
  test.afterEach(async ({ page }) => withdraw2084(page));

  test('a season in 2084 is warned about until an owner confirms 2084 from the printed calendar', async ({ page }) => {
    // Full-page screenshots at two widths (when E2E_SCREENSHOTS is set) take their time.
    test.setTimeout(120_000);
    await page.goto(`/admin/seasons/${seasonId}`);
    await waitForHydration(page);
    await expect(warning(page)).toContainText('season 2098/99 has dates in the forecast year 2084 B.S.');
    await screenshots(page, 'season-forecast-warning');

    await page.goto('/admin');
    await expect(page.getByRole('region', { name: 'B.S. calendar' })).toContainText(
      "Season 2098/99 has dates in the forecast year 2084 B.S.: not yet checked against the government's calendar",
    );
    await screenshots(page, 'today-forecast');

    await page.goto(`/admin/seasons/${seasonId}`);
    await waitForHydration(page);
    await warning(page).getByRole('link', { name: 'Confirm it on the B.S. calendar page' }).click();
    await expect(page).toHaveURL(/\/admin\/calendar$/u);
    await expect(page.getByText('two other maintained calendar packages disagree')).toBeVisible();
    const card = card2084(page);
    await expect(card).toContainText("Forecast — not yet checked against the government's calendar");
    await expect(card2084(page).getByText('Forecast')).toBeVisible();
    await screenshots(page, 'calendar-forecast');

    // A confirmation that names no calendar is refused by name, and nothing is confirmed.
    await card.getByRole('button', { name: 'Confirm 2084' }).click();
    await expect(card.getByLabel('Confirmed from')).toHaveJSProperty('validity.valueMissing', true);

    await card.getByLabel('Confirmed from').fill(PRINTED);
    await card.getByRole('button', { name: 'Confirm 2084' }).click();
    await expect(card).toContainText(`Confirmed from ${PRINTED} by admin@orbit.test on`);
    await expect(card).not.toContainText('Forecast');
    await screenshots(page, 'calendar-confirmed');
    await expect(page.getByRole('status').filter({ hasText: 'Confirmed:' }).first()).toBeAttached();

    await page.goto(`/admin/seasons/${seasonId}`);
    await expect(page.getByRole('heading', { name: 'Season 2098/99' })).toBeVisible();
    await expect(warning(page)).toHaveCount(0);
    await page.goto('/admin');
    await expect(page.getByText('Season 2098/99 has dates in')).toHaveCount(0);
  });
});

test.describe('the B.S. calendar forecast without JavaScript @phone', () => {
  test.use({ javaScriptEnabled: false });
  test.beforeEach(async ({ page }) => {
    await signInByApi(page);
  });
  test.afterEach(async ({ page }) => withdraw2084(page));

  test('confirms 2084 with a plain form post, and refuses a blank source by name', async ({ page }) => {
    await page.goto('/admin/calendar');
    const card = card2084(page);
    await expect(card).toContainText('Forecast');
    await card.getByLabel('Confirmed from').fill('   ');
    await card.getByRole('button', { name: 'Confirm 2084' }).click();
    await expect(card2084(page)).toContainText('Confirmed from: name the printed calendar you checked the year with.');
    await expect(card2084(page)).toContainText('Forecast');

    await card2084(page).getByLabel('Confirmed from').fill(PRINTED);
    await card2084(page).getByRole('button', { name: 'Confirm 2084' }).click();
    await expect(page.getByRole('status')).toContainText('Confirmed: 2084 B.S. is checked against');
    await expect(card2084(page)).toContainText(`Confirmed from ${PRINTED} by admin@orbit.test on`);
    await page.goto(`/admin/seasons/${seasonId}`);
    await expect(page.getByRole('heading', { name: 'Season 2098/99' })).toBeVisible();
    await expect(warning(page)).toHaveCount(0);
  });
});
