import { type Browser, type Page, expect, test } from '@playwright/test';
import { BASE_URL } from './support/env.ts';
import { waitForHydration } from './support/hydration.ts';
import { signInByApi } from './support/pages.ts';

const PASSWORD = 'editor chooses a long passphrase';

/** Adds a person on /admin/staff and answers the one-time link the page shows. */
async function addPerson(page: Page, name: string, email: string): Promise<string> {
  await page.goto('/admin/staff');
  await page.getByLabel('Name', { exact: true }).fill(name);
  await page.getByLabel('E-mail address').fill(email);
  await page.getByLabel('Role', { exact: true }).selectOption('editor');
  await page.getByRole('button', { name: 'Add person' }).click();
  const link = page.getByRole('textbox', { name: /^One-time link for/u });
  await expect(link).toBeVisible();
  return link.inputValue();
}

async function setPasswordWithLink(browser: Browser, link: string, javaScriptEnabled = true) {
  const context = await browser.newContext({ javaScriptEnabled });
  const page = await context.newPage();
  await page.goto(link);
  await expect(page.getByRole('heading', { name: 'Set your password' })).toBeVisible();
  // Long enough, but among the most common passwords: refused by the server beside the field.
  await page.getByLabel('New password').fill('1qaz2wsx3edc');
  await page.getByRole('button', { name: 'Set password' }).click();
  await expect(page.getByText('This password is one of the most common ones')).toBeVisible();
  await page.getByLabel('New password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Set password' }).click();
  await expect(page.getByRole('heading', { name: 'Your password is set' })).toBeVisible();
  return { context, page };
}

test('an owner adds an editor who sets a password, posts a notice, is audited, and is disabled', async ({
  page,
  browser,
}, testInfo) => {
  test.setTimeout(120_000);
  const stamp = `${testInfo.project.name}-${Date.now()}`;
  const name = `Clerk ${stamp}`;
  const email = `clerk-${stamp}@orbit.test`;
  await signInByApi(page);
  await page.goto('/admin/staff');
  await waitForHydration(page);
  const link = await addPerson(page, name, email);
  expect(link).toMatch(/\/welcome\/[A-Za-z0-9_-]{43}$/u);
  await expect(page.getByRole('button', { name: 'Copy link' })).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath(`staff-${testInfo.project.name}.png`), fullPage: true });

  const editor = await setPasswordWithLink(browser, link);
  const ed = editor.page;
  // The link works once.
  await ed.goto(link);
  await expect(ed.getByRole('heading', { name: 'This link cannot be used' })).toBeVisible();

  await ed.goto('/login');
  await waitForHydration(ed);
  await ed.getByLabel('Username').fill(email);
  await ed.getByLabel('Password').fill(PASSWORD);
  await ed.getByRole('button', { name: 'Login' }).click();
  await expect(ed).toHaveURL(/\/admin$/u, { timeout: 15_000 });
  await expect(ed.getByRole('link', { name: /Your account|Editor/u }).first()).toContainText('Editor');

  const title = `Editor notice ${stamp}`;
  await ed.goto('/admin/addnewnotice');
  await waitForHydration(ed);
  await ed.getByLabel('Title').fill(title);
  await ed.getByLabel('Description').fill('Posted by the new editor to check the audit log.');
  await ed.getByRole('button', { name: 'Add notice' }).click();
  await expect(ed.getByText('Notice created successfully.').first()).toBeVisible();

  await ed.goto('/admin/staff');
  await expect(ed.getByRole('heading', { name: 'Owners only' })).toBeVisible();
  await expect(ed.getByRole('link', { name: 'Staff' })).toHaveCount(0);

  await page.goto(`/admin/audit?person=${encodeURIComponent(name)}&kind=notice-created`);
  await expect(page.getByRole('listitem').filter({ hasText: title })).toContainText(name);

  await page.goto('/admin/staff');
  await waitForHydration(page);
  const row = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name }) });
  await row.getByRole('button', { name: 'Disable' }).click();
  await expect(page.getByText('Account disabled. Its sessions have ended.').first()).toBeVisible();
  await expect(row).toContainText('Disabled since');

  await ed.getByRole('link', { name: 'Notices', exact: true }).click();
  await expect(ed).toHaveURL(/\/login/u);
  await editor.context.close();
});

