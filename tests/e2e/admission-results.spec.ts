import { type Page, expect, test } from '@playwright/test';
import { openDb } from '#server/db/db.ts';
import type { ApplicationFixture } from '#server/test-support/applications.ts';
import { toDevanagariDigits } from '#common/i18n/nepali-numbers.ts';
import { BASE_URL, E2E_DATA_DIR } from './support/env.ts';
import { violations } from './support/axe.ts';
import { dropResultsSeason, seedResultsSeason } from './support/results-season.ts';
import { signInByApi } from './support/pages.ts';
import { taggedTestsOnly } from './support/tagged-only.ts';
import { screenshots } from './support/screenshots.ts';

// Results day on the e2e server: six Science candidates with marks written into its database, the office's
// settings and publishing through the admin API (published now), then students look up their results in
// both languages, with and without JavaScript, and the results notice reaches the notice board.
test.describe.configure({ mode: 'serial' });

let f: ApplicationFixture;
const ROLL = 7001;
const MARKS = [9000, 8000, 7000, 6000, 5000, 2000];
let births: string[] = [];

test.beforeAll(async () => {
  ({ f, births } = await seedResultsSeason({ roll: ROLL, marks: MARKS, seats: 2 }));
});

test.afterAll(async ({ browser }) => {
  await dropResultsSeason(browser, f);
});

async function lookUp(page: Page, path: string, roll: string, birth: string) {
  await page.goto(path);
  const [year, month, day] = birth.split('-');
  await page.locator('#field-roll_number').fill(roll);
  await page.locator('#field-birth_year').selectOption(String(Number(year)));
  await page.locator('#field-birth_month').selectOption(String(Number(month)));
  await page.locator('#field-birth_day').selectOption(String(Number(day)));
  await page.locator('form.apply-lookup button[type=submit]').click();
}

test('before publishing, a correct roll number and date of birth find nothing', async ({ page }) => {
  await lookUp(page, '/admission/results', String(ROLL), births[0]!);
  await expect(page.getByRole('alert')).toContainText('No result matches');
});

/** The season whose results publishNow published (a phone-only run's tests each publish for themselves, once). */
let publishedSeason = '';

/** The office's settings and publishing, through the admin API, as the office's page sends them. */
async function publishNow(page: Page) {
  if (publishedSeason === f.seasonId) return;
  await signInByApi(page);
  const headers = { origin: BASE_URL };
  const settings = await page.request.put(`/api/admin/merit/${f.seasonId}/settings`, {
    headers,
    data: {
      rules: ['marks', 'gpa', 'mathematics', 'science', 'english', 'older'],
      passMark: 40,
      fullMarks: 100,
      showMarks: true,
      listNames: true,
      autoOffer: true,
      confirmDays: 7,
    },
  });
  expect(settings.status(), await settings.text()).toBe(200);
  const published = await page.request.post(`/api/admin/merit/${f.seasonId}/publish`, { headers, data: {} });
  expect(published.status(), await published.text()).toBe(200);
  expect((await published.json()).publishedAt).not.toBeNull();
  publishedSeason = f.seasonId;
}

test('the office sets the rules and publishes the results now', async ({ page }) => {
  await publishNow(page);
});

test('@phone a student looks up an offer: marks, deadline, what to do next', async ({ page }) => {
  // Run alone (the phone project runs only this test of the file), it publishes for itself what the office's test did.
  if (taggedTestsOnly()) await publishNow(page);
  await lookUp(page, '/admission/results', String(ROLL), births[0]!);
  const answer = page.locator('.results-answer');
  await expect(answer.getByRole('heading', { level: 2 })).toHaveText('You are offered a seat');
  await expect(answer).toContainText('Entrance marks: 90 of 100');
  await expect(answer).toContainText('B.S.');
  expect(await violations(page)).toEqual([]);
  await screenshots(page, 'results-offered');
});

