import { type Page, expect, test } from '@playwright/test';
import { toBsDate } from '#common/dates/bs-date.ts';
import type { ApplicationFixture } from '#server/test-support/applications.ts';
import { photoJpeg } from './support/admin-photo.ts';
import { openStatusWithKey } from './support/application-status.ts';
import { violations } from './support/axe.ts';
import { BASE_URL } from './support/env.ts';
import { setServerClock } from './support/clock.ts';
import { signInByApi } from './support/pages.ts';
import { dropResultsSeason, seedResultsSeason } from './support/results-season.ts';
import { taggedTestsOnly } from './support/tagged-only.ts';
import { screenshots } from './support/screenshots.ts';

// Results day from the office's page: four Science candidates for one seat (two tied on marks, one below the
// pass mark set here). The office reviews the list, moves a rule, sets the pass mark and schedules the
// results (without JavaScript); the server's moved clock publishes them; students see their offer and their
// waiting-list place on the status page; the offer lapses and the next student's status page shows the offer;
// that student sends the bank voucher's photo (without JavaScript), the office refuses it, the student sends
// another and the office verifies it.
// The server's schedule publishes and lapses within a second of the moved clock (it ticks every second when
// the clock is moved by a test, server/modules/admission/results/results-schedule.ts).
test.describe.configure({ mode: 'serial' });

let f: ApplicationFixture;
/** Each application's access key, which opens its status page with its reference. */
let keys: string[] = [];
/** The application (1 or 2: tied on marks) the lapsed seat moved up to. */
let movedUp = 0;
const ROLL = 7101;
// The publish time: tomorrow 10:00 in Nepal (10:00 NPT is 04:15 UTC).
const tomorrow = new Date(Date.now() + 86_400_000);
const publishAt = new Date(`${tomorrow.toISOString().slice(0, 10)}T04:15:00Z`);
const bs = toBsDate(publishAt);

test.beforeAll(async () => {
  ({ f, keys } = await seedResultsSeason({ roll: ROLL, marks: [9000, 8000, 8000, 3000], seats: 1 }));
});

test.afterAll(async ({ browser }) => {
  setServerClock(null);
  await dropResultsSeason(browser, f);
});

const meritPage = (page: Page) => page.goto(`/admin/merit?season=${f.seasonId}`);
const row = (page: Page, roll: number) =>
  page.locator('tr', { has: page.getByRole('cell', { name: String(roll), exact: true }) });

const openStatus = (page: Page, path: string, i: number) =>
  openStatusWithKey(page, path, f.applications[i]!.reference, keys[i]!);

