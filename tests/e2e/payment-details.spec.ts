import Database from 'better-sqlite3';
import path from 'node:path';
import { type Page, expect, test } from '@playwright/test';
import sharp from 'sharp';
import { openStatusWithKey } from './support/application-status.ts';
import { setServerClock } from './support/clock.ts';
import { BASE_URL, E2E_DATA_DIR } from './support/env.ts';
import { signInByApi } from './support/pages.ts';
import { screenshots } from './support/screenshots.ts';
import { a } from '#server/test-support/seasons.ts';

// Where parents pay is data: a season starts with no bank account, and the apply form says to ask the college
// office rather than pretend; the season page warns the office. The office fills in the bank, branch, account
// name and number, the deposit's reference and the college's payment QR on the season page (with JavaScript,
// and without); a wrong account number is refused beside its field and nothing typed is lost. A parent then
// sees them on the apply form's fee step and on the confirmation, with the application's own reference filled
// in. The season is made through the admin API and removed after.
test.describe.configure({ mode: 'serial' });
test.setTimeout(120_000);

const SEASON = a.season({ admissionDeadline: '2084-04-30' });
const SCIENCE = {
  nameEn: 'Science',
  nameNe: 'विज्ञान',
  stream: 'Science',
  seats: 40,
  fees: [],
  admissionFeeForContinuing: false,
  feeApprovedBy: '',
  feeApprovedOn: '',
  feeReference: '',
  scholarshipSeats: {},
  minGpa: 1.6,
  minGrades: [],
  applicationFee: 500,
};
const headers = { origin: BASE_URL };
let seasonId = '';

/** The college's merchant QR as the office has it: a black-and-white square picture. */
const merchantQr = () =>
  sharp({ create: { width: 600, height: 600, channels: 3, background: '#ffffff' } })
    .composite([
      { input: { create: { width: 200, height: 200, channels: 3, background: '#000000' } }, left: 40, top: 40 },
      { input: { create: { width: 200, height: 200, channels: 3, background: '#000000' } }, left: 360, top: 360 },
    ])
    .png()
    .toBuffer();

async function createSeason(page: Page) {
  await signInByApi(page);
  const season = await page.request.post('/api/admin/seasons', { headers, data: SEASON });
  expect(season.status(), await season.text()).toBe(201);
  seasonId = ((await season.json()) as { id: string }).id;
  const science = await page.request.post(`/api/admin/seasons/${seasonId}/programmes`, { headers, data: SCIENCE });
  expect(science.status(), await science.text()).toBe(201);
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

const paymentForm = (page: Page) => page.getByRole('form', { name: 'Payment details' });
/** The apply form's fee step, scrolled to: the form's sections are laid out only when they are on the screen. */
async function feeStep(page: Page) {
  const step = page.locator('section[aria-labelledby="apply-payment"]');
  await step.scrollIntoViewIfNeeded();
  return step;
}
const noWiderThanScreen = async (page: Page) =>
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
    page.viewportSize()!.width,
  );

async function fillApplication(page: Page, symbol: string) {
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
  await page.getByLabel("Guardian's mobile number").fill('9845012345');
  await page.getByLabel('Province').selectOption({ label: 'Bagmati' });
  await page.getByLabel('District', { exact: true }).selectOption('Chitwan');
  await page.getByLabel('Municipality or rural municipality').fill('Bharatpur Metropolitan City');
  await page.getByLabel('Ward', { exact: true }).selectOption('10');
  await page.getByLabel('SEE year (B.S.)').selectOption('2083');
  await page.getByLabel('SEE symbol number').fill(symbol);
  await page.getByLabel('School', { exact: true }).fill('Shree Janata Secondary School');
  await page.getByLabel("School's district").selectOption('Chitwan');
  await page.getByLabel('SEE GPA').fill('2.90');
  for (const subject of ['English', 'Nepali', 'Mathematics', 'Science', 'Social Studies']) {
    await page.getByLabel(subject, { exact: true }).selectOption('B');
  }
  await page.getByLabel('First choice').selectOption({ label: 'Science: application fee Rs 500' });
  await page.getByRole('radio', { name: 'At the college counter' }).check();
  const picture = await sharp({ create: { width: 600, height: 800, channels: 3, background: '#d0d0d0' } })
    .jpeg()
    .toBuffer();
  for (const label of ['Passport-size photo', 'SEE grade sheet', 'Character certificate']) {
    await page.getByLabel(label).setInputFiles({ name: 'page.jpg', mimeType: 'image/jpeg', buffer: picture });
  }
  await page.getByRole('checkbox', { name: "I am the student's parent or guardian and I agree." }).check();
}

