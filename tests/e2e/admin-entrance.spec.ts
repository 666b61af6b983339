import fs from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { openDb } from '#server/db/db.ts';
import { uploadsDir } from '#server/storage/create-storage.ts';
import { createLocalStorage } from '#server/storage/local-storage.ts';
import { giveAccessKey } from '#server/test-support/access-key.ts';
import { type ApplicationFixture, seedApplications } from '#server/test-support/applications.ts';
import { openStatusWithKey } from './support/application-status.ts';
import { BASE_URL, E2E_DATA_DIR } from './support/env.ts';
import { violations } from './support/axe.ts';
import { signInByApi } from './support/pages.ts';
import { screenshots } from './support/screenshots.ts';

// The entrance examination on applications written into the e2e server's own database: the office adds a
// session and assigns roll numbers, an applicant opens the admit card from the status page and its check
// address, the office prints every card and imports marks (a bad row refused, then the fixed file). Without
// JavaScript the marks grid is saved by a plain post. Everything made here is removed afterwards.
test.describe.configure({ mode: 'serial' });

let f: ApplicationFixture;
/** The first application's access key: it opens the status page, and from there the admit card. */
let firstKey = '';
const db = () => openDb({ dataDir: E2E_DATA_DIR });

// 0–3: Science, documents and fee verified (0 with a photo); 4: Management (no fee), documents verified;
// 5: still submitted. Five may sit the entrance.
test.beforeAll(async () => {
  const conn = db();
  try {
    f = await seedApplications(conn, createLocalStorage(uploadsDir(E2E_DATA_DIR)), {
      count: 6,
      withFiles: 1,
      override: (i) => {
        if (i <= 3) return { row: { state: 'documents-verified' }, payment: 'verified', programme: 'science' };
        if (i === 4) return { row: { state: 'documents-verified' }, programme: 'management' };
        return { row: { state: 'submitted' }, programme: 'science' };
      },
    });
    firstKey = await giveAccessKey(conn, f.applications[0]!.reference);
  } finally {
    await conn.destroy();
  }
});

test.afterAll(async () => {
  const conn = db();
  try {
    const ids = f.applications.map((a) => a.id);
    await conn.deleteFrom('entrance_candidates').where('season_id', '=', f.seasonId).execute();
    await conn.deleteFrom('entrance_sessions').where('season_id', '=', f.seasonId).execute();
    for (const table of ['application_events', 'application_payments', 'application_documents'] as const) {
      await conn.deleteFrom(table).where('application_id', 'in', ids).execute();
    }
    await conn.deleteFrom('applications').where('season_id', '=', f.seasonId).execute();
    await conn.deleteFrom('admission_programmes').where('season_id', '=', f.seasonId).execute();
    await conn.deleteFrom('scholarship_categories').where('season_id', '=', f.seasonId).execute();
    await conn.deleteFrom('admission_seasons').where('id', '=', f.seasonId).execute();
  } finally {
    await conn.destroy();
  }
});

/** Whether the season's candidates are seated yet. */
async function seated(): Promise<boolean> {
  const conn = db();
  try {
    return (
      (
        await conn
          .selectFrom('entrance_candidates')
          .select('application_id')
          .where('season_id', '=', f.seasonId)
          .execute()
      ).length > 0
    );
  } finally {
    await conn.destroy();
  }
}

const csv = (lines: string[]) => ({ name: 'marks.csv', mimeType: 'text/csv', buffer: Buffer.from(lines.join('\n')) });

test('the office adds a session and assigns roll numbers; the guardian is told', async ({ page }) => {
  test.setTimeout(60_000);
  await signInByApi(page);
  await page.goto(`/admin/entrance?season=${f.seasonId}`);
  await expect(page.getByRole('heading', { name: 'Entrance examination 2084/85' })).toBeVisible();
  await page.locator('select[name="dateYear"]').selectOption('2084');
  await page.locator('select[name="dateMonth"]').selectOption({ label: 'Bhadra' });
  await page.locator('select[name="dateDay"]').selectOption('10');
  await page.getByLabel('Starts at (Nepal time)').fill('10:30');
  await page.getByLabel('Capacity (seats)').fill('20');
  await page.getByLabel('Place or room', { exact: true }).fill('Hall A, ground floor');
  await page.getByLabel('Place in Nepali').fill('हल क, भुइँ तल्ला');
  await page.getByLabel('What to bring', { exact: true }).fill('This card, a black pen and a pencil.');
  await page.getByRole('button', { name: 'Add the session' }).click();
  await expect(page.getByRole('status')).toHaveText('Session added.');
  const row = page.getByRole('row', { name: /Hall A, ground floor/u });
  await expect(row).toContainText('10 Bhadra 2084 B.S. (26 Aug 2027), 10:30');
  await expect(page.getByText('5 applications have their documents and fee verified')).toBeVisible();

  await page.getByRole('button', { name: 'Assign roll numbers' }).click();
  await expect(page.getByRole('status')).toContainText('5 roll numbers assigned (1–5)');
  await expect(row).toContainText('5 of 20');
  await screenshots(page, 'entrance');
  expect(await violations(page)).toEqual([]);

  const conn = db();
  try {
    const told = await conn
      .selectFrom('outbox_messages')
      .select('id')
      .where('event', '=', `application-admit-card:${f.applications[0]!.id}`)
      .execute();
    expect(told.length).toBeGreaterThan(0);
  } finally {
    await conn.destroy();
  }
});

