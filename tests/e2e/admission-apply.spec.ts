import Database from 'better-sqlite3';
import path from 'node:path';
import { type Page, expect, test } from '@playwright/test';
import sharp from 'sharp';
import { makePdf } from '../../server/pdf/test-pdfs.ts';
import { violations } from './support/axe.ts';
import { setServerClock } from './support/clock.ts';
import { statusLookup } from './support/application-status.ts';
import { BASE_URL, E2E_DATA_DIR } from './support/env.ts';
import { receivedMail } from './support/mailbox.ts';
import { signInByApi } from './support/pages.ts';
import { screenshots } from './support/screenshots.ts';
import { a } from '#server/test-support/seasons.ts';

// A parent applies from a phone without JavaScript: a large camera JPEG as the photo and a 2-page PDF grade
// sheet; a mistake comes back with everything typed and the files kept; the confirmation gives the reference
// and the access key; the same symbol number is refused the second time; the status page, opened with the
// reference and the key, shows the state, in Nepali too. With JavaScript: the key on the confirmation and in
// the e-mail, a date of birth refused as a key, a lost key sent again, and the QR code's address. The season
// is made through the admin API and the server's clock put inside it; everything is removed after.
test.describe.configure({ mode: 'serial' });
test.setTimeout(120_000);

const SEASON = a.season({ admissionDeadline: '2084-04-30' });
const PROGRAMME = {
  nameNe: '',
  seats: 40,
  fees: [],
  admissionFeeForContinuing: false,
  feeApprovedBy: '',
  feeApprovedOn: '',
  feeReference: '',
  scholarshipSeats: {},
};
const headers = { origin: BASE_URL };
let seasonId = '';

async function createSeason(page: Page) {
  await signInByApi(page);
  const season = await page.request.post('/api/admin/seasons', { headers, data: SEASON });
  expect(season.status(), await season.text()).toBe(201);
  seasonId = ((await season.json()) as { id: string }).id;
  for (const programme of [
    {
      ...PROGRAMME,
      nameEn: 'Science',
      nameNe: 'विज्ञान',
      stream: 'Science',
      minGpa: 2,
      minGrades: [
        { subject: 'Science', grade: 'C+' },
        { subject: 'Mathematics', grade: 'C+' },
      ],
      applicationFee: 500,
    },
    { ...PROGRAMME, nameEn: 'Management', stream: 'Management', minGpa: 1.6, minGrades: [], applicationFee: 0 },
  ]) {
    const res = await page.request.post(`/api/admin/seasons/${seasonId}/programmes`, { headers, data: programme });
    expect(res.status(), await res.text()).toBe(201);
  }
  const published = await page.request.post(`/api/admin/seasons/${seasonId}/publish`, {
    headers,
    data: { belowMinimum: true },
  });
  expect(published.status(), await published.text()).toBe(200);
  await page.context().clearCookies();
}

/**
 * Applications hold on to their season: they are removed behind the server's back, then the season. So are the
 * paced misses and key requests counted against their references: each season numbers its applications from
 * ORB-2084-0001 again (as do other specs' seeded ones), and those counts, made under a moved clock, would
 * otherwise hold the next application of that reference back.
 */
async function removeSeason(page: Page) {
  setServerClock(null);
  const db = new Database(path.join(E2E_DATA_DIR, 'orbit.sqlite'));
  try {
    const references = db
      .prepare('select reference from applications where season_id = ?')
      .pluck()
      .all(seasonId) as string[];
    for (const reference of references) {
      for (const counted of ['key-misses', 'key-requests']) {
        db.prepare('delete from rate_limits where key = ?').run(`application:${counted}:${reference}`);
      }
    }
    const ids = 'select id from applications where season_id = ?';
    for (const table of ['application_documents', 'application_events', 'application_payments']) {
      db.prepare(`delete from ${table} where application_id in (${ids})`).run(seasonId);
    }
    db.prepare('delete from applications where season_id = ?').run(seasonId);
  } finally {
    db.close();
  }
  await signInByApi(page);
  await page.request.post(`/api/admin/seasons/${seasonId}/withdraw`, { headers });
  expect((await page.request.delete(`/api/admin/seasons/${seasonId}`, { headers })).status()).toBe(204);
}

