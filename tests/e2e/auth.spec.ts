import { type Page, expect, test } from '@playwright/test';
import Database from 'better-sqlite3';
import path from 'node:path';
import { ADMIN_EMAIL, ADMIN_PASSWORD, E2E_DATA_DIR } from './support/env.ts';
import { waitForHydration } from './support/hydration.ts';
import { openAdminMenu } from './support/admin-menu.ts';

async function fillLogin(page: Page, email: string, password: string, { script = true } = {}) {
  await page.goto('/login');
  // Until React has hydrated, a click sends the form without script (tested on its own below).
  if (script) await waitForHydration(page);
  await page.getByLabel('Username').fill(email);
  await page.getByLabel('Password').fill(password);
}

const userToken = (page: Page) => page.evaluate(() => window.localStorage.getItem('userToken'));

/**
 * The addresses of every sign-in request the page sends from now on: the login page's action (`/login`
 * without script, `/login.data` through the fetcher), never the JSON API, which is for scripts.
 */
function signInRequests(page: Page): string[] {
  const sent: string[] = [];
  page.on('request', (request) => {
    const { pathname } = new URL(request.url());
    if (request.method() === 'POST' && /^\/(login|api\/auth\/login)/u.test(pathname)) sent.push(pathname);
  });
  return sent;
}

/** The page action's request: POST /login.data, from the page's fetcher. */
const isPageAction = (url: URL) => url.pathname === '/login.data';