test('an applicant opens the admit card from the status page, and its QR address checks it @phone', async ({
  page,
}) => {
  const first = f.applications[0]!;
  // At phone width this test runs alone: the office's session and roll numbers are made through the API.
  if (!(await seated())) {
    await signInByApi(page);
    const headers = { origin: BASE_URL };
    const made = await page.request.post(`/api/admin/entrance/seasons/${f.seasonId}/sessions`, {
      headers,
      data: {
        date: '2084-05-10',
        time: '10:30',
        minutes: 90,
        placeEn: 'Hall A, ground floor',
        placeNe: 'हल क, भुइँ तल्ला',
        capacity: 20,
        bringEn: 'This card, a black pen and a pencil.',
        bringNe: '',
        programmes: [f.science, f.management],
      },
    });
    expect(made.status()).toBe(201);
    expect(
      (await page.request.post(`/api/admin/entrance/seasons/${f.seasonId}/roll-numbers`, { headers })).status(),
    ).toBe(200);
    await page.context().clearCookies();
  }
  await openStatusWithKey(page, '/ne/admission/status', first.reference, firstKey);
  await page.getByRole('button', { name: 'प्रवेश पत्र खोल्नुहोस्' }).click();
  // The reference and access key were posted: the address names neither.
  expect(page.url()).toMatch(/\/ne\/admission\/admit-card$/u);
  const card = page.locator('.admit-card');
  await expect(card.getByRole('heading', { name: 'प्रवेश परीक्षा 2084/85: प्रवेश पत्र' })).toBeVisible();
  await expect(card).toContainText('रोल नम्बर १');
  await expect(card).toContainText(first.nameNe);
  await expect(card).toContainText('हल क, भुइँ तल्ला');
  // Under the college's name as the site's content holds it (in Nepali when it has one), on screen and printed.
  const { college } = (await (await page.request.get('/api/content')).json()) as {
    college: { name: { en: string; ne: string } };
  };
  await page.emulateMedia({ media: 'print' });
  await expect(card.locator('.admit-card__college')).toHaveText(college.name.ne || college.name.en);
  await page.emulateMedia({ media: 'screen' });
  await expect(card.getByRole('img', { name: `${first.nameEn} को फोटो` })).toBeVisible();
  const qr = card.getByRole('img', { name: 'यस पत्रको जाँच पृष्ठ खोल्ने कोड' });
  await expect(qr.locator('svg')).toBeVisible();
  expect((await page.evaluate(() => document.documentElement.scrollWidth)) <= page.viewportSize()!.width).toBe(true);
  expect(await violations(page)).toEqual([]);
  await screenshots(page, 'admit-card');
  if (process.env.E2E_SCREENSHOTS) {
    await page.pdf({ path: path.join(process.env.E2E_SCREENSHOTS, 'admit-card.pdf'), format: 'A4' });
  }

  // The check address the QR carries (its SVG is made from this address on the server: admit-card.server.test.ts).
  const checkUrl = await card.locator('.admit-card__check a').getAttribute('href');
  expect(checkUrl).toMatch(/\/ne\/admission\/admit-card\/check\/[\w-]{24}$/u);
  await page.goto(new URL(checkUrl!).pathname);
  await expect(page.getByRole('status')).toContainText('यो प्रवेश पत्र कलेजले जारी गरेको हो');
  await expect(page.locator('.admit-card')).toContainText(first.nameEn);
  await expect(page.locator('.admit-card img')).toHaveCount(0);
  const wrong = await page.goto('/admission/admit-card/check/not-a-real-card-code-0000');
  expect(wrong!.status()).toBe(404);
  await expect(page.getByRole('alert')).toHaveText(
    'No such card: this code belongs to no admit card issued by the college.',
  );
});