test('the office reviews the merit list, moves a rule and sets the pass mark', async ({ page }) => {
  await signInByApi(page);
  await meritPage(page);
  await expect(page.getByRole('link', { name: 'Merit list' })).toBeVisible();
  await expect(row(page, ROLL).getByRole('cell').first()).toHaveText('1');
  await expect(row(page, ROLL)).toContainText('Offered (open seat)');
  // The two candidates tied on marks: the lower one (third) says which rule put it there.
  const third = page.locator('.merit-programme tbody tr').nth(2);
  await expect(third.getByRole('cell').first()).toHaveText('3');
  await expect(third.getByRole('cell').nth(5)).not.toHaveText('');
  await expect(third).toContainText('Waiting list, 2');

  const rules = page.locator('.merit-rules > li');
  await page.getByRole('button', { name: 'Move down: Entrance marks, higher first' }).click();
  await expect(rules.first()).toContainText('SEE GPA');
  await page.getByRole('button', { name: 'Move up: Entrance marks, higher first' }).click();
  await expect(rules.first()).toContainText('Entrance marks');

  await page.getByRole('spinbutton', { name: 'Pass mark' }).fill('40');
  await page.getByRole('button', { name: 'Save the settings' }).click();
  await expect(page.getByRole('status')).toContainText('Merit settings saved');
  await expect(row(page, ROLL + 3)).toContainText('Not selected (below the pass mark)');
  expect(await violations(page)).toEqual([]);
  await screenshots(page, 'admin-merit');
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the office moves a rule and schedules the results; the moved clock publishes them', async ({ page }) => {
    await signInByApi(page);
    await meritPage(page);
    await page.getByRole('button', { name: 'Move down: SEE grade in English, better first' }).click();
    await expect(page.locator('.merit-rules > li').nth(5)).toContainText('English');
    await page.getByRole('button', { name: 'Move up: SEE grade in English, better first' }).click();
    await expect(page.locator('.merit-rules > li').nth(5)).toContainText('Date of birth');

    const date = page.getByRole('group', { name: 'Publish on (B.S.)' });
    await date.getByLabel('Year').selectOption(String(bs.year));
    await date.getByLabel('Month').selectOption(String(bs.month));
    await date.getByLabel('Day').selectOption(String(bs.day));
    await page.getByLabel('At (Nepal time)').fill('10:00');
    await page.getByRole('button', { name: 'Schedule' }).click();
    await expect(page.getByRole('status')).toContainText('Publish time saved');
    await expect(page.getByText(/Scheduled for .*10:00 Nepal time/u)).toBeVisible();

    // Nobody signed in publishes them: the server's schedule does, once its clock passes the time.
    setServerClock(new Date(publishAt.getTime() + 60_000));
    await signInByApi(page);
    await expect
      .poll(async () => (await meritPage(page), await page.locator('.merit-published').count()), { timeout: 15_000 })
      .toBe(1);
    await expect(page.getByRole('heading', { name: 'Offers' })).toBeVisible();
    await expect(page.getByRole('row', { name: new RegExp(`^${ROLL} .*Science Offered`, 'u') })).toBeVisible();
  });
});

test('@phone a student sees the offer on the status page, another the waiting-list place', async ({ page }) => {
  // Run alone (the phone project runs only this test of the file), it publishes for itself, now, through the admin API.
  if (taggedTestsOnly()) {
    await signInByApi(page);
    const res = await page.request.post(`/api/admin/merit/${f.seasonId}/publish`, {
      headers: { origin: BASE_URL },
      data: {},
    });
    expect(res.status(), await res.text()).toBe(200);
  }
  await openStatus(page, '/admission/status', 0);
  const box = page.locator('.apply-offer');
  await expect(box).toContainText('You are offered a seat');
  await expect(box).toContainText('B.S.');
  await expect(box.getByRole('button', { name: 'Decline the offer' })).toBeVisible();
  expect(await violations(page)).toEqual([]);
  await screenshots(page, 'status-offer');

  await openStatus(page, '/ne/admission/status', 1);
  await expect(page.locator('.apply-offer')).toContainText('प्रतीक्षा सूची');
  // Applications 1 and 2 tied on marks: one is first on the waiting list, the other second.
  await expect(page.locator('.apply-offer')).toContainText(/क्रम [१२]/u);
});

test('the offer lapses and the next student is offered the seat; the office confirms it', async ({ page }) => {
  // Eight days on (seven to confirm): the schedule lapses the offer and offers the seat to the waiting list's first.
  setServerClock(new Date(publishAt.getTime() + 9 * 86_400_000));
  await expect
    .poll(
      async () => {
        // The first on the waiting list is one of the two tied on marks.
        await openStatus(page, '/admission/status', 1);
        const outcome = page.locator('.apply-offer__outcome');
        movedUp = 1;
        if ((await outcome.innerText()) === 'You are offered a seat') return 'You are offered a seat';
        await openStatus(page, '/admission/status', 2);
        movedUp = 2;
        return outcome.innerText();
      },
      { timeout: 15_000 },
    )
    .toContain('You are offered a seat');
  await expect(page.locator('.apply-offer')).toContainText('now offered to you from the waiting list');
  await expect(page.locator('.apply-offer')).toContainText('send a photo of the bank voucher');

  await signInByApi(page);
  await meritPage(page);
  await expect(page.locator('tr', { hasText: 'Lapsed' })).toHaveCount(1);
  await expect(page.getByRole('button', { name: /^Mark fee paid \(confirm\)/u })).toHaveCount(1);
  expect(await violations(page)).toEqual([]);
});