/** A photo from a phone camera: 4000 × 3000 with the sensor's noise, a few megabytes. */
const cameraPhoto = () =>
  sharp({
    create: {
      width: 4000,
      height: 3000,
      channels: 3,
      background: '#808080',
      noise: { type: 'gaussian', mean: 128, sigma: 20 },
    },
  })
    .jpeg({ quality: 85 })
    .toBuffer();

async function fillForm(page: Page, symbol: string) {
  await page.getByLabel('Name in English (block letters)').fill('SITA KUMARI SHARMA');
  await page.getByLabel('Name in Nepali (Devanagari)').fill('सीता कुमारी शर्मा');
  const birth = page.getByRole('group', { name: 'Date of birth (B.S.)' });
  await birth.getByLabel('Year').selectOption('2068');
  await birth.getByLabel('Month').selectOption({ label: 'Bhadra' });
  await birth.getByLabel('Day').selectOption('12');
  await page.getByRole('radio', { name: 'Female' }).check();
  await page.getByLabel("Father's name").fill('Ram Prasad Sharma');
  await page.getByLabel("Mother's name").fill('Gita Sharma');
  await page.getByLabel("Guardian's name").fill('Ram Prasad Sharma');
  await page.getByLabel('Relation to the student').fill('Father');
  await page.getByLabel('Province').selectOption({ label: 'Bagmati' });
  await page.getByLabel('District', { exact: true }).selectOption('Chitwan');
  await page.getByLabel('Municipality or rural municipality').fill('Bharatpur Metropolitan City');
  await page.getByLabel('Ward', { exact: true }).selectOption('10');
  await page.getByLabel('SEE year (B.S.)').selectOption('2083');
  await page.getByLabel('SEE symbol number').fill(symbol);
  await page.getByLabel('School', { exact: true }).fill('Shree Janata Secondary School');
  await page.getByLabel("School's district").selectOption('Chitwan');
  await page.getByLabel('SEE GPA').fill('1.90');
  const grades: [string, string][] = [
    ['English', 'B'],
    ['Nepali', 'B'],
    ['Mathematics', 'C'],
    ['Science', 'C+'],
    ['Social Studies', 'B'],
  ];
  for (const [subject, grade] of grades) await page.getByLabel(subject, { exact: true }).selectOption(grade);
  await page.getByLabel('First choice').selectOption({ label: 'Science: application fee Rs 500' });
  await page.getByRole('radio', { name: 'At the college counter' }).check();
  await page.getByRole('checkbox', { name: "I am the student's parent or guardian and I agree." }).check();
}

/** The confirmation's reference (the access key below it is set in the same style). */
const confirmedReference = async (page: Page) =>
  (await page.locator('.apply-reference:not(.apply-access-key)').textContent()) ?? '';

/** The confirmation's access key: 28 characters of Crockford's base32, in seven groups of four. */
async function confirmedKey(page: Page): Promise<string> {
  const key = (await page.locator('dd.apply-access-key').textContent()) ?? '';
  expect(key).toMatch(ACCESS_KEY_SHOWN);
  return key;
}
const ACCESS_KEY_SHOWN = /^[0-9A-HJKMNP-TV-Z]{4}(?:-[0-9A-HJKMNP-TV-Z]{4}){6}$/u;
/** The lost key's answer, the same whether or not the reference and the date of birth matched. */
const KEY_SENT =
  "If the reference and the date of birth match an application, a new access key is on its way to the guardian's mobile number and e-mail given in it. It is never shown here.";

