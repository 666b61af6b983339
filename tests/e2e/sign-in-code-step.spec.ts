import { type Page, expect, test } from '@playwright/test';
import Database from 'better-sqlite3';
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { Secret, TOTP } from 'otpauth';
import { ADMIN_EMAIL, ADMIN_PASSWORD, BASE_URL, E2E_DATA_DIR } from './support/env.ts';
import { waitForHydration } from './support/hydration.ts';

const ORIGIN = { origin: BASE_URL };

const appCode = (secret: string) =>
  new TOTP({ algorithm: 'SHA1', digits: 6, period: 30, secret: Secret.fromBase32(secret) }).generate();

/** An owner with the first admin's password and two-factor on (through the API), made for this test alone. */
async function accountWithTwoFactor(page: Page, email: string): Promise<void> {
  const db = new Database(path.join(E2E_DATA_DIR, 'orbit.sqlite'));
  try {
    db.prepare('delete from users where email = ?').run(email);
    db.prepare(
      `insert into users (id, email, password_hash, role, name, created_at, updated_at)
       select ?, ?, password_hash, 'owner', '', created_at, updated_at from users where email = ?`,
    ).run(randomUUID(), email, ADMIN_EMAIL);
  } finally {
    db.close();
  }
  const login = await page.request.post('/api/auth/login', {
    headers: ORIGIN,
    data: { email, password: ADMIN_PASSWORD },
  });
  expect(login.status()).toBe(200);
  const setup = await page.request.post('/api/admin/account/two-factor/setup', { headers: ORIGIN });
  expect(setup.status(), await setup.text()).toBe(200);
  const { secret } = (await setup.json()) as { secret: string };
  const confirm = await page.request.post('/api/admin/account/two-factor/confirm', {
    headers: ORIGIN,
    data: { code: appCode(secret) },
  });
  expect(confirm.status(), await confirm.text()).toBe(200);
  await page.context().clearCookies();
}

async function passwordStep(page: Page, email: string, script: boolean): Promise<void> {
  await page.goto('/login');
  if (script) await waitForHydration(page);
  await page.getByLabel('Username').fill(email);
  await page.getByLabel('Password').fill(ADMIN_PASSWORD);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page.getByLabel('Code')).toBeVisible();
}

/** The code step is a field of its own: empty, never the password typed in the step before, digits keypad. */
async function expectEmptyCodeField(page: Page): Promise<void> {
  const code = page.getByLabel('Code');
  await expect(code).toHaveValue('');
  await expect(code).toHaveAttribute('type', 'text');
  await expect(code).toHaveAttribute('name', 'code');
  await expect(code).toHaveAttribute('autocomplete', 'one-time-code');
  await expect(code).toHaveAttribute('inputmode', 'numeric');
  await expect(code).toBeFocused();
  await expect(page.getByLabel('Password')).toHaveCount(0);
  // Nothing on the page shows the password.
  expect(await page.evaluate((password) => document.body.innerHTML.includes(password), ADMIN_PASSWORD)).toBe(false);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
    page.viewportSize()!.width,
  );
}

async function shoot(page: Page, name: string): Promise<void> {
  const dir = process.env.E2E_SHOTS;
  if (dir) await page.screenshot({ path: path.join(dir, `${name}-${page.viewportSize()!.width}.png`), fullPage: true });
}

test('after the password step the code field is empty, and a recovery code may be typed with letters @phone', async ({
  page,
}, testInfo) => {
  const email = `code-step-${testInfo.project.name}@orbit.test`;
  await accountWithTwoFactor(page, email);
  await passwordStep(page, email, true);
  await expectEmptyCodeField(page);
  await shoot(page, 'login-code');
  await page.getByRole('button', { name: 'Type a recovery code' }).click();
  await expect(page.getByLabel('Code')).toHaveAttribute('inputmode', 'text');
  await expect(page.getByLabel('Code')).toBeFocused();
  await expect(page.getByLabel('Code')).toHaveValue('');
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('after the password step the code field is empty @phone', async ({ page }, testInfo) => {
    const email = `code-step-nojs-${testInfo.project.name}@orbit.test`;
    await accountWithTwoFactor(page, email);
    await passwordStep(page, email, false);
    await expectEmptyCodeField(page);
    await shoot(page, 'login-code-nojs');
  });
});
