import { type Browser, type Page, expect, test } from '@playwright/test';
import { photoJpeg } from './support/admin-photo.ts';
import { ADMISSION_STATUS_PAGE } from './support/admin-paths.ts';
import { ADMIN_EMAIL, ADMIN_PASSWORD } from './support/env.ts';

// These tests change the shared server's content (notices, admission status, photos), so they run one
// after another in one signed-in page, and each puts back what it changed where it can.
test.describe.configure({ mode: 'serial' });

let page: Page;

async function signIn(browser: Browser): Promise<Page> {
  const signedIn = await browser.newPage();
  await signedIn.goto('/login');
  await signedIn.getByLabel('Username').fill(ADMIN_EMAIL);
  await signedIn.getByLabel('Password').fill(ADMIN_PASSWORD);
  await signedIn.getByRole('button', { name: 'Login' }).click();
  await expect(signedIn.getByText('Login successful.')).toBeVisible();
  await signedIn.waitForURL(/\/admin$/u, { timeout: 10_000 });
  return signedIn;
}

test.beforeAll(async ({ browser }) => {
  page = await signIn(browser);
});
test.afterAll(async () => {
  await page.close();
});

test('a new notice shows first on /notices and on the home page, and can be deleted', async () => {
  const title = `E2E notice ${Date.now()}`;
  await page.goto('/admin/addnewnotice');
  await expect(page.getByRole('heading', { level: 1, name: 'Add notice' })).toBeVisible();

  // The browser checks with the shared schema and its exact messages before anything is sent.
  await page.getByLabel('Title').fill('Hi');
  await page.getByLabel('Description').fill('Too short here');
  await page.getByRole('button', { name: 'Add notice' }).click();
  await expect(page.getByText('Title must be at least 5 characters.')).toBeVisible();
  await expect(page.getByText('Description must be at least 5 words.')).toBeVisible();
  await expect(page.getByLabel('Title')).toBeFocused();

  await page.getByLabel('Title').fill(title);
  await page.getByLabel('Description').fill('The end-to-end test wrote this notice to check the whole path.');
  await page.getByLabel('Link (optional)').fill('https://example.com/e2e');
  await page.getByRole('button', { name: 'Add notice' }).click();
  await expect(page.getByText('Notice created successfully.')).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/notice$/u);
  await expect(page.getByRole('listitem').filter({ hasText: title }).first()).toBeVisible();

  await page.goto('/notices');
  await expect(page.getByRole('main').getByRole('article').first().getByRole('heading')).toHaveText(title);
  await page.goto('/');
  const latest = page.getByRole('region', { name: 'Latest notices' });
  await expect(latest.getByRole('listitem').first().getByRole('heading')).toHaveText(title);

  await page.goto('/admin/notice');
  const item = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: title }) });
  await item.getByRole('button', { name: 'Delete' }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete this notice?' });
  await expect(dialog).toContainText(title);
  await dialog.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('Notice deleted successfully.')).toBeVisible();
  await expect(item).toHaveCount(0);
  await page.goto('/notices');
  await expect(page.getByRole('heading', { name: title })).toHaveCount(0);
});

test('switching the admission status changes the home page button, and switches back', async () => {
  await page.goto('/');
  const openBlock = page.getByRole('region', { name: 'ADMISSION OPEN' });
  const wasOpen = (await openBlock.count()) > 0;
  const [from, to] = wasOpen ? ['ADMISSION OPEN', 'ADMISSION ENQUIRY'] : ['ADMISSION ENQUIRY', 'ADMISSION OPEN'];
  const label = (status: string) => (status === 'ADMISSION OPEN' ? 'APPLY NOW' : 'ENQUIRY NOW');

  async function setStatus(status: string) {
    await page.goto(ADMISSION_STATUS_PAGE);
    const select = page.getByRole('combobox', { name: 'Admission status' });
    const save = page.getByRole('button', { name: 'Save status' });
    await expect(save).toBeDisabled(); // only a changed value is saved
    await select.selectOption(status);
    await expect(save).toBeEnabled();
    await save.click();
    await expect(page.getByText('Admission status updated successfully.')).toBeVisible();
    await expect(select).toHaveValue(status);
    await expect(save).toBeDisabled();
  }

  async function expectHome(status: string) {
    await page.goto('/');
    const block = page.getByRole('region', { name: status });
    await expect(block).toBeVisible();
    await expect(block.getByRole('link', { name: new RegExp(`^${label(status)}`, 'u') })).toBeVisible();
  }

  await expectHome(from);
  await setStatus(to);
  await expectHome(to);
  await setStatus(from);
  await expectHome(from);
});