test.describe('applying online @phone', () => {
  test.use({ javaScriptEnabled: false });
  test.beforeAll(async ({ browser }) => {
    const page = await browser.newPage();
    await createSeason(page);
    await page.close();
  });
  test.afterAll(async ({ browser }) => {
    const page = await browser.newPage();
    await removeSeason(page);
    await page.close();
  });

  test('a parent applies with a 12 MP camera photo and a 5-page PDF, corrects a mistake and checks the status', async ({
    page,
  }, testInfo) => {
    const symbol = testInfo.project.name === 'phone' ? '02012399' : '02012345';
    const shot = (name: string) => page.screenshot({ path: testInfo.outputPath(`${name}.png`), fullPage: true });
    // 6 Ashadh 2084 B.S. (20 Jun 2027): the season is open.
    setServerClock('2027-06-20T06:00:00Z');
    await page.goto('/admission/apply');
    await expect(page.getByRole('heading', { name: 'Apply online', level: 1 })).toBeVisible();

    await fillForm(page, symbol);
    // The mistake: a landline number.
    await page.getByLabel("Guardian's mobile number").fill('056 520123');
    await page.getByLabel('Passport-size photo').setInputFiles({
      name: 'IMG_20270620.jpg',
      mimeType: 'image/jpeg',
      buffer: await cameraPhoto(),
    });
    await page.getByLabel('SEE grade sheet').setInputFiles({
      name: 'see-grade-sheet.pdf',
      mimeType: 'application/pdf',
      buffer: makePdf({ pages: 5 }),
    });
    await page.getByLabel('Character certificate').setInputFiles({
      name: 'character.jpg',
      mimeType: 'image/jpeg',
      buffer: await sharp({ create: { width: 900, height: 1200, channels: 3, background: '#f4f4f4' } })
        .jpeg()
        .toBuffer(),
    });
    setServerClock('2027-06-20T06:05:00Z');
    await page.getByRole('button', { name: 'Send the application' }).click();

    await expect(
      page.getByText('Enter a Nepali mobile number: 10 digits starting 97 or 98.', { exact: true }),
    ).toBeVisible();
    await expect(page.getByLabel('Name in English (block letters)')).toHaveValue('SITA KUMARI SHARMA');
    await expect(page.getByLabel('SEE symbol number')).toHaveValue(symbol);
    // Warned, not refused: the office decides.
    await expect(
      page.getByText(
        /Science asks for GPA 2\.0 and C\+ in Science and Mathematics: your grades do not meet it\. Management asks for 1\.6\./u,
      ),
    ).toBeVisible();
    // The files are kept on the server and listed, ticked: never asked for twice.
    for (const name of ['img_20270620.jpg', 'see-grade-sheet.pdf', 'character.jpg']) {
      await expect(page.getByRole('checkbox', { name: `Keep ${name}` })).toBeChecked();
    }
    await shot('apply-refused');

    await page.getByLabel("Guardian's mobile number").fill('984-5012345');
    setServerClock('2027-06-20T06:10:00Z');
    await page.getByRole('button', { name: 'Send the application' }).click();
    await expect(page.getByRole('heading', { name: 'Application received' })).toBeVisible();
    const reference = await confirmedReference(page);
    expect(reference).toMatch(/^ORB-2084-\d{4}$/u);
    const key = await confirmedKey(page);
    // Answered before the documents are drawn: the confirmation says so, and shows no photo yet.
    await expect(page.getByText(/Your documents were received and are being prepared for the office/u)).toBeVisible();
    await expect(page.getByRole('img', { name: 'The photo sent with the application' })).toHaveCount(0);
    await expect(page.getByRole('img', { name: 'QR code of the status page address' })).toBeVisible();
    // Printing from the page needs its script: without one, no button that would do nothing.
    await expect(page.getByRole('button', { name: 'Print or save this page' })).toBeHidden();
    await expect(page.getByText('Science', { exact: true })).toBeVisible();
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(page.viewportSize()!.width);
    await shot('apply-confirmation');

    // The same student again (another name typed): refused, told where to look, shown nothing of the first.
    await page.goto('/admission/apply');
    await fillForm(page, symbol);
    await page.getByLabel("Guardian's mobile number").fill('9845012345');
    await page
      .getByLabel('Passport-size photo')
      .setInputFiles({ name: 'p.jpg', mimeType: 'image/jpeg', buffer: await cameraPhoto() });
    await page
      .getByLabel('SEE grade sheet')
      .setInputFiles({ name: 's.pdf', mimeType: 'application/pdf', buffer: makePdf({ pages: 1 }) });
    await page
      .getByLabel('Character certificate')
      .setInputFiles({ name: 'c.pdf', mimeType: 'application/pdf', buffer: makePdf({ pages: 1 }) });
    setServerClock('2027-06-20T06:15:00Z');
    await page.getByRole('button', { name: 'Send the application' }).click();
    await expect(
      page.getByText(/An application with this symbol number and date of birth has already been sent/u),
    ).toBeVisible();
    await expect(page.getByText(reference)).toHaveCount(0);
    await expect(page.getByText(key)).toHaveCount(0);

    // The status page, in English then in Nepali: the key typed as people do (lower case, spaces for dashes).
    await page.goto('/admission/status');
    let lookup = statusLookup(page);
    await lookup.getByLabel('Reference').fill(reference.toLowerCase());
    await lookup.getByLabel('Access key').fill(key.toLowerCase().replaceAll('-', ' '));
    await page.getByRole('button', { name: 'Show the status' }).click();
    await expect(page.getByText('Received: the office will check the documents.')).toBeVisible();
    await expect(page.getByText('Rs 500, not paid yet')).toBeVisible();
    expect(page.url()).toBe(`${BASE_URL}/admission/status`);
    // The documents are drawn in the background: the status page shows the photo once they are.
    await expect(async () => {
      await page.goto('/admission/status');
      await statusLookup(page).getByLabel('Reference').fill(reference);
      await statusLookup(page).getByLabel('Access key').fill(key);
      await page.getByRole('button', { name: 'Show the status' }).click();
      await expect(page.getByRole('img', { name: 'The photo sent with the application' })).toHaveAttribute(
        'src',
        /^data:image\/jpeg;base64,/u,
        { timeout: 1_000 },
      );
    }).toPass({ timeout: 60_000 });
    await expect(page.getByText(/Documents being prepared/u)).toHaveCount(0);
    await shot('status');

    // A lost key asked for without JavaScript (the details open without it), with a wrong date of birth: the
    // same answer as a right one, and the key (not replaced) still opens the status below.
    await page.getByText('Lost the access key?').click();
    const lost = page.locator('details.apply-lost-key');
    await lost.getByLabel('Reference').fill(reference);
    const wrongBirth = lost.getByRole('group', { name: 'Date of birth (B.S.)' });
    await wrongBirth.getByLabel('Year').selectOption('2069');
    await wrongBirth.getByLabel('Month').selectOption('1');
    await wrongBirth.getByLabel('Day').selectOption('1');
    await lost.getByRole('button', { name: 'Send a new key' }).click();
    await expect(page.locator('details.apply-lost-key')).toHaveAttribute('open', '');
    await expect(page.locator('details.apply-lost-key [role=alert]')).toHaveText(KEY_SENT);

    await page.goto('/ne/admission/status');
    lookup = statusLookup(page);
    await lookup.getByLabel('सन्दर्भ नम्बर').fill(reference);
    await lookup.getByLabel('पहुँच कुञ्जी').fill(key);
    await page.getByRole('button', { name: 'अवस्था हेर्नुहोस्' }).click();
    await expect(page.getByText('प्राप्त भयो: कलेजले कागजात जाँच्नेछ।')).toBeVisible();

    // The office asks for a clearer grade sheet; the parent sends it from the status page; the office then
    // checks the documents, the fee paid at the counter, and offers a seat. The status page follows each step.
    const office = await page.context().browser()!.newContext({ baseURL: BASE_URL });
    const desk = await office.newPage();
    await signInByApi(desk);
    const listed = await desk.request.get(`/api/admin/applications?q=${reference}`);
    expect(listed.status(), await listed.text()).toBe(200);
    const id = ((await listed.json()) as { items: { id: string }[] }).items[0]!.id;
    const move = async (to: string, message = '') => {
      const res = await desk.request.post(`/api/admin/applications/${id}/state`, { headers, data: { to, message } });
      expect(res.status(), await res.text()).toBe(204);
    };
    await move('needs-correction', 'The grade sheet photo is blurred: send a clear one.');

    const openStatus = async () => {
      await page.goto('/admission/status');
      await statusLookup(page).getByLabel('Reference').fill(reference);
      await statusLookup(page).getByLabel('Access key').fill(key);
      await page.getByRole('button', { name: 'Show the status' }).click();
    };
    await openStatus();
    await expect(page.getByText('The grade sheet photo is blurred: send a clear one.')).toBeVisible();
    await page.getByLabel('Document').selectOption({ label: 'SEE grade sheet' });
    await page.getByLabel('Files').setInputFiles({
      name: 'grade-sheet-clear.pdf',
      mimeType: 'application/pdf',
      buffer: makePdf({ pages: 2 }),
    });
    await page.getByRole('button', { name: 'Send the corrected document' }).click();
    await expect(page.getByText('Thank you: the corrected document was received')).toBeVisible();
    await openStatus();
    await expect(page.getByText('Received: the office will check the documents.')).toBeVisible();

    await move('documents-verified');
    const paid = await desk.request.post(`/api/admin/applications/${id}/payment`, {
      headers,
      data: { decision: 'verified', note: 'Paid at the counter, receipt 1187' },
    });
    expect(paid.status(), await paid.text()).toBe(204);
    await openStatus();
    await expect(page.getByText('The documents and the fee are checked.')).toBeVisible();
    await move('offered');
    await openStatus();
    await expect(page.getByText('A seat is offered: come to the college to complete the admission.')).toBeVisible();
    await office.close();
  });
});

