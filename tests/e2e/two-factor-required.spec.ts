import { type Page, expect, test } from '@playwright/test';
import { Secret, TOTP } from 'otpauth';
import { type LocalServer, startLocalServer } from '../../scripts/support/local-server.ts';
import { freePort } from '../ops/server-process.ts';
import { waitForHydration } from './support/hydration.ts';

/**
 * Requiring two-factor sign-in of everyone moves every account without it to its Account page, which would
 * redirect the sessions the other specs share. So each test here has a server of its own: the built app on
 * a free port with its own data folder, stopped (and its folder deleted) when the test ends.
 */

const EDITOR = 'clerk@orbit.test';
const EDITOR_PASSWORD = 'the clerk office passphrase';

/** What an authenticator app shows for the secret now. */
const appCode = (secret: string) =>
  new TOTP({ algorithm: 'SHA1', digits: 6, period: 30, secret: Secret.fromBase32(secret) }).generate();

let server: LocalServer | undefined;
test.beforeEach(async () => {
  test.setTimeout(120_000);
  server = await startLocalServer({ port: await freePort(), env: { SEED_DEMO: 'false' } });
});
test.afterEach(async () => {
  await server?.stop();
  server = undefined;
});

const at = (path: string) => `${server!.url}${path}`;

/**
 * Behind the scenes, through the API: the owner (the account made from ADMIN_EMAIL) signs in in this
 * browser, turns two-factor on for themself, and adds an editor who sets a password with the one-time link.
 */
async function ownerWithTwoFactorAndAnEditor(page: Page): Promise<void> {
  const headers = { origin: server!.url };
  const post = async (path: string, data?: object) => {
    const res = await page.request.post(at(path), { headers, ...(data ? { data } : {}) });
    expect(res.status(), await res.text()).toBeLessThan(300);
    return res.status() === 204 ? null : res.json();
  };
  await post('/api/auth/login', { email: server!.adminEmail, password: server!.adminPassword });
  const { secret } = (await post('/api/admin/account/two-factor/setup')) as { secret: string };
  await post('/api/admin/account/two-factor/confirm', { code: appCode(secret.replaceAll(' ', '')) });
  const added = (await post('/api/admin/staff', { name: 'Office Clerk', email: EDITOR, role: 'editor' })) as {
    link: { path: string };
  };
  await post(`/api/welcome/${added.link.path.replace('/welcome/', '')}`, { password: EDITOR_PASSWORD });
}

async function requireTwoFactorOfEveryone(page: Page, script: boolean): Promise<void> {
  await page.goto(at('/admin/staff'));
  if (script) await waitForHydration(page);
  const rule = page.getByRole('region', { name: 'Two-factor sign-in for everyone' });
  await expect(rule).toContainText('Not required');
  await rule.getByRole('button', { name: 'Require two-factor sign-in for everyone' }).click();
  await expect(rule).toContainText('Required: every account must sign in with a code');
  await expect(rule.getByRole('button', { name: 'Stop requiring two-factor sign-in' })).toBeVisible();
  // The owner has it on, so stays where they are.
  await page.goto(at('/admin/staff'));
  await expect(page).toHaveURL(at('/admin/staff'));
}

async function editorSignsIn(page: Page, script: boolean): Promise<void> {
  await page.goto(at('/login'));
  if (script) await waitForHydration(page);
  await page.getByLabel('Username').fill(EDITOR);
  await page.getByLabel('Password').fill(EDITOR_PASSWORD);
  await page.getByRole('button', { name: 'Login' }).click();
}

/** The Account page, with or without the #two-factor of the redirect. */
const accountPage = () => new RegExp(`^${at('/admin/account').replaceAll('.', '\\.')}(#two-factor)?$`, 'u');

async function cannotLeaveTheAccountPage(page: Page): Promise<void> {
  const section = page.getByRole('region', { name: 'Two-factor sign-in' });
  await expect(section).toContainText(
    'An owner requires two-factor sign-in of every account. Turn it on to use the rest of the admin.',
  );
  // The menu offers the one page that opens, and says why.
  const menu = page.getByRole('navigation', { name: 'Admin' });
  await expect(menu.getByRole('listitem')).toHaveCount(1);
  await expect(menu.getByRole('link', { name: 'Account' })).toBeVisible();
  await expect(menu).toContainText('Turn on two-factor sign-in to open the other pages.');
  for (const path of ['/admin', '/admin/notice', '/admin/addnewnotice', '/admin/gallery']) {
    await page.goto(at(path));
    await expect(page, `${path} moves to the Account page`).toHaveURL(accountPage());
  }
  // The API refuses the account too, until two-factor is on.
  const api = await page.request.get(at('/api/admin/inquiries'));
  expect(api.status()).toBe(403);
  expect((await api.json()).error.code).toBe('two-factor/required');
}

async function turnOnTwoFactor(page: Page, script: boolean): Promise<void> {
  if (script) await waitForHydration(page);
  const section = page.getByRole('region', { name: 'Two-factor sign-in' });
  await section.getByRole('button', { name: 'Turn on two-factor sign-in' }).click();
  await expect(section.getByRole('img', { name: /QR code/u })).toBeVisible();
  const secret = (await section.locator('.two-factor__secret').textContent())!.replaceAll(' ', '');
  await section.getByLabel('Code', { exact: true }).fill(appCode(secret));
  await section.getByRole('button', { name: 'Confirm and turn on' }).click();
  await expect(section.getByRole('region', { name: 'Your recovery codes' })).toBeVisible();
  await expect(section).toContainText('Two-factor sign-in is on.');
}

for (const script of [true, false]) {
  test.describe(script ? 'with JavaScript' : 'without JavaScript', () => {
    test.use({ javaScriptEnabled: script });

    test('once an owner requires two-factor, an editor without it is kept on the Account page until it is on', async ({
      page,
    }, testInfo) => {
      await ownerWithTwoFactorAndAnEditor(page);
      await requireTwoFactorOfEveryone(page, script);
      await page.context().clearCookies();

      await editorSignsIn(page, script);
      // With JavaScript the login page shows its toast for two seconds before it moves on.
      await expect(page).toHaveURL(accountPage(), { timeout: 15_000 });
      await cannotLeaveTheAccountPage(page);
      await page.screenshot({
        path: testInfo.outputPath(`required-${testInfo.project.name}${script ? '' : '-nojs'}.png`),
        fullPage: true,
      });
      await turnOnTwoFactor(page, script);

      await page.goto(at('/admin'));
      await expect(page).toHaveURL(at('/admin'));
      await expect(page.getByRole('button', { name: 'Log out' })).toBeVisible();
      await expect(
        page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Notices' }),
      ).toBeVisible();
      expect((await page.request.get(at('/api/admin/inquiries'))).status()).toBe(200);
    });
  });
}
