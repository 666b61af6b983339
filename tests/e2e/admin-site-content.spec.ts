import { type Locator, type Page, expect, test } from '@playwright/test';
import { photoJpeg } from './support/admin-photo.ts';
import { endAllSessions } from './support/admin-sessions.ts';
import { waitForHydration } from './support/hydration.ts';
import { signInByApi } from './support/pages.ts';

// The college's content pages (/admin/content, /admin/banner) and the dashboard's setup checklist. They
// change the shared server's content, so they run in order and each puts back what it changed.
// Image processing and saves on a loaded machine take longer than the default limits.
test.describe.configure({ mode: 'serial', timeout: 120_000 });

/** With E2E_SHOTS_DIR=<dir>, full-page pictures of the banner page, to look at (not compared). */
const SHOTS = process.env.E2E_SHOTS_DIR;
const STALE = 'This was changed by someone else meanwhile. Reload to see the latest version.';

interface PublicContent {
  college: { phones: string[]; motto: { en: string } };
  banner: { slides: { alt: { en: string; ne: string }; picture: { isDefault: boolean } }[] };
}

/** What the public pages are given: the site's content as the public API answers it. */
async function publicContent(page: Page): Promise<PublicContent> {
  const res = await page.request.get('/api/content');
  expect(res.status()).toBe(200);
  return (await res.json()) as PublicContent;
}

async function openAdmin(page: Page, path: string) {
  await page.goto(path);
  await waitForHydration(page);
}

/** Types 'नेपाल' in the legacy Preeti font ('g]kfn') into a Nepali field and converts it with the button in `scope`. */
async function convertFromPreeti(scope: Locator, field: Locator) {
  await field.fill('g]kfn');
  await scope.getByRole('button', { name: 'Convert from Preeti' }).click();
  await expect(field).toHaveValue('नेपाल');
  await expect(scope.getByRole('status')).toHaveText('Converted from Preeti to Unicode.');
}

/** Every Nepali text control of the page has its 'Convert from Preeti' button. */
async function expectPreetiButtonPerNepaliField(page: Page) {
  const nepaliFields = page.locator('input[lang="ne"], textarea[lang="ne"]');
  await expect(page.getByRole('button', { name: 'Convert from Preeti' })).toHaveCount(await nepaliFields.count());
}

const saveButton = (page: Page) => page.getByRole('button', { name: 'Save', exact: true }).last();

test.beforeEach(async ({ page }) => {
  await signInByApi(page);
});

test('the second phone number is refused without digits, then saved and shown to the public pages', async ({
  page,
}) => {
  await openAdmin(page, '/admin/content');
  const second = page.getByRole('textbox', { name: 'Phone number 2', exact: true });
  const before = await second.inputValue();
  const changed = `056-${String(Date.now()).slice(-6)}`;

  // The browser checks with the shared schema: nothing is sent, the field says why and takes the focus.
  await second.fill('not a number');
  await saveButton(page).click();
  await expect(page.getByText('A phone number must contain digits.')).toBeVisible();
  await expect(second).toBeFocused();

  await second.fill(changed);
  await saveButton(page).click();
  await expect(page.getByText('Saved.')).toBeVisible();
  expect((await publicContent(page)).college.phones[1]).toBe(changed);
  await page.goto('/');
  await expect(page.getByRole('contentinfo').getByRole('link', { name: changed })).toBeVisible();
  await page.goto('/contact');
  const details = page.getByRole('region', { name: 'Visit or call us' });
  await expect(details.getByRole('link', { name: changed })).toBeVisible();
  await openAdmin(page, '/admin/content');
  await expect(page.getByRole('textbox', { name: 'Phone number 2', exact: true })).toHaveValue(changed);

  await page.getByRole('textbox', { name: 'Phone number 2', exact: true }).fill(before);
  await saveButton(page).click();
  await expect(page.getByText('Saved.').first()).toBeVisible();
  await expect.poll(async () => (await publicContent(page)).college.phones[1]).toBe(before);
});