/**
 * The refused form's summary at its top: each refused field by its label with the reason, a link to the field.
 * Every link's target is on the page.
 */
async function expectSummaryLinks(page: Page, expected: { label: string; href: string }[]) {
  const links = page.locator('.apply-error-summary a');
  for (const { label, href } of expected) {
    await expect(links.filter({ hasText: label }).first()).toHaveAttribute('href', href);
  }
  const hrefs = await links.evaluateAll((as) => as.map((a) => a.getAttribute('href') ?? ''));
  expect(hrefs.length).toBeGreaterThan(5);
  const missing = await page.evaluate((ids) => ids.filter((h) => !document.getElementById(h.slice(1))), hrefs);
  expect(missing).toEqual([]);
}

test.describe('the error summary names each refused field and links to it @phone', () => {
  test.beforeAll(async ({ browser }) => {
    const page = await browser.newPage();
    await createSeason(page);
    await page.close();
  });
  test.afterAll(async ({ browser }) => {
    const page = await browser.newPage();
    await removeSeason(page);
    await page.close();
  });

  test('without JavaScript, in English and Nepali', async ({ browser }) => {
    const page = await browser.newPage({ javaScriptEnabled: false });
    setServerClock('2027-06-20T06:00:00Z');
    await page.goto('/admission/apply');
    await page.getByLabel('Name in English (block letters)').fill('sita 2');
    await page.getByLabel("Guardian's mobile number").fill('056 520123');
    // Five minutes later: not the hasty post of a script.
    setServerClock('2027-06-20T06:05:00Z');
    // Sent from the keyboard: without JavaScript the form's sections are laid out only as they scroll into view
    // (content-visibility), so the button can move between the pointer's aim and its click, and a click once
    // landed beside it (no post was sent). Enter on the focused button sends the form as a click does.
    await page.getByRole('button', { name: 'Send the application' }).press('Enter');
    await expectSummaryLinks(page, [
      { label: 'Name in English (block letters):', href: '#field-name_en' },
      { label: "Guardian's mobile number: Enter a Nepali mobile number", href: '#field-guardian_mobile' },
      { label: 'Date of birth (B.S.):', href: '#field-birth_year' },
      { label: 'Gender:', href: '#field-gender' },
      { label: 'Grade in each subject: Mathematics:', href: '#field-grade_mathematics' },
      { label: 'Consent:', href: '#field-consent' },
    ]);
    await screenshots(page, 'apply-error-summary');

    setServerClock('2027-06-20T06:00:00Z');
    await page.goto('/ne/admission/apply');
    setServerClock('2027-06-20T06:05:00Z');
    await page.getByRole('button', { name: 'आवेदन पठाउनुहोस्' }).press('Enter');
    await expectSummaryLinks(page, [{ label: 'अभिभावकको मोबाइल नम्बर:', href: '#field-guardian_mobile' }]);
    await page.close();
  });

  test('with JavaScript, a link takes the parent to its field', async ({ page }) => {
    setServerClock('2027-06-20T06:00:00Z');
    await page.goto('/admission/apply');
    setServerClock('2027-06-20T06:05:00Z');
    await page.getByRole('button', { name: 'Send the application' }).click();
    await expectSummaryLinks(page, [{ label: "Father's name:", href: '#field-father_name' }]);
    await page.locator('.apply-error-summary a', { hasText: "Father's name:" }).click();
    expect(new URL(page.url()).hash).toBe('#field-father_name');
    await expect(page.locator('#field-father_name')).toBeInViewport();
  });
});