test.describe('payment details @phone', () => {
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

  test('with none filled in, the apply form says to ask the office and the season page warns', async ({ page }) => {
    // 6 Ashadh 2084 B.S. (20 Jun 2027): the season is open.
    setServerClock('2027-06-20T06:00:00Z');
    await page.goto('/admission/apply');
    await expect((await feeStep(page)).getByText('Ask the college office for the bank details.')).toBeVisible();
    await expect((await feeStep(page)).getByText('Account number')).toHaveCount(0);
    await page.goto('/ne/admission/apply');
    await expect((await feeStep(page)).getByText('बैङ्क विवरणका लागि कलेजको कार्यालयमा सोध्नुहोस्।')).toBeVisible();

    await signInByApi(page);
    await page.goto(`/admin/seasons/${seasonId}`);
    await expect(
      paymentForm(page).getByText(/Parents are told to pay the fees at the bank, but no account is given to pay into/u),
    ).toBeVisible();
  });

  test('the office fills them in on the season page: a wrong number is refused beside it, then all is saved', async ({
    page,
  }) => {
    await signInByApi(page);
    await page.goto(`/admin/seasons/${seasonId}`);
    const form = paymentForm(page);
    await form.getByLabel('Bank', { exact: true }).fill('Nabil Bank');
    await form.getByLabel('Branch (optional)').fill('Bharatpur');
    await form.getByLabel('Account name').fill('Orbit College Pvt. Ltd.');
    await form.getByLabel('Account number').fill('0101 O171 2345');
    await form.getByLabel("What to write as the deposit's reference (optional)").fill("Student's name and {reference}");
    await form.getByLabel('The same, in Nepali (optional)').fill('विद्यार्थीको नाम र {reference}');
    await form.getByRole('button', { name: 'Save payment details' }).click();
    await expect(
      form.getByText('The account number takes digits only, with spaces or hyphens between groups.'),
    ).toBeVisible();
    await expect(form.getByLabel('Bank', { exact: true })).toHaveValue('Nabil Bank');

    await form.getByLabel('Account number').fill('0101-0171-2345-6789');
    await form.getByLabel('Payment QR image (optional)').setInputFiles({
      name: 'fonepay-qr.png',
      mimeType: 'image/png',
      buffer: await merchantQr(),
    });
    await form.getByRole('button', { name: 'Save payment details' }).click();
    await expect(form.getByText('Payment details saved.')).toBeVisible();

    await page.reload();
    await expect(paymentForm(page).getByLabel('Account number')).toHaveValue('0101-0171-2345-6789');
    await expect(paymentForm(page).getByRole('img', { name: 'The payment QR image parents see' })).toBeVisible();
    await expect(paymentForm(page).getByText(/no account is given to pay into/u)).toHaveCount(0);
    await noWiderThanScreen(page);
    await screenshots(page, 'payment-season-page');
  });

  test('a parent sees them on the fee step, the confirmation and the status page, with the reference filled in', async ({
    page,
  }, testInfo) => {
    setServerClock('2027-06-20T06:00:00Z');
    await page.goto('/admission/apply');
    const step = await feeStep(page);
    await expect(step.getByRole('heading', { name: 'Where to pay' })).toBeVisible();
    for (const text of ['Nabil Bank', 'Bharatpur', 'Orbit College Pvt. Ltd.', '0101-0171-2345-6789']) {
      await expect(step.getByText(text, { exact: true })).toBeVisible();
    }
    await expect(
      step.getByText("Student's name and your application reference (given when you apply)", { exact: true }),
    ).toBeVisible();
    const qr = step.getByRole('img', { name: "The college's payment QR code" });
    await expect(qr).toBeVisible();
    expect(await qr.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(400);
    await expect(page.getByText('Ask the college office for the bank details.')).toHaveCount(0);
    await noWiderThanScreen(page);
    await screenshots(page, 'payment-apply-form');
    const dir = process.env.E2E_SCREENSHOTS;
    if (dir) {
      for (const width of [1280, 390]) {
        await page.setViewportSize({ width, height: 900 });
        await step.screenshot({ path: `${dir}/payment-apply-fee-step-${width}.png` });
      }
      await page.setViewportSize({ width: 1280, height: 800 });
    }

    await fillApplication(page, testInfo.project.name === 'phone' ? '02019911' : '02019912');
    setServerClock('2027-06-20T06:10:00Z');
    await page.getByRole('button', { name: 'Send the application' }).click();
    await expect(page.getByRole('heading', { name: 'Application received' })).toBeVisible();
    const reference = (await page.locator('.apply-reference:not(.apply-access-key)').textContent()) ?? '';
    expect(reference).toMatch(/^ORB-2084-\d{4}$/u);
    const where = page.getByRole('region', { name: 'Where to pay' });
    await expect(where.getByText('0101-0171-2345-6789', { exact: true })).toBeVisible();
    await expect(where.getByText(`Student's name and ${reference}`, { exact: true })).toBeVisible();
    await expect(where.getByRole('img', { name: "The college's payment QR code" })).toBeVisible();
    await noWiderThanScreen(page);
    await screenshots(page, 'payment-confirmation');
    // The printed confirmation keeps where to pay.
    await page.emulateMedia({ media: 'print' });
    await expect(where.getByText('0101-0171-2345-6789', { exact: true })).toBeVisible();
    await page.emulateMedia({ media: 'screen' });

    // The status page, while the fee is not paid, says where to pay, with the reference.
    const key = (await page.locator('dd.apply-access-key').textContent()) ?? '';
    await openStatusWithKey(page, '/admission/status', reference, key);
    await expect(page.getByText('Rs 500, not paid yet')).toBeVisible();
    const onStatus = page.getByRole('region', { name: 'Where to pay' });
    await expect(onStatus.getByText(`Student's name and ${reference}`, { exact: true })).toBeVisible();
    await expect(onStatus.getByText('Nabil Bank', { exact: true })).toBeVisible();
    await noWiderThanScreen(page);
    await screenshots(page, 'payment-status');
  });

  test('in Nepali, the fee step gives the Nepali reference text', async ({ page }) => {
    setServerClock('2027-06-20T06:00:00Z');
    await page.goto('/ne/admission/apply');
    const step = await feeStep(page);
    await expect(step.getByRole('heading', { name: 'कहाँ तिर्ने' })).toBeVisible();
    await expect(step.getByText('खाता नम्बर')).toBeVisible();
    await expect(
      step.getByText('विद्यार्थीको नाम र तपाईंको आवेदनको सन्दर्भ नम्बर (आवेदन दिँदा पाइने)', { exact: true }),
    ).toBeVisible();
  });
});

test.describe('payment details without JavaScript', () => {
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

  test('the season page form posts natively: refused beside the field, then saved with its QR', async ({ page }) => {
    await signInByApi(page);
    await page.goto(`/admin/seasons/${seasonId}`);
    const form = paymentForm(page);
    await form.getByLabel('Bank', { exact: true }).fill('Everest Bank');
    await form.getByLabel('Account number').fill('00200105201234');
    await form.getByRole('button', { name: 'Save payment details' }).click();
    await expect(
      paymentForm(page).getByText(
        'Enter the account name: the bank, the account name and the account number go together.',
      ),
    ).toBeVisible();
    await expect(paymentForm(page).getByLabel('Bank', { exact: true })).toHaveValue('Everest Bank');
    await expect(paymentForm(page).getByLabel('Account number')).toHaveValue('00200105201234');

    await paymentForm(page).getByLabel('Account name').fill('Orbit College');
    await paymentForm(page)
      .getByLabel('Payment QR image (optional)')
      .setInputFiles({ name: 'esewa.png', mimeType: 'image/png', buffer: await merchantQr() });
    await paymentForm(page).getByRole('button', { name: 'Save payment details' }).click();
    await expect(paymentForm(page).getByText('Payment details saved.')).toBeVisible();
    expect(page.url()).toBe(`${BASE_URL}/admin/seasons/${seasonId}`);

    await page.goto(`/admin/seasons/${seasonId}`);
    await expect(paymentForm(page).getByLabel('Account name')).toHaveValue('Orbit College');
    await expect(paymentForm(page).getByRole('img', { name: 'The payment QR image parents see' })).toBeVisible();
    await paymentForm(page).getByRole('checkbox', { name: 'Remove this QR image' }).check();
    await paymentForm(page).getByRole('button', { name: 'Save payment details' }).click();
    await expect(paymentForm(page).getByText('Payment details saved.')).toBeVisible();
    await page.goto(`/admin/seasons/${seasonId}`);
    await expect(paymentForm(page).getByRole('img', { name: 'The payment QR image parents see' })).toHaveCount(0);
  });
});