test('each text has its Nepali version beside it', async ({ page }) => {
  await openAdmin(page, '/admin/content');
  const motto = page.getByRole('group', { name: 'Motto' });
  await expect(motto.getByLabel('English')).toHaveAttribute('lang', 'en');
  await expect(motto.getByLabel('Nepali (optional)')).toHaveAttribute('lang', 'ne');
});

test('a Nepali text typed in the Preeti font is converted to Unicode beside its field', async ({ page }) => {
  await openAdmin(page, '/admin/content');
  const motto = page.getByRole('group', { name: 'Motto' });
  await convertFromPreeti(motto, motto.getByLabel('Nepali (optional)'));
  // Only the Nepali side has the button, and every Nepali text has one.
  await expect(motto.getByRole('button', { name: 'Convert from Preeti' })).toHaveCount(1);
  await expectPreetiButtonPerNepaliField(page);
});

test('a save from a copy someone else changed meanwhile is refused and keeps what was typed', async ({
  page,
  context,
}) => {
  const other = await context.newPage();
  await openAdmin(page, '/admin/content');
  await openAdmin(other, '/admin/content');
  const motto = (p: Page) => p.getByRole('group', { name: 'Motto' }).getByLabel('English');
  const original = await motto(page).inputValue();

  await motto(page).fill(`${original} (first)`);
  await saveButton(page).click();
  await expect(page.getByText('Saved.')).toBeVisible();

  await motto(other).fill(`${original} (second)`);
  await saveButton(other).click();
  await expect(other.getByText(STALE)).toBeVisible();
  await expect(other.getByText('Could not save:')).toBeVisible();
  await expect(motto(other)).toHaveValue(`${original} (second)`);
  expect((await publicContent(page)).college.motto.en).toBe(`${original} (first)`);
  await other.close();

  await page.reload();
  await motto(page).fill(original);
  await saveButton(page).click();
  await expect(page.getByText('Saved.')).toBeVisible();
});

test('the setup checklist links to the page of an item, which disappears once done', async ({ page }) => {
  const item = 'Check the phone numbers (a third number was never confirmed)';
  await openAdmin(page, '/admin');
  const checklist = page.getByRole('region', { name: 'Finish setting up the website' });
  await expect(checklist.getByRole('link', { name: item })).toBeVisible();
  await checklist.getByRole('link', { name: item }).click();
  await expect(page).toHaveURL(/\/admin\/content$/u);
  await waitForHydration(page);

  await page.getByRole('button', { name: 'Add another number' }).click();
  await page.getByRole('textbox', { name: 'Phone number 3', exact: true }).fill('056-590000');
  await saveButton(page).click();
  await expect(page.getByText('Saved.')).toBeVisible();
  await openAdmin(page, '/admin');
  await expect(page.getByRole('link', { name: item })).toHaveCount(0);

  await openAdmin(page, '/admin/content');
  await page.getByRole('button', { name: 'Remove phone number 3' }).click();
  await saveButton(page).click();
  await expect(page.getByText('Saved.')).toBeVisible();
  await openAdmin(page, '/admin');
  await expect(page.getByRole('link', { name: item })).toBeVisible();
});

