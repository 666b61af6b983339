import { type Locator, type Page, expect, test } from '@playwright/test';
import sharp from 'sharp';
import { APPLICATION_FILE_LIMITS as L } from '#common/admission/application.ts';
import { applicationRefusalText } from '#common/admission/application-form.ts';
import { en } from '#common/i18n/en.ts';
import { ne } from '#common/i18n/ne.ts';
import { makePdf } from '../../server/pdf/test-pdfs.ts';
import { setServerClock } from './support/clock.ts';
import { BASE_URL } from './support/env.ts';
import { chooseFirstFiles, waitForEnhancements } from './support/hydration.ts';
import { signInByApi } from './support/pages.ts';
import { screenshots } from './support/screenshots.ts';

// With JavaScript, a file the server would refuse is refused as it is chosen, in the server's words, beside its
// input, and taken out of the input: nothing is sent. A good file clears the refusal. The season is made
// through the admin API and the server's clock put inside it; it is removed after (no application is made).
test.describe.configure({ mode: 'serial' });

const headers = { origin: BASE_URL };
let seasonId = '';

test.beforeAll(async ({ browser }) => {
  const page = await browser.newPage();
  await signInByApi(page);
  const season = await page.request.post('/api/admin/seasons', {
    headers,
    data: {
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
    },
  });
  expect(season.status(), await season.text()).toBe(201);
  seasonId = ((await season.json()) as { id: string }).id;
  const programme = await page.request.post(`/api/admin/seasons/${seasonId}/programmes`, {
    headers,
    data: {
      nameEn: 'Management',
      nameNe: '',
      stream: 'Management',
      seats: 40,
      fees: [],
      admissionFeeForContinuing: false,
      feeApprovedBy: '',
      feeApprovedOn: '',
      feeReference: '',
      scholarshipSeats: {},
      minGpa: 1.6,
      minGrades: [],
      applicationFee: 0,
    },
  });
  expect(programme.status(), await programme.text()).toBe(201);
  const published = await page.request.post(`/api/admin/seasons/${seasonId}/publish`, {
    headers,
    data: { belowMinimum: true },
  });
  expect(published.status(), await published.text()).toBe(200);
  await page.close();
});

test.afterAll(async ({ browser }) => {
  setServerClock(null);
  const page = await browser.newPage();
  await signInByApi(page);
  await page.request.post(`/api/admin/seasons/${seasonId}/withdraw`, { headers });
  expect((await page.request.delete(`/api/admin/seasons/${seasonId}`, { headers })).status()).toBe(204);
  await page.close();
});

/** Every request that could carry the form: any but a GET, the sampled web-vitals beacon aside. */
function watchSends(page: Page): string[] {
  const sent: string[] = [];
  page.on('request', (request) => {
    if (request.method() !== 'GET' && new URL(request.url()).pathname !== '/api/vitals') {
      sent.push(`${request.method()} ${request.url()}`);
    }
  });
  return sent;
}

/** The input shows `text` as its refusal (as the server's refusals are shown) and holds no file. */
async function expectRefused(input: Locator, text: string) {
  const id = await input.getAttribute('id');
  await expect(input).toHaveAttribute('aria-invalid', 'true');
  await expect(input.page().locator(`#${id}-error.form-field__error`)).toHaveText(text);
  const hint = await input.page().locator(`#${id}-hint`).textContent();
  await expect(input).toHaveAccessibleDescription(`${hint} ${text}`);
  expect(await input.evaluate((el: HTMLInputElement) => el.files?.length)).toBe(0);
}

async function expectAccepted(input: Locator, files: number) {
  const id = await input.getAttribute('id');
  await expect(input).not.toHaveAttribute('aria-invalid');
  await expect(input.page().locator(`#${id}-error`)).toHaveCount(0);
  expect(await input.evaluate((el: HTMLInputElement) => el.files?.length)).toBe(files);
}

