import { type Page, expect, test } from '@playwright/test';
import { E2E_SMTP_PORT } from './support/env.ts';
import { waitForHydration } from './support/hydration.ts';
import { receivedMail } from './support/mailbox.ts';
import { signInByApi } from './support/pages.ts';
import { screenshots } from './support/screenshots.ts';

// Sending set up from the admin, on the e2e server, whose SMTP_URL (the tests' mailbox) wins over the admin:
// the page says where the server is set, and 'Send a test' reports truthfully what became of each test.

async function sendTests(page: Page, runName: string) {
  const panel = page.getByRole('region', { name: 'E-mail server (SMTP)' });
  await expect(panel.getByText('Set by the server’s SMTP_URL; change it there.')).toBeVisible();
  await expect(panel.getByText(`127.0.0.1:${E2E_SMTP_PORT}`)).toBeVisible();
  // No field to type a server into: the environment's is the one used.
  await expect(page.getByLabel('SMTP server')).toHaveCount(0);

  const owner = `sending.${runName}.${Date.now()}@example.com`;
  await page.getByLabel('Send a test e-mail to').fill(owner);
  await page.getByRole('button', { name: 'Send a test e-mail' }).click();
  await expect(page.getByText(/Sent\. The server answered: 250/u).first()).toBeVisible();
  await receivedMail(owner, 'Test e-mail from the Orbit College website');

  // No SMS provider is saved on this server: the test SMS says so, beside its field, and nothing is sent.
  await page.getByLabel('Send a test SMS to').fill('9841000009');
  await page.getByRole('button', { name: 'Send a test SMS' }).click();
  await expect(
    page
      .getByRole('form', { name: 'Test SMS' })
      .getByText('Not sent. SMS is not set up: choose a provider and save its token.'),
  ).toBeVisible();
  await expect(page.getByLabel('Send a test SMS to')).toHaveValue('9841000009');
}

test('an owner sees the environment’s SMTP server named and sends a test e-mail and a test SMS @phone', async ({
  page,
}, testInfo) => {
  await signInByApi(page);
  await page.goto('/admin/messages');
  await waitForHydration(page);
  await sendTests(page, testInfo.project.name);
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width).toBeLessThanOrEqual(page.viewportSize()!.width);
  if (testInfo.project.name === 'desktop') await screenshots(page, 'admin-sending');
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the test forms post to the page and show the answers beside them @phone', async ({ page }, testInfo) => {
    await signInByApi(page);
    await page.goto('/admin/messages');
    await page.getByLabel('Send a test SMS to').fill('12345');
    await page.getByRole('button', { name: 'Send a test SMS' }).click();
    await expect(page.getByText('Enter a 10-digit Nepali mobile number, like 98XXXXXXXX.').first()).toBeVisible();
    await sendTests(page, `${testInfo.project.name}-nojs`);
  });
});