test.describe('the voucher, without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  async function sendVoucher(
    page: Page,
    path: string,
    number: string,
    file: { name: string; mimeType: string; buffer: Buffer },
  ) {
    await openStatus(page, path, movedUp);
    const form = page.locator('form.apply-offer__voucher');
    await form.locator('input[name=voucher_number]').fill(number);
    await form.locator('input[name=voucher_file]').setInputFiles(file);
    await form.locator('button[value=voucher]').click();
  }

  test('the student sends the voucher; the office refuses it; the student sends another; the office verifies it', async ({
    page,
  }) => {
    // About 45 steps, two sign-ins and a wait for the voucher's picture: 30 s on a slow 2-core machine, at the default limit.
    test.setTimeout(120_000);
    // A file that is not a picture: refused in the offer box, nothing taken, the number kept.
    await sendVoucher(page, '/admission/status', 'NB-7101', {
      name: 'voucher.txt',
      mimeType: 'text/plain',
      buffer: Buffer.from('not a photo'),
    });
    await expect(page.locator('form.apply-offer__voucher [role=alert]')).toContainText('neither a photo');
    await expect(page.locator('form.apply-offer__voucher input[name=voucher_number]')).toHaveValue('NB-7101');

    const photo = { name: 'voucher.jpg', mimeType: 'image/jpeg', buffer: await photoJpeg(1200, 800) };
    await sendVoucher(page, '/admission/status', 'NB-7101', photo);
    await expect(page.locator('.apply-offer')).toContainText('Your voucher has reached the college office in time');
    await expect(page.locator('form.apply-offer__voucher')).toHaveCount(0);
    await screenshots(page, 'status-voucher-sent');

    await signInByApi(page);
    await meritPage(page);
    const waiting = page.locator('tr', { hasText: 'Voucher sent' });
    await expect(waiting).toContainText('No. NB-7101');
    // Its picture is drawn after the student's answer: the office opens it once it is.
    await expect(async () => {
      await meritPage(page);
      await expect(waiting.getByRole('link', { name: 'Open the voucher' })).toBeVisible({ timeout: 1_000 });
    }).toPass({ timeout: 60_000 });
    // The voucher opens through the application's document route (each opening audited).
    const href = await waiting.getByRole('link', { name: 'Open the voucher' }).getAttribute('href');
    const opened = await page.request.get(href!);
    expect(opened.status()).toBe(200);
    expect(opened.headers()['content-type']).toBe('image/jpeg');
    await waiting.getByLabel('Reason told to the applicant (optional)').fill('The amount is not the admission fee.');
    await waiting.getByRole('button', { name: /^Voucher refused/u }).click();
    await expect(page.getByRole('status')).toContainText('Voucher refused');
    await screenshots(page, 'admin-merit-voucher');

    // The student is told in Nepali too, and may send again before the deadline.
    await openStatus(page, '/ne/admission/status', movedUp);
    await expect(page.locator('.apply-offer')).toContainText('भौचर कार्यालयले स्वीकार गर्न सकेन');
    await sendVoucher(page, '/ne/admission/status', 'NB-7102', photo);
    await expect(page.locator('.apply-offer')).toContainText('समयमै कलेजको कार्यालयमा पुग्यो');

    await signInByApi(page);
    await meritPage(page);
    await page.getByRole('button', { name: /^Voucher verified \(confirm\)/u }).click();
    await expect(page.getByRole('status')).toContainText('the applicant is admitted');
    await expect(page.locator('tr', { hasText: 'Confirmed (voucher)' })).toHaveCount(1);
    await openStatus(page, '/admission/status', movedUp);
    await expect(page.locator('.apply-offer__outcome')).toHaveText('You are admitted');
  });
});
