import { expect, test } from '@playwright/test';
import { ADMIN_EMAIL, ADMIN_PASSWORD, BASE_URL } from './support/env.ts';
import { receivedMail } from './support/mailbox.ts';

const OLD = 'an old but good passphrase';
const NEW = 'a freshly chosen passphrase';

// The whole way without JavaScript: the forgot form, the link's page and the sign-in all post plainly.
test.use({ javaScriptEnabled: false });

test('a staff member who forgot the password asks for a link, reads the e-mail, sets a new one and signs in', async ({
  page,
}, testInfo) => {
  const email = `forgetful-${testInfo.project.name}-${Date.now()}@orbit.test`;
  // The account, made by an owner through the API and given its first password with its welcome link.
  const owner = await page.request.post('/api/auth/login', {
    headers: { origin: BASE_URL },
    data: { email: ADMIN_EMAIL, password: ADMIN_PASSWORD },
  });
  expect(owner.status()).toBe(200);
  const added = await page.request.post('/api/admin/staff', {
    headers: { origin: BASE_URL },
    data: { name: 'Bishnu Karki', email, role: 'editor' },
  });
  expect(added.status(), await added.text()).toBe(201);
  const { link } = (await added.json()) as { link: { path: string } };
  const set = await page.request.post(`/api${link.path}`, { headers: { origin: BASE_URL }, data: { password: OLD } });
  expect(set.status()).toBe(204);
  await page.context().clearCookies();

  await page.goto('/login');
  await page.getByRole('link', { name: 'Forgot your password?' }).click();
  await expect(page.getByRole('heading', { name: 'Forgot your password?' })).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('forgot-password.png'), fullPage: true });
  // The same page on a phone: no wider than the screen.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: testInfo.outputPath('forgot-password-390.png'), fullPage: true });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.getByLabel('E-mail address').fill(email);
  await page.getByLabel('नेपाली').check();
  await page.getByRole('button', { name: 'Send the link' }).click();
  await expect(page.getByRole('status')).toContainText('If this address belongs to an account that can sign in');

  const mail = await receivedMail(email, 'अर्बिट कलेज वेबसाइटको नयाँ पासवर्ड');
  expect(mail.text).toContain('आदरणीय Bishnu Karki,');
  // Until when the link works, as a B.S. date in Nepali.
  expect(mail.text).toMatch(/[०-९]+ [^\s]+ २०[०-९]{2} \(/u);
  const url = /https?:\/\/\S+\/welcome\/[A-Za-z0-9_-]{43}/u.exec(mail.text ?? '')?.[0];
  expect(url).toBeDefined();

  await page.goto(url!);
  await expect(page.getByRole('heading', { name: 'Set your password' })).toBeVisible();
  await page.getByLabel('New password').fill(NEW);
  await page.getByRole('button', { name: 'Set password' }).click();
  await expect(page.getByRole('heading', { name: 'Your password is set' })).toBeVisible();

  await page.goto('/login');
  await page.getByLabel('Username').fill(email);
  await page.getByLabel('Password').fill(NEW);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page).toHaveURL(/\/admin$/u);

  // The link worked once.
  await page.goto(url!);
  await expect(page.getByRole('heading', { name: 'This link cannot be used' })).toBeVisible();
});