// axe runs in the page: the form, the confirmation and the status page are checked with JavaScript on
// (the pages are the same HTML; the enhancement only adds to them).
/**
 * The page's layout shift score so far (Chromium's layout-shift entries, as CLS adds them): the entries
 * buffered since the page began, taken two frames after asking, whether the observer's callback or its
 * record queue holds them by then.
 */
async function layoutShiftSoFar(page: Page): Promise<number> {
  return page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        const seen: PerformanceEntry[] = [];
        const observer = new PerformanceObserver((list) => seen.push(...list.getEntries()));
        observer.observe({ type: 'layout-shift', buffered: true });
        requestAnimationFrame(() =>
          requestAnimationFrame(() => {
            seen.push(...observer.takeRecords());
            observer.disconnect();
            // As CLS counts them: a shift right after the visitor's own input is not one.
            const shifts = seen as (PerformanceEntry & { value: number; hadRecentInput: boolean })[];
            resolve(shifts.filter((e) => !e.hadRecentInput).reduce((sum, e) => sum + e.value, 0));
          }),
        );
      }),
  );
}

test.describe('the application pages are accessible @phone', () => {
  test.beforeAll(async ({ browser }) => {
    const page = await browser.newPage();
    await createSeason(page);
    await page.close();
  });
  test.afterAll(async ({ browser }) => {
    const page = await browser.newPage();
    await removeSeason(page);
    await page.close();
  });

  test('axe finds nothing on the form, the confirmation and the status page, in both languages', async ({
    page,
  }, testInfo) => {
    const symbol = testInfo.project.name === 'phone' ? '03012399' : '03012345';
    setServerClock('2027-06-20T06:00:00Z');
    await page.goto('/ne/admission/apply');
    await expect(page.getByRole('heading', { name: 'अनलाइन आवेदन', level: 1 })).toBeVisible();
    expect(await violations(page)).toEqual([]);
    await page.goto('/admission/apply');
    await page.waitForSelector('html[data-enhanced]');
    // The Preeti button comes after the first paint into a place kept for it: nothing on the form moves.
    await expect(page.getByRole('button', { name: 'Convert from Preeti' })).toBeVisible();
    expect(await layoutShiftSoFar(page)).toBe(0);
    expect(await violations(page)).toEqual([]);
    await page.screenshot({ path: testInfo.outputPath('apply-form.png'), fullPage: true });

    await fillForm(page, symbol);
    // With JavaScript the warning and the A.D. date come as the choices are made.
    await expect(
      page.getByText(/^Science asks for GPA 2\.0 and C\+ in Science and Mathematics: your grades do not meet it\./u),
    ).toBeVisible();
    await expect(page.getByText('That is 2011-08-29 A.D.')).toBeVisible();
    await page.getByLabel("Guardian's mobile number").fill('9845012345');
    const jpeg = await sharp({ create: { width: 600, height: 800, channels: 3, background: '#c89078' } })
      .jpeg()
      .toBuffer();
    await page.getByLabel('Passport-size photo').setInputFiles({ name: 'p.jpg', mimeType: 'image/jpeg', buffer: jpeg });
    await page.getByLabel('SEE grade sheet').setInputFiles({ name: 's.jpg', mimeType: 'image/jpeg', buffer: jpeg });
    await page
      .getByLabel('Character certificate')
      .setInputFiles({ name: 'c.jpg', mimeType: 'image/jpeg', buffer: jpeg });
    setServerClock('2027-06-20T06:05:00Z');
    await page.getByRole('button', { name: 'Send the application' }).click();
    await expect(page.getByRole('heading', { name: 'Application received' })).toBeVisible();
    const reference = await confirmedReference(page);
    const key = await confirmedKey(page);
    expect(await violations(page)).toEqual([]);

    await page.goto('/ne/admission/status');
    // The lost key's form is checked open too.
    await page.getByText('पहुँच कुञ्जी हरायो?').click();
    expect(await violations(page)).toEqual([]);
    const lookup = statusLookup(page);
    await lookup.getByLabel('सन्दर्भ नम्बर').fill(reference);
    await lookup.getByLabel('पहुँच कुञ्जी').fill(key);
    await page.getByRole('button', { name: 'अवस्था हेर्नुहोस्' }).click();
    await expect(page.getByText('प्राप्त भयो: कलेजले कागजात जाँच्नेछ।')).toBeVisible();
    expect(await violations(page)).toEqual([]);
  });
});

