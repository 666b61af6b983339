import { type Page, expect, test } from '@playwright/test';
import path from 'node:path';
import { waitForHydration } from './support/hydration.ts';
import { BASE_URL } from './support/env.ts';
import { signInByApi } from './support/pages.ts';

// 'Convert from Preeti' on the notice form: text typed in the legacy Preeti font arrives as Latin letters
// ('g]kfn') and becomes Unicode Devanagari ('नेपाल'), with JavaScript in place and without it through the page.

const ORIGIN = { origin: BASE_URL };
const PREETI = 'g]kfn';
const UNICODE = 'नेपाल';
const made: string[] = [];

async function createNotice(page: Page, language: 'en' | 'ne'): Promise<string> {
  const res = await page.request.post('/api/admin/notices', {
    headers: ORIGIN,
    data: {
      title: `E2E Preeti ${language} ${test.info().project.name} ${Date.now() % 1e6}`,
      description: 'Students are requested to read this notice carefully.',
      link: '',
      language,
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  const { id } = (await res.json()) as { id: string };
  made.push(id);
  return id;
}

test.afterEach(async ({ page }) => {
  for (const id of made.splice(0)) {
    const res = await page.request.delete(`/api/admin/notices/${id}`, { headers: ORIGIN });
    expect([204, 404]).toContain(res.status());
  }
});

async function shoot(page: Page, name: string): Promise<void> {
  const dir = process.env.E2E_SHOTS;
  if (dir) await page.screenshot({ path: path.join(dir, `${name}-${page.viewportSize()!.width}.png`), fullPage: true });
}

const convertButtons = (page: Page) => page.getByRole('button', { name: 'Convert from Preeti' });

async function expectFitsTheWidth(page: Page): Promise<void> {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
    page.viewportSize()!.width,
  );
}

test('on a Nepali notice, Convert from Preeti turns the title and the description into Unicode @phone', async ({
  page,
}) => {
  await signInByApi(page);
  const id = await createNotice(page, 'ne');
  await page.goto(`/admin/notice/${id}/edit`);
  await waitForHydration(page);
  await expect(convertButtons(page)).toHaveCount(2);

  await page.getByLabel('Title').fill(PREETI);
  await convertButtons(page).first().click();
  await expect(page.getByLabel('Title')).toHaveValue(UNICODE);
  await expect(page.getByLabel('Title')).toBeFocused();
  await expect(page.getByText('Converted from Preeti to Unicode.')).toBeVisible();

  await page.getByLabel('Description').fill(Array(5).fill(PREETI).join(' '));
  await convertButtons(page).nth(1).click();
  await expect(page.getByLabel('Description')).toHaveValue(Array(5).fill(UNICODE).join(' '));
  await expectFitsTheWidth(page);
  await shoot(page, 'notice-preeti');

  // The converted text is what is saved.
  await page.getByRole('button', { name: 'Save changes' }).click();
  await page.waitForURL(/\/admin\/notice$/u);
  await page.goto(`/admin/notice/${id}/edit`);
  await expect(page.getByLabel('Title')).toHaveValue(UNICODE);
});

test('the buttons follow the language: none for English, shown once Nepali is chosen', async ({ page }) => {
  await signInByApi(page);
  const id = await createNotice(page, 'en');
  await page.goto(`/admin/notice/${id}/edit`);
  await waitForHydration(page);
  await expect(page.getByLabel('Title')).toBeVisible();
  await expect(convertButtons(page)).toHaveCount(0);
  await page.getByLabel('Language').selectOption('ne');
  await expect(convertButtons(page)).toHaveCount(2);
  await page.getByLabel('Title').fill(PREETI);
  await convertButtons(page).first().click();
  await expect(page.getByLabel('Title')).toHaveValue(UNICODE);
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('Convert from Preeti sends the form back converted; nothing is saved until Save @phone', async ({ page }) => {
    await signInByApi(page);
    const id = await createNotice(page, 'ne');
    await page.goto(`/admin/notice/${id}/edit`);
    const stored = await page.getByLabel('Title').inputValue();
    await expect(convertButtons(page)).toHaveCount(2);

    await page.getByLabel('Title').fill(PREETI);
    await page.getByLabel('Description').fill(Array(5).fill(PREETI).join(' '));
    await page.getByLabel('Reference number (चलानी नं.)').fill('REF-7');
    await convertButtons(page).first().click();
    await expect(page.getByLabel('Title')).toHaveValue(UNICODE);
    await expect(page.getByLabel('Title')).toBeFocused();
    await expect(page.getByText('Converted from Preeti to Unicode.')).toBeVisible();
    // Everything else as typed, the description still in Preeti.
    await expect(page.getByLabel('Description')).toHaveValue(Array(5).fill(PREETI).join(' '));
    await expect(page.getByLabel('Reference number (चलानी नं.)')).toHaveValue('REF-7');
    // Nothing saved yet.
    const res = await page.request.get(`/admin/notice/${id}/edit`);
    expect(await res.text()).toContain(stored);

    await convertButtons(page).nth(1).click();
    await expect(page.getByLabel('Description')).toHaveValue(Array(5).fill(UNICODE).join(' '));
    await expect(page.getByLabel('Title')).toHaveValue(UNICODE);
    await expectFitsTheWidth(page);
    await shoot(page, 'notice-preeti-nojs');

    // Enter in a field saves (the first submit button is a hidden Save, never a Convert button).
    await page.getByLabel('Title').press('Enter');
    await expect(page.getByText('Notice updated successfully.')).toBeVisible();
    await expect(page.getByLabel('Title')).toHaveValue(UNICODE);
  });
});