test.describe('admin sign-in', () => {
  test('login shows Loading..., the success toast, waits 2 s, then opens the admin; logout returns home @phone', async ({
    page,
  }) => {
    await fillLogin(page, ADMIN_EMAIL, ADMIN_PASSWORD);
    // The login page has no navigation bar or footer.
    await expect(page.getByRole('contentinfo')).toHaveCount(0);
    await expect(page.getByRole('link', { name: 'Gallery' })).toHaveCount(0);

    // Hold the request a moment so the full-screen loading state can be seen.
    await page.route(isPageAction, async (route) => {
      if (route.request().method() === 'POST') await new Promise((resolve) => setTimeout(resolve, 700));
      await route.continue();
    });
    const sent = signInRequests(page);
    await page.getByRole('button', { name: 'Login' }).click();
    await expect(page.getByText('Loading...')).toBeVisible();

    await expect(page.getByText('Login successful.')).toBeVisible();
    const toastAt = Date.now();
    expect(await userToken(page)).toMatch(/^[A-Za-z0-9_-]{20,}$/u);
    await expect(page).toHaveURL(/\/login$/u);
    await page.waitForURL(/\/admin$/u);
    expect(Date.now() - toastAt).toBeGreaterThan(1500);
    // One request signed in: the page's own action, which set the cookie (checked below).
    expect(sent).toEqual(['/login.data']);

    await expect(page.getByRole('button', { name: 'Log out' })).toBeVisible();
    // On a phone the menu is folded behind its button: opened, its links are there.
    await openAdminMenu(page);
    const menu = page.getByRole('navigation', { name: 'Admin' });
    for (const [name, href] of [
      ['Today', '/admin'],
      ['Admission status', '/admin/admission'],
      ['Featured', '/admin/featured'],
      ['Gallery', '/admin/gallery'],
      ['Add photo', '/admin/addnewphoto'],
      ['Notices', '/admin/notice'],
      ['Add notice', '/admin/addnewnotice'],
    ] as const) {
      await expect(menu.getByRole('link', { name, exact: true })).toHaveAttribute('href', href);
    }

    // The header's search box opens the search page (admin-search.spec.ts tests what it finds).
    const search = page.getByRole('searchbox', { name: 'Search' });
    await search.fill('admission');
    await search.press('Enter');
    await expect(page).toHaveURL(/\/admin\/search\?q=admission$/u);
    await expect(page.getByRole('heading', { name: 'Search', level: 1 })).toBeVisible();

    // The secret is not readable by scripts: only the public identifier is in local storage.
    const cookies = await page.context().cookies();
    const session = cookies.find((c) => c.name === 'orbit_session');
    expect(session?.httpOnly).toBe(true);
    expect(session?.sameSite).toBe('Strict');
    expect(await userToken(page)).not.toBe(session?.value);

    // On a phone the toast covers the header; it closes by itself after 5 s.
    await expect(page.getByText('Login successful.')).toBeHidden({ timeout: 10_000 });
    await page.getByRole('button', { name: 'Log out' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    // The home page is loaded as a document: public pages have no client runtime, and get their own script.
    await page.waitForFunction(() => !('__reactRouterContext' in window));
    await expect(page.locator('html[data-enhanced]')).toBeAttached();
    expect(await userToken(page)).toBeNull();
    await page.goto('/admin');
    await expect(page).toHaveURL(/\/login$/u);
  });

  test('a wrong password shows invalid-credential and a plain sentence as one error toast and stops loading', async ({
    page,
  }) => {
    await fillLogin(page, ADMIN_EMAIL, 'not-the-right-password');
    // The field keeps the specification's label and says what it takes.
    await expect(page.getByLabel('Username')).toHaveAccessibleDescription('Your e-mail address');
    await page.getByRole('button', { name: 'Login' }).click();
    const words = 'invalid-credential: the e-mail or password is wrong.';
    await expect(page.getByText(words, { exact: true })).toBeVisible();
    await expect(page.getByLabel('Username')).toHaveValue(ADMIN_EMAIL);
    await expect(page.getByText('Loading...')).toHaveCount(0);
    // A second failure replaces the toast rather than stacking another below it.
    await page.getByRole('button', { name: 'Login' }).click();
    await expect(page.getByText('Loading...')).toHaveCount(0);
    await expect(page.getByText(words, { exact: true })).toHaveCount(1);
    await expect(page.getByRole('button', { name: 'Login' })).toBeEnabled();
    expect(await userToken(page)).toBeNull();
    await expect(page).toHaveURL(/\/login$/u);
  });

  test("a throttled sign-in says how long is left, from the answer's Retry-After", async ({ page }, testInfo) => {
    // An account of its own, locked behind the server's back: real failed sign-ins would also count
    // against this address and lock it out of the other tests' sign-ins.
    const email = `locked-${testInfo.project.name}@orbit.test`;
    const db = new Database(path.join(E2E_DATA_DIR, 'orbit.sqlite'));
    try {
      const resetAt = new Date(Date.now() + (14 * 60 - 20) * 1000).toISOString();
      db.prepare('insert or replace into rate_limits (key, count, reset_at) values (?, 1000, ?)').run(
        `login:account:${email}`,
        resetAt,
      );
    } finally {
      db.close();
    }
    await fillLogin(page, email, ADMIN_PASSWORD);
    await page.getByRole('button', { name: 'Login' }).click();
    await expect(page.getByText('too-many-requests: too many tries; wait 14 minutes.', { exact: true })).toBeVisible();
    expect(await userToken(page)).toBeNull();
  });

  test('/admin/featured while signed out lands on /login', async ({ page }) => {
    await page.goto('/admin/featured');
    await expect(page).toHaveURL(/\/login$/u);
    await expect(page.getByLabel('Username')).toBeVisible();
  });

  test('a token in local storage without a valid session grants nothing and is removed', async ({ page }) => {
    await page.goto('/login');
    await page.evaluate(() => window.localStorage.setItem('userToken', 'forged-token-value'));
    await page.goto('/admin');
    await expect(page).toHaveURL(/\/login$/u);
    await expect.poll(() => userToken(page)).toBeNull();
  });

  test('a session revoked on the server sends the browser back to /login', async ({ page }) => {
    await fillLogin(page, ADMIN_EMAIL, ADMIN_PASSWORD);
    await page.getByRole('button', { name: 'Login' }).click();
    await page.waitForURL(/\/admin$/u);
    await expect(page.getByRole('button', { name: 'Log out' })).toBeVisible();

    const db = new Database(path.join(E2E_DATA_DIR, 'orbit.sqlite'));
    try {
      db.prepare('delete from sessions').run();
    } finally {
      db.close();
    }

    await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Notices', exact: true }).click();
    await expect(page).toHaveURL(/\/login$/u);
    await expect.poll(() => userToken(page)).toBeNull();
  });
});

test.describe('admin sign-in without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the form posts to the server, never puts the password in the URL, and opens the admin', async ({ page }) => {
    const sent = signInRequests(page);
    await fillLogin(page, ADMIN_EMAIL, 'not-the-right-password', { script: false });
    await page.getByRole('button', { name: 'Login' }).click();
    await expect(page.getByRole('alert')).toHaveText('invalid-credential: the e-mail or password is wrong.');
    expect(page.url()).not.toContain('password');
    // The page comes back with the e-mail as typed, and never the password.
    await expect(page.getByLabel('Username')).toHaveValue(ADMIN_EMAIL);
    await expect(page.getByLabel('Password')).toHaveValue('');
    expect(await page.content()).not.toContain('not-the-right-password');

    await page.getByLabel('Password').fill(ADMIN_PASSWORD);
    await page.getByRole('button', { name: 'Login' }).click();
    await expect(page).toHaveURL(/\/admin$/u);
    await expect(page.getByRole('button', { name: 'Log out' })).toBeVisible();
    // Both posts went to the page's action, which set the session cookie.
    expect(sent).toEqual(['/login', '/login']);
    const session = (await page.context().cookies()).find((c) => c.name === 'orbit_session');
    expect(session?.httpOnly).toBe(true);
  });
});