/** Whether the page fits a 390 px phone without a sideways scroll (the viewport is put back after). */
async function fitsPhone(page: Page): Promise<void> {
  const before = page.viewportSize()!;
  await page.setViewportSize({ width: 390, height: 844 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await page.setViewportSize(before);
}

test.describe('the access key @phone', () => {
  test.beforeAll(async ({ browser }) => {
    const page = await browser.newPage();
    await createSeason(page);
    await page.close();
  });
  test.afterAll(async ({ browser }) => {
    const page = await browser.newPage();
    await removeSeason(page);
    await page.close();
  });

  test('the confirmation and the e-mail give the key; it opens the status, by hand or from the QR code; a lost key is sent again', async ({
    page,
  }, testInfo) => {
    const phone = testInfo.project.name === 'phone';
    const symbol = phone ? '04012399' : '04012345';
    // Its own mobile number and mailbox: messages a visitor causes are capped per recipient and day.
    const guardian = `key-${testInfo.project.name}-${Date.now()}@example.com`;
    const mobile = `98${String(Date.now()).slice(-8)}`;
    setServerClock('2027-06-20T06:00:00Z');
    await page.goto('/admission/apply');
    await fillForm(page, symbol);
    await page.getByLabel("Guardian's mobile number").fill(mobile);
    await page.locator('input[name=email]').fill(guardian);
    const jpeg = await sharp({ create: { width: 600, height: 800, channels: 3, background: '#c89078' } })
      .jpeg()
      .toBuffer();
    await page.getByLabel('Passport-size photo').setInputFiles({ name: 'p.jpg', mimeType: 'image/jpeg', buffer: jpeg });
    await page.getByLabel('SEE grade sheet').setInputFiles({ name: 's.jpg', mimeType: 'image/jpeg', buffer: jpeg });
    await page
      .getByLabel('Character certificate')
      .setInputFiles({ name: 'c.jpg', mimeType: 'image/jpeg', buffer: jpeg });
    setServerClock('2027-06-20T06:05:00Z');
    await page.getByRole('button', { name: 'Send the application' }).click();
    await expect(page.getByRole('heading', { name: 'Application received' })).toBeVisible();
    const reference = await confirmedReference(page);
    const key = await confirmedKey(page);
    await expect(page.getByText('Shown only here and in the SMS and e-mail sent now')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Print or save this page' })).toBeVisible();
    // Printed, it carries the college's name as the site's content holds it, and the student's date of birth.
    const { college } = (await (await page.request.get('/api/content')).json()) as {
      college: { name: { en: string } };
    };
    await page.emulateMedia({ media: 'print' });
    const card = page.locator('.apply-confirmation__card');
    await expect(card.locator('.apply-confirmation__college')).toHaveText(college.name.en);
    await expect(card.getByRole('definition').filter({ hasText: '12 Bhadra 2068 B.S.' })).toBeVisible();
    await screenshots(page, 'apply-confirmation-print');
    await page.emulateMedia({ media: 'screen' });
    // 34 characters in a large monospace face: still no sideways scroll on a phone.
    await fitsPhone(page);
    await screenshots(page, 'apply-confirmation-key');

    // The submission's e-mail carries it too.
    const received = await receivedMail(guardian, `Application ${reference}: received`);
    expect(received.text).toContain(`Access key: ${key}.`);

    // The QR code's address: the reference and key after '#', written into the form and taken out of the address.
    await page.goto(`/admission/status#ref=${reference}&key=${key}`);
    const lookup = statusLookup(page);
    await expect(lookup.getByLabel('Reference')).toHaveValue(reference);
    await expect(lookup.getByLabel('Access key')).toHaveValue(key);
    await expect(page).toHaveURL(`${BASE_URL}/admission/status`);
    await page.getByRole('button', { name: 'Show the status' }).click();
    await expect(page.getByText('Received: the office will check the documents.')).toBeVisible();
    expect(page.url()).toBe(`${BASE_URL}/admission/status`);

    // The date of birth, as the page used to ask, is not a key: refused at the field, nothing looked up.
    await page.goto('/admission/status');
    await lookup.getByLabel('Reference').fill(reference);
    await lookup.getByLabel('Access key').fill('2068-05-12');
    await page.getByRole('button', { name: 'Show the status' }).click();
    await expect(page.getByText('Enter the access key as on the confirmation: 28 letters and digits.')).toBeVisible();
    await expect(lookup.getByLabel('Access key')).toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByText('Received: the office will check the documents.')).toHaveCount(0);

    // Lost: the reference and the date of birth ask for a new key, which goes to the guardian, never to the page.
    await page.getByText('Lost the access key?').click();
    const lost = page.locator('details.apply-lost-key');
    await expect(lost.getByText("a new key is sent to the guardian's mobile number and e-mail")).toBeVisible();
    await fitsPhone(page);
    await screenshots(page, 'status-lost-key-open');
    await lost.getByLabel('Reference').fill(reference);
    const born = lost.getByRole('group', { name: 'Date of birth (B.S.)' });
    await born.getByLabel('Year').selectOption('2068');
    await born.getByLabel('Month').selectOption({ label: 'Bhadra' });
    await born.getByLabel('Day').selectOption('12');
    await lost.getByRole('button', { name: 'Send a new key' }).click();
    await expect(page.locator('details.apply-lost-key [role=alert]')).toHaveText(KEY_SENT);
    await expect(page.locator('details.apply-lost-key')).toHaveAttribute('open', '');
    await fitsPhone(page);
    await screenshots(page, 'status-lost-key-sent');

    const mail = await receivedMail(guardian, `Application ${reference}: new access key`);
    const newKey = /Access key: ([0-9A-Z-]{34})\./u.exec(mail.text ?? '')?.[1] ?? '';
    expect(newKey).toMatch(ACCESS_KEY_SHOWN);
    expect(newKey).not.toBe(key);

    // The old key no longer opens the application; the new one does.
    await page.goto('/admission/status');
    await lookup.getByLabel('Reference').fill(reference);
    await lookup.getByLabel('Access key').fill(key);
    await page.getByRole('button', { name: 'Show the status' }).click();
    await expect(page.getByText('No application matches this reference and access key.')).toBeVisible();
    await lookup.getByLabel('Access key').fill(newKey);
    await page.getByRole('button', { name: 'Show the status' }).click();
    await expect(page.getByText('Received: the office will check the documents.')).toBeVisible();
  });
});