test('@phone once the results are out, /admission links to the results look-up and the status page, in both languages', async ({
  page,
}) => {
  if (taggedTestsOnly()) await publishNow(page);
  await page.goto('/admission');
  const results = page.getByRole('region', { name: 'Results are published' });
  await expect(results.getByRole('link', { name: 'Look up your entrance result' })).toHaveAttribute(
    'href',
    '/admission/results',
  );
  await expect(results.getByRole('link', { name: 'See your application status and offer' })).toHaveAttribute(
    'href',
    '/admission/status',
  );
  await screenshots(page, 'admission-after-results');
  await page.goto('/ne/admission');
  const nepali = page.getByRole('region', { name: 'नतिजा प्रकाशित भयो' });
  await expect(nepali.getByRole('link', { name: 'आफ्नो प्रवेश परीक्षाको नतिजा हेर्नुहोस्' })).toHaveAttribute(
    'href',
    '/ne/admission/results',
  );
  await expect(nepali.getByRole('link', { name: 'आफ्नो आवेदनको अवस्था र सिटको प्रस्ताव हेर्नुहोस्' })).toHaveAttribute(
    'href',
    '/ne/admission/status',
  );
  await nepali.getByRole('link', { name: 'आफ्नो प्रवेश परीक्षाको नतिजा हेर्नुहोस्' }).click();
  await expect(page).toHaveURL(/\/ne\/admission\/results$/u);
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('a student finds a waiting-list place in Nepali, typing the roll number in Devanagari digits', async ({
    page,
  }) => {
    await lookUp(page, '/ne/admission/results', toDevanagariDigits(ROLL + 3), births[3]!);
    await expect(page.locator('.results-answer h2')).toHaveText('तपाईं प्रतीक्षा सूचीमा हुनुहुन्छ: क्रम २');
    await screenshots(page, 'results-waitlisted-ne');
  });

  test('a wrong date of birth gets the same answer as an unknown roll number', async ({ page }) => {
    await lookUp(page, '/admission/results', String(ROLL), births[1]!);
    const wrong = await page.getByRole('alert').textContent();
    await lookUp(page, '/admission/results', '99999', births[0]!);
    expect(await page.getByRole('alert').textContent()).toBe(wrong);
  });
});

test('the results notice is on the notice board with the pass list as a PDF', async ({ page }) => {
  // The server's schedule makes the notice after the publishing commits (every second on the test server, whose
  // clock is moved by a file; every 20 s on a real site).
  await expect
    .poll(
      async () => {
        const conn = openDb({ dataDir: E2E_DATA_DIR });
        try {
          return (
            await conn
              .selectFrom('merit_settings')
              .select('notice_id')
              .where('season_id', '=', f.seasonId)
              .executeTakeFirst()
          )?.notice_id;
        } finally {
          await conn.destroy();
        }
      },
      { timeout: 15_000 },
    )
    .toBeTruthy();
  await page.goto('/notices');
  await screenshots(page, 'results-board');
  // The board links a notice with one PDF straight to its file: the pass list, printed by Chromium.
  const href = await page
    .getByRole('link', { name: /Entrance results 2084\/85/u })
    .first()
    .getAttribute('href');
  expect(href).toBeTruthy();
  const pdf = await page.request.get(href!);
  expect(pdf.headers()['content-type']).toContain('application/pdf');
  expect((await pdf.body()).subarray(0, 5).toString('latin1')).toBe('%PDF-');
  await page.goto(href!);
  await screenshots(page, 'results-notice');

  // In Nepali too: the board read in Nepali has the notice in Nepali, with the pass list.
  await page.goto('/ne/notices');
  const nepali = page.getByRole('link', { name: /प्रवेश परीक्षाको नतिजा २०८४\/८५/u }).first();
  await expect(nepali).toBeVisible();
  const nepaliPdf = await page.request.get((await nepali.getAttribute('href'))!);
  expect(nepaliPdf.headers()['content-type']).toContain('application/pdf');
});
