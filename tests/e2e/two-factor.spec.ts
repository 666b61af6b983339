import { type Page, expect, test } from '@playwright/test';
import Database from 'better-sqlite3';
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { Secret, TOTP } from 'otpauth';
import { ADMIN_EMAIL, ADMIN_PASSWORD, BASE_URL, E2E_DATA_DIR } from './support/env.ts';
import { waitForHydration } from './support/hydration.ts';
import { closeToasts } from './support/toasts.ts';

const ORIGIN = { origin: BASE_URL };

/** What an authenticator app shows for the secret, `steps` periods from now (one step of drift is accepted). */
const appCode = (secret: string, steps = 0) =>
  new TOTP({ algorithm: 'SHA1', digits: 6, period: 30, secret: Secret.fromBase32(secret) }).generate({
    timestamp: Date.now() + steps * 30_000,
  });

/** A second owner with the first admin's password, made behind the server's back (no staff page yet). */
function addAccount(email: string): void {
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
}

/** With E2E_SHOTS=<dir>, full-page pictures of the set-up steps, to look at (not compared). */
async function shoot(page: Page, step: string, script: boolean): Promise<void> {
  const dir = process.env.E2E_SHOTS;
  if (!dir) return;
  const name = `account-${step}-${page.viewportSize()!.width}${script ? '' : '-nojs'}.png`;
  await page.screenshot({ path: path.join(dir, name), fullPage: true });
}

/**
 * Turns two-factor on as a person would, on the Account page: 'Turn on', read the key shown beside the QR
 * code into the "app" (the test computes its codes), a wrong code first, then the right one. Answers the key
 * and the recovery codes shown once.
 */
async function turnOnThroughScreen(page: Page, email: string, { script = true } = {}) {
  const login = await page.request.post('/api/auth/login', {
    headers: ORIGIN,
    data: { email, password: ADMIN_PASSWORD },
  });
  expect(login.status()).toBe(200);
  await page.goto('/admin/account');
  if (script) await waitForHydration(page);
  const section = page.getByRole('region', { name: 'Two-factor sign-in' });
  await expect(section).toContainText('Two-factor sign-in is off.');
  await section.getByRole('button', { name: 'Turn on two-factor sign-in' }).click();
  await expect(section.getByRole('img', { name: /QR code/u })).toBeVisible();
  // The QR code (the server's SVG) fits a phone, and so does the page.
  const qr = await section.getByRole('img', { name: /QR code/u }).boundingBox();
  expect(qr!.width).toBeGreaterThan(100);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
    page.viewportSize()!.width,
  );
  await shoot(page, 'qr', script);
  const secret = (await section.locator('.two-factor__secret').textContent())!.replaceAll(' ', '');
  expect(secret).toMatch(/^[A-Z2-7]{16,}$/u);

  await section.getByLabel('Code', { exact: true }).fill(appCode(secret, 3));
  await section.getByRole('button', { name: 'Confirm and turn on' }).click();
  await expect(section.getByText('The code is not correct. Enter the 6 digits the app shows now.')).toBeVisible();
  await expect(section.getByRole('img', { name: /QR code/u })).toBeVisible();

  await section.getByLabel('Code', { exact: true }).fill(appCode(secret));
  await section.getByRole('button', { name: 'Confirm and turn on' }).click();
  const recovery = section.getByRole('region', { name: 'Your recovery codes' });
  await expect(recovery).toBeVisible();
  await expect(section).toContainText('Two-factor sign-in is on.');
  const recoveryCodes = await recovery.locator('li code').allTextContents();
  expect(recoveryCodes).toHaveLength(10);
  await shoot(page, 'recovery-codes', script);
  return { secret, recoveryCodes };
}

async function passwordStep(page: Page, email: string, { script = true } = {}) {
  await page.goto('/login');
  if (script) await waitForHydration(page);
  await page.getByLabel('Username').fill(email);
  await page.getByLabel('Password').fill(ADMIN_PASSWORD);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page.getByLabel('Code')).toBeVisible();
}

test('a person turns two-factor on from the Account page, signs out, and signs back in with a code @phone', async ({
  page,
}, testInfo) => {
  // Three sign-ins and a two-factor set-up, each hashing at the production cost: 20 s on a quiet machine.
  test.setTimeout(60_000);
  const email = `two-factor-${testInfo.project.name}@orbit.test`;
  addAccount(email);
  const { secret } = await turnOnThroughScreen(page, email);
  await expect(page.getByText('Two-factor sign-in is on. Keep your recovery codes safe.')).toBeVisible();
  // The set-up's toasts cover the header (and its Log out button) until they close after 5 s, longer while
  // the window has no focus: closed with their buttons, as a person in a hurry would.
  await closeToasts(page);
  await page.getByRole('button', { name: 'Log out' }).click();
  await page.waitForURL((url) => url.pathname === '/');
  // The home page is loaded as a document: wait for it before opening the login page.
  await page.waitForFunction(() => !('__reactRouterContext' in window));
  await expect(page.locator('html[data-enhanced]')).toBeAttached();

  await passwordStep(page, email);
  // No session yet: only the pending sign-in.
  expect((await page.context().cookies()).some((c) => c.name === 'orbit_session')).toBe(false);
  await expect(page.getByLabel('Code')).toHaveAccessibleDescription(/6 digits your authenticator app shows/u);
  await page.getByLabel('Code').fill('000000');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByText('invalid-code: the code is wrong or was already used.', { exact: true })).toBeVisible();
  // The code that turned it on is used; the next step's is accepted (one step of drift).
  await page.getByLabel('Code').fill(appCode(secret, 1));
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByText('Login successful.')).toBeVisible();
  await page.waitForURL(/\/admin$/u);
  await expect(page.getByRole('button', { name: 'Log out' })).toBeVisible();

  // The staff list says so; turning it off needs the password or a code.
  await page.goto('/admin/staff');
  const row = page.getByRole('listitem').filter({ hasText: email });
  await expect(row.getByRole('definition').filter({ hasText: /^On$/u })).toBeVisible();
  await page.goto('/admin/account');
  await waitForHydration(page);
  const section = page.getByRole('region', { name: 'Two-factor sign-in' });
  await section.getByLabel('Password or code').fill('not the password');
  await section.getByRole('button', { name: 'Turn off two-factor sign-in' }).click();
  await expect(section.getByText('The password or code is not correct. Two-factor sign-in stays on.')).toBeVisible();
  await section.getByLabel('Password or code').fill(ADMIN_PASSWORD);
  await section.getByRole('button', { name: 'Turn off two-factor sign-in' }).click();
  await expect(section).toContainText('Two-factor sign-in is off.');
  await expect(section.getByRole('button', { name: 'Turn on two-factor sign-in' })).toBeVisible();
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('two-factor turned on from the Account page; a recovery code signs in once @phone', async ({
    page,
  }, testInfo) => {
    const email = `recovery-${testInfo.project.name}@orbit.test`;
    addAccount(email);
    const { recoveryCodes } = await turnOnThroughScreen(page, email, { script: false });
    await page.context().clearCookies();

    await passwordStep(page, email, { script: false });
    await page.getByLabel('Code').fill(recoveryCodes[0]!);
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page).toHaveURL(/\/admin$/u);
    await expect(page.getByRole('button', { name: 'Log out' })).toBeVisible();

    await page.context().clearCookies();
    await passwordStep(page, email, { script: false });
    await page.getByLabel('Code').fill(recoveryCodes[0]!);
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page.getByRole('alert')).toHaveText('invalid-code: the code is wrong or was already used.');
    await expect(page.getByLabel('Code')).toBeVisible();
  });
});