test('a banner slide needs its description, uploads with it, moves, and is deleted', async ({ page }) => {
  await openAdmin(page, '/admin/banner');
  const slides = page.getByRole('list', { name: 'Banner slides' }).getByRole('listitem');
  const before = await slides.count();
  const photo = { name: 'assembly.jpg', mimeType: 'image/jpeg', buffer: await photoJpeg(1600, 900) };

  await page.getByLabel('Slide photo').setInputFiles(photo);
  await page.getByRole('button', { name: 'Upload' }).click();
  await expect(page.getByText('Describe the photo for visitors who cannot see it.')).toBeVisible();
  await expect(page.getByLabel('Description of the photo')).toBeFocused();
  await expect(slides).toHaveCount(before);

  const alt = `Morning assembly ${Date.now()}`;
  await page.getByLabel('Description of the photo').fill(alt);
  // The Nepali description, typed in the Preeti font, is converted like every other Nepali field's.
  const newSlide = page.getByRole('region', { name: 'Add a slide' });
  await convertFromPreeti(newSlide, newSlide.getByLabel('Description in Nepali (optional)'));
  await expectPreetiButtonPerNepaliField(page);
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/banner-${test.info().project.name}.png`, fullPage: true });
  await page.getByLabel('Slide photo').setInputFiles(photo);
  await page.getByRole('button', { name: 'Upload' }).click();
  await expect(page.getByText('Saved.')).toBeVisible({ timeout: 30_000 });
  await expect(slides).toHaveCount(before + 1);
  await expect(slides.last()).toContainText(alt);
  const banner = (await publicContent(page)).banner.slides;
  expect(banner.at(-1)?.alt).toEqual({ en: alt, ne: 'नेपाल' });
  expect(banner.at(-1)?.picture.isDefault).toBe(false);
  await page.goto('/');
  // The new slide is last in the rotation, so hidden (aria-hidden) until its turn: found by its alt text.
  await expect(page.getByRole('region', { name: 'Pictures of the college' }).locator(`img[alt="${alt}"]`)).toHaveCount(
    1,
  );
  await openAdmin(page, '/admin/banner');

  // Its description is edited in place, in English and in Nepali.
  const edited = `${alt} (edited)`;
  const described = page.getByRole('form', { name: `Description of slide ${before + 1}` });
  await described.getByLabel('Description', { exact: true }).fill(edited);
  await described.getByLabel('Description (Nepali)').fill('पुस्तकालय');
  await described.getByRole('button', { name: 'Save description' }).click();
  await expect(slides.last()).toContainText(edited);
  expect((await publicContent(page)).banner.slides.at(-1)?.alt).toEqual({ en: edited, ne: 'पुस्तकालय' });

  await page.getByRole('button', { name: `Move up: Slide ${before + 1}` }).click();
  await expect(slides.nth(before - 1)).toContainText(alt);
  expect((await publicContent(page)).banner.slides.at(-2)?.alt.en).toBe(edited);

  await page.getByRole('button', { name: `Delete slide ${before}` }).click();
  await page.getByRole('dialog', { name: 'Delete this slide?' }).getByRole('button', { name: 'Delete' }).click();
  await expect(slides).toHaveCount(before);
  expect((await publicContent(page)).banner.slides.map((s) => s.alt.en)).not.toContain(edited);
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the phone list is edited by its buttons and the college form saves through the page', async ({ page }) => {
    await page.goto('/admin/content');
    const phone = (n: number) => page.getByRole('textbox', { name: `Phone number ${n}`, exact: true });
    const first = await phone(1).inputValue();
    const second = await phone(2).inputValue();

    await page.getByRole('button', { name: 'Add another number' }).click();
    await expect(phone(3)).toHaveValue('');
    await saveButton(page).click();
    await expect(page.getByText('Enter the phone number, or remove the empty line.')).toBeVisible();
    await expect(phone(1)).toHaveValue(first);

    await phone(3).fill('056-590001');
    await page.getByRole('button', { name: 'Move phone number 3 up' }).click();
    await expect(phone(2)).toHaveValue('056-590001');
    await expect(phone(3)).toHaveValue(second);
    await page.getByRole('button', { name: 'Remove phone number 2' }).click();
    await expect(phone(2)).toHaveValue(second);
    await expect(phone(3)).toHaveCount(0);
    await saveButton(page).click();
    await expect(page.getByRole('status')).toHaveText('Saved.');
    expect(page.url()).not.toContain('phones');
    expect((await publicContent(page)).college.phones).toEqual([first, second]);
  });

  test('a save after the session ended says so and keeps what was typed', async ({ page }) => {
    await page.goto('/admin/content');
    const motto = page.getByRole('group', { name: 'Motto' }).getByLabel('English');
    const typed = `Typed after the session ended ${Date.now()}`;
    await motto.fill(typed);

    endAllSessions();

    await saveButton(page).click();
    await expect(page.getByRole('alert').first()).toContainText('Your session has ended. Sign in again to continue.');
    await expect(page.getByRole('link', { name: 'Sign in again' }).first()).toHaveAttribute(
      'href',
      '/login?next=%2Fadmin%2Fcontent',
    );
    await expect(motto).toHaveValue(typed);
    expect((await publicContent(page)).college.motto.en).not.toBe(typed);
  });
});
