import { type Page, expect, test } from '@playwright/test';
import { photoJpeg } from './support/admin-photo.ts';
import { ADMISSION_STATUS_PAGE } from './support/admin-paths.ts';
import { endAllSessions } from './support/admin-sessions.ts';
import { ADMIN_EMAIL, ADMIN_PASSWORD } from './support/env.ts';

// Every admin form is a real form that posts to its page: with JavaScript off (or clicked before the
// scripts arrive) sign-in, notices, the admission status and photos all work, and nothing goes into the URL.
// These tests change the shared server's content, so they run in order and put back what they change.
test.use({ javaScriptEnabled: false });
test.describe.configure({ mode: 'serial' });

let page: Page;

async function signIn(target: Page, next = '/admin') {
  await target.getByLabel('Username').fill(ADMIN_EMAIL);
  await target.getByLabel('Password').fill(ADMIN_PASSWORD);
  await target.getByRole('button', { name: 'Login' }).click();
  await expect(target).toHaveURL(new RegExp(`${next.replace(/[/]/gu, '\\/')}$`, 'u'));
}

test.beforeAll(async ({ browser }) => {
  page = await browser.newPage({ javaScriptEnabled: false });
  await page.goto('/login');
  await signIn(page);
  await expect(page.getByRole('button', { name: 'Log out' })).toBeVisible();
});
test.afterAll(async () => {
  await page.close();
});

test('a notice is refused with the shared messages, keeps its text, then is added and deleted', async () => {
  const title = `No-script notice ${Date.now()}`;
  const description = 'Written with JavaScript switched off to check the page form.';
  await page.goto('/admin/addnewnotice');
  await page.getByLabel('Title').fill('Hi');
  await page.getByLabel('Description').fill(description);
  await page.getByRole('button', { name: 'Add notice' }).click();
  await expect(page.getByText('Title must be at least 5 characters.')).toBeVisible();
  await expect(page.getByLabel('Description')).toHaveValue(description);
  expect(page.url()).not.toContain('description');

  await page.getByLabel('Title').fill(title);
  await page.getByRole('button', { name: 'Add notice' }).click();
  await expect(page.getByRole('status')).toHaveText('Notice created successfully.');
  await expect(page.getByLabel('Title')).toHaveValue('');
  expect(page.url()).not.toContain('No-script');

  await page.goto('/admin/notice');
  const item = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: title }) });
  await item.getByRole('button', { name: 'Delete' }).click();
  const question = page.getByRole('group', { name: 'Delete this notice?' });
  await expect(question).toContainText(title);
  await question.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByRole('status')).toHaveText('Notice deleted successfully.');
  await expect(item).toHaveCount(0);
  await expect(page).toHaveURL(/\/admin\/notice$/u);
});

test('the admission status changes and changes back', async () => {
  await page.goto(ADMISSION_STATUS_PAGE);
  const select = page.getByRole('combobox', { name: 'Admission status' });
  const from = await select.inputValue();
  const to = from === 'ADMISSION OPEN' ? 'ADMISSION ENQUIRY' : 'ADMISSION OPEN';
  for (const status of [to, from]) {
    await select.selectOption(status);
    await page.getByRole('button', { name: 'Save status' }).click();
    await expect(page.getByRole('status')).toHaveText('Admission status updated successfully.');
    await expect(select).toHaveValue(status);
  }
});

test('a gallery photo is uploaded, then deleted after a confirmation step', async () => {
  await page.goto('/admin/gallery');
  const cards = page.getByRole('list', { name: 'Gallery photos' }).getByRole('listitem');
  const before = await cards.count();

  await page.goto('/admin/addnewphoto');
  await page.getByRole('button', { name: 'Upload' }).click();
  await expect(page.getByText('Please select a image.')).toBeVisible();
  await page.getByLabel('Gallery photo').setInputFiles({
    name: 'sports-day.jpg',
    mimeType: 'image/jpeg',
    buffer: await photoJpeg(1200, 800),
  });
  await page.getByRole('button', { name: 'Upload' }).click();
  await expect(page.getByRole('status')).toHaveText('Image Uploaded Successfully', { timeout: 20_000 });

  await page.goto('/admin/gallery');
  await expect(cards).toHaveCount(before + 1);
  // Newest first: the photo just uploaded.
  const newest = cards.first();
  const href = await newest.getByRole('link').getAttribute('href');
  await newest.getByRole('button', { name: /^Delete/u }).click();
  const question = page.getByRole('group', { name: 'Delete this gallery photo?' });
  await expect(question).toBeVisible();
  await question.getByRole('link', { name: 'Cancel' }).click();
  await expect(question).toHaveCount(0);
  await expect(cards).toHaveCount(before + 1);

  await newest.getByRole('button', { name: /^Delete/u }).click();
  await question.getByRole('button', { name: 'Delete' }).click();
  await expect(cards).toHaveCount(before);
  await expect(page.locator(`a[href="${href}"]`)).toHaveCount(0);
});

test('a Nepali text field has no Preeti button without script', async () => {
  await page.goto('/admin/content');
  const motto = page.getByRole('group', { name: 'Motto' });
  await expect(motto.getByLabel('Nepali (optional)')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Convert from Preeti' })).toHaveCount(0);
});

test('a notice sent after the session ended says so, keeps the text, and signing in comes back', async () => {
  const title = `After sign-out ${Date.now()}`;
  await page.goto('/admin/addnewnotice');
  await page.getByLabel('Title').fill(title);
  await page.getByLabel('Description').fill('This text must still be here after the session has ended.');

  endAllSessions();

  await page.getByRole('button', { name: 'Add notice' }).click();
  const alert = page.getByRole('alert');
  await expect(alert).toContainText('Your session has ended. Sign in again to continue.');
  await expect(page.getByLabel('Title')).toHaveValue(title);
  const signInAgain = alert.getByRole('link', { name: 'Sign in again' });
  await expect(signInAgain).toHaveAttribute('href', '/login?next=%2Fadmin%2Faddnewnotice');

  await signInAgain.click();
  await signIn(page, '/admin/addnewnotice');
  await expect(page.getByRole('heading', { level: 1, name: 'Add notice' })).toBeVisible();
});
