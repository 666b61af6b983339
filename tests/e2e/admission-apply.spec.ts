import Database from 'better-sqlite3';
import path from 'node:path';
import { type Page, expect, test } from '@playwright/test';
import sharp from 'sharp';
import { makePdf } from '../../server/pdf/test-pdfs.ts';
import { violations } from './support/axe.ts';
import { setServerClock } from './support/clock.ts';
import { BASE_URL, E2E_DATA_DIR } from './support/env.ts';
import { signInByApi } from './support/pages.ts';

// A parent applies from a phone without JavaScript: a large camera JPEG as the photo and a 2-page PDF grade
// sheet; a mistake comes back with everything typed and the files kept; the confirmation gives the reference;
// the same symbol number is refused the second time; the status page shows the state, in Nepali too. The
// season is made through the admin API and the server's clock put inside it; everything is removed after.
test.describe.configure({ mode: 'serial' });
test.setTimeout(120_000);

const SEASON = {
  name: '2084/85',
  opensOn: '2084-03-01',
  closesOn: '2084-03-31',
  lateClosesOn: '',
  lateFee: 0,
  entranceOn: '',
  resultsOn: '',
  admissionDeadline: '2084-04-30',
  expectedEnrolment: 0,
  documentsEn: '',
  documentsNe: '',
};
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

/** Applications hold on to their season: they are removed behind the server's back, then the season. */
async function removeSeason(page: Page) {
  setServerClock(null);
  const db = new Database(path.join(E2E_DATA_DIR, 'orbit.sqlite'));
  try {
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

  test('a parent applies with a camera photo and a 2-page PDF, corrects a mistake and checks the status', async ({
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
      buffer: makePdf({ pages: 2 }),
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

    await expect(page.getByText('Enter a Nepali mobile number: 10 digits starting 97 or 98.')).toBeVisible();
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
    const reference = (await page.locator('.apply-reference').textContent()) ?? '';
    expect(reference).toMatch(/^ORB-2084-\d{4}$/u);
    await expect(page.getByRole('img', { name: 'The photo sent with the application' })).toHaveAttribute(
      'src',
      /^data:image\/jpeg;base64,/u,
    );
    await expect(page.getByRole('img', { name: 'QR code of the status page address' })).toBeVisible();
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

    // The status page, in English then in Nepali.
    await page.goto('/admission/status');
    await page.getByLabel('Reference').fill(reference.toLowerCase());
    const birth = page.getByRole('group', { name: 'Date of birth (B.S.)' });
    await birth.getByLabel('Year').selectOption('2068');
    await birth.getByLabel('Month').selectOption({ label: 'Bhadra' });
    await birth.getByLabel('Day').selectOption('12');
    await page.getByRole('button', { name: 'Show the status' }).click();
    await expect(page.getByText('Received: the office will check the documents.')).toBeVisible();
    await expect(page.getByText('Rs 500, not paid yet')).toBeVisible();
    expect(page.url()).not.toContain('2068');
    await shot('status');

    await page.goto('/ne/admission/status');
    await page.getByLabel('सन्दर्भ नम्बर').fill(reference);
    const janma = page.getByRole('group', { name: 'जन्म मिति (वि.सं.)' });
    await janma.getByLabel('साल').selectOption('2068');
    await janma.getByLabel('महिना').selectOption('5');
    await janma.getByLabel('गते').selectOption('12');
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
      await page.getByLabel('Reference').fill(reference);
      const born = page.getByRole('group', { name: 'Date of birth (B.S.)' });
      await born.getByLabel('Year').selectOption('2068');
      await born.getByLabel('Month').selectOption({ label: 'Bhadra' });
      await born.getByLabel('Day').selectOption('12');
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
    const reference = (await page.locator('.apply-reference').textContent()) ?? '';
    expect(await violations(page)).toEqual([]);

    await page.goto('/ne/admission/status');
    await page.getByLabel('सन्दर्भ नम्बर').fill(reference);
    const janma = page.getByRole('group', { name: 'जन्म मिति (वि.सं.)' });
    await janma.getByLabel('साल').selectOption('2068');
    await janma.getByLabel('महिना').selectOption('5');
    await janma.getByLabel('गते').selectOption('12');
    await page.getByRole('button', { name: 'अवस्था हेर्नुहोस्' }).click();
    await expect(page.getByText('प्राप्त भयो: कलेजले कागजात जाँच्नेछ।')).toBeVisible();
    expect(await violations(page)).toEqual([]);
  });
});