test('a file the server would refuse is refused as it is chosen, beside its input, and never sent @phone', async ({
  page,
}, testInfo) => {
  // 6 Ashadh 2084 B.S. (20 Jun 2027): the season is open.
  setServerClock('2027-06-20T06:00:00Z');
  const sent = watchSends(page);
  await page.goto('/admission/apply');
  await waitForEnhancements(page);
  const words = (code: string) => applicationRefusalText(code, en.apply);

  const photo = page.getByLabel('Passport-size photo');
  const gradeSheet = page.getByLabel('SEE grade sheet');
  const character = page.getByLabel('Character certificate');
  // A camera's file name, long and unbroken, over the size limit by a byte.
  const bigName = 'IMG_20270614_183245_HDR_PORTRAIT_original.jpg';
  const big = Buffer.alloc(L.fileBytes + 1);
  big.set([0xff, 0xd8, 0xff]);
  await chooseFirstFiles(photo, { name: bigName, mimeType: 'image/jpeg', buffer: big });
  await expectRefused(photo, `${bigName}: ${words('application/file-too-large')}`);
  await gradeSheet.setInputFiles({
    name: 'grade-sheet.pdf',
    mimeType: 'application/pdf',
    buffer: makePdf({ pages: 6 }),
  });
  await expectRefused(gradeSheet, `grade-sheet.pdf: ${words('application/too-many-pages')}`);
  await character.setInputFiles({
    name: 'character.pdf',
    mimeType: 'application/pdf',
    buffer: Buffer.from('Character certificate: to be collected from the school.'),
  });
  await expectRefused(character, `character.pdf: ${words('application/not-document')}`);

  // The refusals, a long file name's among them, fit the width: nothing cut off, no sideways scroll on a phone.
  const overflowing = await page
    .locator('.form-field__error')
    .evaluateAll((all) => all.filter((el) => el.scrollWidth > el.clientWidth).map((el) => el.id));
  expect(overflowing).toEqual([]);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
    page.viewportSize()!.width,
  );
  await photo.scrollIntoViewIfNeeded();
  await page.screenshot({ path: testInfo.outputPath('apply-file-refused.png') });
  await screenshots(page, 'apply-file-refused');

  // Pages of one document add up: two 3-page PDFs are six.
  const three = { mimeType: 'application/pdf', buffer: makePdf({ pages: 3 }) };
  await gradeSheet.setInputFiles([
    { name: 'page-1-3.pdf', ...three },
    { name: 'page-4-6.pdf', ...three },
  ]);
  await expectRefused(gradeSheet, words('application/too-many-pages'));

  // Good files clear each refusal and stay in their inputs.
  const jpeg = await sharp({ create: { width: 600, height: 800, channels: 3, background: '#c89078' } })
    .jpeg()
    .toBuffer();
  await photo.setInputFiles({ name: 'photo.jpg', mimeType: 'image/jpeg', buffer: jpeg });
  await expectAccepted(photo, 1);
  await expect(photo).toHaveAccessibleDescription(en.apply.hints.photo);
  await gradeSheet.setInputFiles([
    { name: 'page-1-3.pdf', ...three },
    { name: 'page-4-5.pdf', mimeType: 'application/pdf', buffer: makePdf({ pages: 2 }) },
  ]);
  await expectAccepted(gradeSheet, 2);
  await character.setInputFiles({ name: 'character.pdf', mimeType: 'application/pdf', buffer: makePdf({ pages: 1 }) });
  await expectAccepted(character, 1);

  expect(sent).toEqual([]);
});

test('the Nepali form refuses in Nepali, and a photo must be an image @phone', async ({ page }) => {
  setServerClock('2027-06-20T06:00:00Z');
  const sent = watchSends(page);
  await page.goto('/ne/admission/apply');
  await waitForEnhancements(page);
  const photo = page.getByLabel(ne.apply.fields.photo);
  await chooseFirstFiles(photo, { name: 'photo.pdf', mimeType: 'application/pdf', buffer: makePdf({ pages: 1 }) });
  await expectRefused(photo, `photo.pdf: ${applicationRefusalText('application/not-image', ne.apply)}`);
  expect(sent).toEqual([]);
});