for (const script of [true, false]) {
  test.describe(script ? 'a stale page, with JavaScript' : 'a stale page, without JavaScript', () => {
    test.use({ javaScriptEnabled: script });

    test('a reset asked for an account disabled meanwhile says the account is disabled', async ({ page }, testInfo) => {
      const stamp = `${testInfo.project.name}-${script ? 'js' : 'nojs'}-${Date.now()}`;
      const name = `Leaver ${stamp}`;
      await signInByApi(page);
      await addPerson(page, name, `leaver-${stamp}@orbit.test`);
      await page.goto('/admin/staff');
      if (script) await waitForHydration(page);
      const row = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name }) });
      // Another owner disables the account while this page still offers a reset.
      const { accounts } = (await (await page.request.get('/api/admin/staff')).json()) as {
        accounts: { id: string; name: string }[];
      };
      const id = accounts.find((a) => a.name === name)!.id;
      const disabled = await page.request.put(`/api/admin/staff/${id}/disabled`, {
        headers: { origin: BASE_URL },
        data: { disabled: true },
      });
      expect(disabled.status()).toBe(204);

      await row.getByRole('button', { name: 'Reset password' }).click();
      await expect(page.getByText('Could not reset the password.').first()).toBeVisible();
      await expect(
        page.getByText('This account is disabled. Enable it before making a new link for it.').first(),
      ).toBeVisible();
      await expect(page.getByRole('textbox', { name: /^One-time link for/u })).toHaveCount(0);
    });
  });
}

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the owner adds a person, resets the password and deletes the account; the link sets a password', async ({
    page,
    browser,
  }, testInfo) => {
    test.setTimeout(120_000);
    const stamp = `${testInfo.project.name}-nojs-${Date.now()}`;
    const name = `Typist ${stamp}`;
    await signInByApi(page);
    const first = await addPerson(page, name, `typist-${stamp}@orbit.test`);
    await expect(page.getByRole('status').first()).toHaveText(
      'Account added. Give the person the one-time link below.',
    );

    const row = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name }) });
    await expect(row).toContainText('Waiting for the password');
    await row.getByRole('button', { name: 'Reset password' }).click();
    const second = await page.getByRole('textbox', { name: /^One-time link for/u }).inputValue();
    expect(second).not.toBe(first);

    const context = await browser.newContext({ javaScriptEnabled: false });
    const old = await context.newPage();
    await old.goto(first);
    await expect(old.getByRole('heading', { name: 'This link cannot be used' })).toBeVisible();
    await context.close();
    const person = await setPasswordWithLink(browser, second, false);
    await person.context.close();

    await page.goto('/admin/staff');
    await row.getByRole('button', { name: 'Delete' }).click();
    const question = page.getByRole('group', { name: 'Delete this account?' });
    await question.getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByRole('status').first()).toHaveText('Account deleted.');
    await expect(row).toHaveCount(0);
  });

  test('your account: the password change asks for the current password; sessions are listed', async ({
    page,
  }, testInfo) => {
    await signInByApi(page);
    await page.goto('/admin/account');
    await expect(page.getByRole('heading', { name: 'Your account' })).toBeVisible();
    await expect(page.getByText('This device')).toBeVisible();
    await page.getByLabel('Current password').fill('not the password');
    await page.getByLabel('New password').fill('a good new passphrase here');
    await page.getByRole('button', { name: 'Change password' }).click();
    await expect(page.getByText('The current password is not correct.')).toBeVisible();
    await page.screenshot({ path: testInfo.outputPath(`account-${testInfo.project.name}.png`), fullPage: true });
  });
});
