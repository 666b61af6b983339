import { type APIRequestContext, type Page, expect, test } from '@playwright/test';
import Database from 'better-sqlite3';
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { Secret, TOTP } from 'otpauth';
import { ADMIN_EMAIL, ADMIN_PASSWORD, BASE_URL, E2E_DATA_DIR } from './support/env.ts';
import { waitForHydration } from './support/hydration.ts';

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

/** Turns two-factor on through the API, as the settings would: answers the secret and the recovery codes. */
async function turnOn(request: APIRequestContext, email: string) {
  const login = await request.post('/api/auth/login', { headers: ORIGIN, data: { email, password: ADMIN_PASSWORD } });
  expect(login.status()).toBe(200);
  const setup = await request.post('/api/admin/account/two-factor/setup', { headers: ORIGIN });
  const { secret } = (await setup.json()) as { secret: string };
  const plain = secret.replaceAll(' ', '');
  const confirm = await request.post('/api/admin/account/two-factor/confirm', {
    headers: ORIGIN,
    data: { code: appCode(plain) },
  });
  expect(confirm.status()).toBe(200);
  const { recoveryCodes } = (await confirm.json()) as { recoveryCodes: string[] };
  await request.post('/api/auth/logout', { headers: ORIGIN });
  return { secret: plain, recoveryCodes };
}

async function passwordStep(page: Page, email: string, { script = true } = {}) {
  await page.goto('/login');
  if (script) await waitForHydration(page);
  await page.getByLabel('Username').fill(email);
  await page.getByLabel('Password').fill(ADMIN_PASSWORD);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page.getByLabel('Code')).toBeVisible();
}

test('with two-factor on, the login page asks for the code after the password, then signs in', async ({
  page,
  playwright,
}, testInfo) => {
  const email = `two-factor-${testInfo.project.name}@orbit.test`;
  addAccount(email);
  const request = await playwright.request.newContext({ baseURL: BASE_URL });
  const { secret } = await turnOn(request, email);
  await request.dispose();

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
  await expect(page.getByText('Hello Admin')).toBeVisible();
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('a recovery code signs in once', async ({ page, playwright }, testInfo) => {
    const email = `recovery-${testInfo.project.name}@orbit.test`;
    addAccount(email);
    const request = await playwright.request.newContext({ baseURL: BASE_URL });
    const { recoveryCodes } = await turnOn(request, email);
    await request.dispose();

    await passwordStep(page, email, { script: false });
    await page.getByLabel('Code').fill(recoveryCodes[0]!);
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page).toHaveURL(/\/admin$/u);
    await expect(page.getByText('Hello Admin')).toBeVisible();

    await page.context().clearCookies();
    await passwordStep(page, email, { script: false });
    await page.getByLabel('Code').fill(recoveryCodes[0]!);
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page.getByRole('alert')).toHaveText('invalid-code: the code is wrong or was already used.');
    await expect(page.getByLabel('Code')).toBeVisible();
  });
});