test('the office sees who has not opened the card, prints every card and imports marks', async ({ page }) => {
  test.setTimeout(60_000);
  await signInByApi(page);
  await page.goto(`/admin/entrance?season=${f.seasonId}`);
  await page.getByRole('link', { name: /10 Bhadra 2084/u }).click();
  await expect(page.getByText('5 of 20 seats taken · 4 not opened their admit card')).toBeVisible();
  await screenshots(page, 'entrance-session');

  await page.getByRole('link', { name: 'Print all cards' }).click();
  await expect(page.getByRole('heading', { name: 'Admit cards (5)' })).toBeVisible();
  await expect(page.locator('.admit-card')).toHaveCount(5);
  await screenshots(page, 'entrance-cards');
  const pdf = await page.pdf({ format: 'A4' });
  // One card an A4 page: five pages.
  expect(pdf.toString('latin1').match(/\/Type\s*\/Page[^s]/gu)?.length).toBe(5);
  if (process.env.E2E_SCREENSHOTS) {
    fs.writeFileSync(path.join(process.env.E2E_SCREENSHOTS, 'entrance-cards.pdf'), pdf);
    // The page as printed (A4 is about 794 px wide at 96 dpi): the admin's frame and buttons are gone.
    await page.emulateMedia({ media: 'print' });
    await page.setViewportSize({ width: 794, height: 1123 });
    await page.screenshot({ path: path.join(process.env.E2E_SCREENSHOTS, 'entrance-cards-print.png') });
    await page.emulateMedia({ media: 'screen' });
    await page.setViewportSize({ width: 1280, height: 800 });
  }

  await page.goto(`/admin/entrance?season=${f.seasonId}`);
  await page
    .getByLabel('CSV file', { exact: true })
    .setInputFiles(csv(['Roll number,Marks', '1,45.5', '2,AB', '3,120', '4,60', '5,71']));
  await page.getByRole('button', { name: 'Import', exact: true }).click();
  await expect(page.getByRole('alert')).toContainText('1 row is not right; nothing was imported.');
  await expect(page.getByRole('alert')).toContainText('Line 4: 120 for roll number 3 is outside 0–100.');
  await page
    .getByLabel('CSV file', { exact: true })
    .setInputFiles(csv(['Roll number,Marks', '1,45.5', '2,AB', '3,62', '4,60', '5,71']));
  await page.getByRole('button', { name: 'Import', exact: true }).click();
  await expect(page.getByRole('status')).toHaveText('Marks imported: 5 rows read, 5 changed.');
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the marks grid is saved by a plain form post', async ({ page }) => {
    await signInByApi(page);
    await page.goto(`/admin/entrance?season=${f.seasonId}`);
    await page.getByRole('link', { name: /10 Bhadra 2084/u }).click();
    await expect(page.getByLabel('Marks of roll number 1')).toHaveValue('45.5');
    await expect(page.getByLabel('Roll number 2 absent')).toBeChecked();
    await page.getByLabel('Marks of roll number 1').fill('48');
    await page.getByLabel('Marks of roll number 3').fill('101');
    await page.getByRole('button', { name: 'Save the marks' }).click();
    await expect(page.getByRole('alert')).toContainText('101 for roll number 3 is outside 0–100.');
    // Refused: what was typed stays in the grid.
    await expect(page.getByLabel('Marks of roll number 1')).toHaveValue('48');
    await page.getByLabel('Marks of roll number 3').fill('62');
    await page.getByRole('button', { name: 'Save the marks' }).click();
    await expect(page.getByRole('status')).toHaveText('Marks saved: 1 changed.');
    await expect(page.getByLabel('Marks of roll number 1')).toHaveValue('48');
  });
});

test('an empty session is deleted only once confirmed, the question saying it goes for good @phone', async ({
  page,
}) => {
  await signInByApi(page);
  const res = await page.request.post(`/api/admin/entrance/seasons/${f.seasonId}/sessions`, {
    headers: { origin: BASE_URL },
    data: {
      date: '2084-05-12',
      time: '14:00',
      minutes: 60,
      placeEn: 'Room 9, spare',
      capacity: 5,
      programmes: [f.science],
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  const { id } = (await res.json()) as { id: string };
  await page.goto(`/admin/entrance/sessions/${id}`);
  await page.getByRole('button', { name: 'Delete this session' }).click();
  const ask = page.getByRole('dialog', { name: 'Delete this session?' });
  await expect(ask).toContainText('goes for good');
  await ask.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByRole('button', { name: 'Delete this session' })).toBeVisible();
  await page.getByRole('button', { name: 'Delete this session' }).click();
  await page.getByRole('dialog', { name: 'Delete this session?' }).getByRole('button', { name: 'Delete' }).click();
  await expect(page).toHaveURL(/\/admin\/entrance$/u);
  await expect(page.getByRole('row', { name: /Room 9, spare/u })).toHaveCount(0);
});