test('a gallery photo uploads with a progress bar and appears on /gallery', async () => {
  await page.goto('/admin/addnewphoto');
  // No file chosen: the specification's message, and nothing is sent.
  await page.getByRole('button', { name: 'Upload' }).click();
  await expect(page.getByText('Please select a image.')).toBeVisible();

  await page.getByLabel('Gallery photo').setInputFiles({
    name: 'class-trip.jpg',
    mimeType: 'image/jpeg',
    buffer: await photoJpeg(2400, 1600),
  });
  // A slow uplink, so the bar visibly moves before the server starts processing.
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 20,
    downloadThroughput: -1,
    uploadThroughput: 1024 * 1024,
  });
  // Every value the bar takes, to show it follows the upload rather than jumping from 0 to 100.
  await page.evaluate(() => {
    const seen: number[] = [];
    (window as unknown as { progressValues: number[] }).progressValues = seen;
    new MutationObserver(() => {
      const bar = document.querySelector('progress');
      if (bar?.hasAttribute('value')) seen.push(Number(bar.getAttribute('value')));
    }).observe(document.body, { subtree: true, childList: true, attributes: true, attributeFilter: ['value'] });
  });
  const uploaded = page.waitForResponse(
    (r) => r.url().endsWith('/api/admin/images/gallery') && r.request().method() === 'POST',
  );
  await page.getByRole('button', { name: 'Upload' }).click();
  const progress = page.getByRole('progressbar', { name: 'Upload progress' });
  await expect(progress).toBeVisible();
  await expect
    .poll(async () => Number((await progress.getAttribute('value')) ?? 0), { timeout: 10_000 })
    .toBeGreaterThan(0);
  const response = await uploaded;
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 0,
    downloadThroughput: -1,
    uploadThroughput: -1,
  });
  expect(response.status()).toBe(201);
  const image = (await response.json()) as { id: string; full: string };
  // Processing an image took 4.6 s on a loaded two-core machine: the toast follows the server's answer.
  await expect(page.getByText('Image Uploaded Successfully')).toBeVisible({ timeout: 30_000 });
  await expect(progress).toHaveCount(0);
  const values = await page.evaluate(() => (window as unknown as { progressValues: number[] }).progressValues);
  expect(
    values.some((v) => v > 0 && v < 100),
    `progress values: ${values.join(', ')}`,
  ).toBe(true);
  expect(values.at(-1)).toBe(100);

  // Sent without an album, it joins the end of 'Life at Orbit', and opens at its own page.
  const { id } = image;
  await page.goto('/gallery/life-at-orbit');
  await expect(page.getByRole('heading', { name: 'Life at Orbit' })).toBeVisible();
  await expect(page.locator(`a[href="/gallery/life-at-orbit/${id}"]`)).toBeVisible();
  await page.goto('/admin/gallery');
  await expect(page.locator(`a[href="${image.full}"]`)).toBeVisible();
});

test('the featured upload area shows only while fewer than 3 featured photos exist', async () => {
  await page.goto('/admin/featured');
  const cards = page.getByRole('list', { name: 'Featured photos' }).getByRole('listitem');
  const uploadField = page.getByLabel('Featured photo', { exact: true });
  await expect(cards).toHaveCount(3); // the demo seed
  await expect(uploadField).toHaveCount(0);
  await expect(page.getByText('All 3 places are taken.')).toBeVisible();

  await cards
    .first()
    .getByRole('button', { name: /^Delete/u })
    .click();
  await page
    .getByRole('dialog', { name: 'Delete this featured photo?' })
    .getByRole('button', { name: 'Delete' })
    .click();
  await expect(cards).toHaveCount(2);
  await expect(uploadField).toBeVisible();

  await uploadField.setInputFiles({ name: 'featured.jpg', mimeType: 'image/jpeg', buffer: await photoJpeg(1200, 800) });
  await page.getByRole('button', { name: 'Upload' }).click();
  // Processing an image took 4.6 s on a loaded two-core machine: the toast follows the server's answer.
  await expect(page.getByText('Image Uploaded Successfully')).toBeVisible({ timeout: 30_000 });
  await expect(cards).toHaveCount(3);
  await expect(uploadField).toHaveCount(0);
  await expect(page.getByText('All 3 places are taken.')).toBeVisible();
});
