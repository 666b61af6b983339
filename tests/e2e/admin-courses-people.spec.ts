import { type Page, expect, test } from '@playwright/test';
import { makePdf } from '../../server/pdf/test-pdfs.ts';
import { BASE_URL } from './support/env.ts';
import { waitForHydration } from './support/hydration.ts';
import { signInByApi } from './support/pages.ts';

// The office edits the college's courses, people and prospectus in the admin. These tests change the
// shared server's content and put back what they change (an uploaded prospectus is replaced by the
// built-in placeholder again at the end). Each walks through several saves.
test.describe.configure({ timeout: 120_000 });

const STALE = 'This was changed by someone else meanwhile. Reload to see the latest version.';

interface PublicContent {
  courses: { cards: { title: { en: string } }[] };
  messages: { principal: { heading: { en: string }; body: { en: string } } };
  testimonials: { items: { student: { en: string } }[] };
  downloads: { prospectus: { bytes: number; pages: number | null; isDefault: boolean } | null };
}

/** What the public pages are given: the site's content as the public API answers it. */
async function publicContent(page: Page): Promise<PublicContent> {
  const res = await page.request.get('/api/content');
  expect(res.status()).toBe(200);
  return (await res.json()) as PublicContent;
}

/** The home page as a visitor sees it, in a tab of its own (the admin's page stays where it is). */
async function homePage(page: Page): Promise<Page> {
  const home = await page.context().newPage();
  await home.goto('/');
  return home;
}

async function open(page: Page, path: string) {
  await signInByApi(page);
  await page.goto(path);
  await waitForHydration(page);
}

const ADDED_COURSE = 'E2E course added ';

/**
 * Deletes every course this file added that is still there: a try that failed half-way (or was retried)
 * leaves its course on the shared server, where the home page's test would find a fifth course.
 */
async function removeAddedCourses(page: Page): Promise<void> {
  await signInByApi(page);
  const res = await page.request.get('/api/admin/content/courses');
  expect(res.status(), await res.text()).toBe(200);
  const { updatedAt: _updatedAt, ...section } = (await res.json()) as {
    cards: { title: { en: string } }[];
    updatedAt?: string | null;
  };
  const cards = section.cards.filter((card) => !card.title.en.startsWith(ADDED_COURSE));
  if (cards.length === section.cards.length) return;
  const put = await page.request.put('/api/admin/content/courses', {
    headers: { origin: BASE_URL },
    data: { ...section, cards },
  });
  expect(put.status(), await put.text()).toBe(200);
}

test.afterEach(async ({ page }) => {
  await removeAddedCourses(page);
});

test('a course is refused without a title, then added, shown to visitors and deleted', async ({ page }) => {
  const title = `${ADDED_COURSE}${Date.now()}`;
  const summary = `A course added by the end-to-end test at ${Date.now()}, deleted at its end.`;
  await open(page, '/admin/courses');
  const add = page.getByRole('form', { name: 'Add a course' });
  await add.getByLabel('Summary', { exact: true }).fill(summary);
  await add.getByRole('button', { name: 'Add course' }).click();
  await expect(add.getByText('Enter the course title.')).toBeVisible();
  await expect(add.getByLabel('Title', { exact: true })).toBeFocused();
  await expect(add.getByLabel('Summary', { exact: true })).toHaveValue(summary);

  await add.getByLabel('Title', { exact: true }).fill(title);
  await add.getByLabel('Title (Nepali)').fill('नयाँ पाठ्यक्रम');
  await add.getByRole('button', { name: 'Add course' }).click();
  await expect(page.getByText('Saved.')).toBeVisible({ timeout: 15_000 });
  const item = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: title }) });
  await expect(item).toBeVisible();
  await expect(item.getByLabel('Title (Nepali)')).toHaveAttribute('lang', 'ne');
  await expect(page.getByRole('form', { name: 'Add a course' }).getByLabel('Title', { exact: true })).toHaveValue('');
  expect((await publicContent(page)).courses.cards.map((c) => c.title.en)).toContain(title);
  const home = await homePage(page);
  const courses = home.getByRole('region', { name: 'Our courses' });
  await expect(courses.getByText(title)).toBeVisible();
  await expect(courses.getByText(summary)).toBeVisible();

  // The new course is last: it moves up one place.
  const before = (await publicContent(page)).courses.cards.map((c) => c.title.en);
  await item.getByRole('button', { name: `Move up: ${title}` }).click();
  await expect(item.getByRole('button', { name: `Move up: ${title}` })).toBeEnabled();
  await expect
    .poll(async () => (await publicContent(page)).courses.cards.map((c) => c.title.en).indexOf(title))
    .toBe(before.length - 2);

  await item.getByRole('button', { name: 'Delete' }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete this course?' });
  await dialog.getByRole('button', { name: 'Delete' }).click();
  await expect(item).toHaveCount(0);
  expect((await publicContent(page)).courses.cards.map((c) => c.title.en)).toEqual(before.filter((t) => t !== title));
  await home.reload();
  await expect(courses.getByText(title)).toHaveCount(0);
  await home.close();
});

test("the principal's message is replaced, a stale copy is refused, and the message is put back", async ({
  page,
  context,
}) => {
  await open(page, '/admin/people');
  const form = page.getByRole('form', { name: 'Principal’s message' });
  const heading = form.getByLabel('Heading', { exact: true });
  const body = form.getByLabel('Message', { exact: true });
  const oldHeading = await heading.inputValue();
  const oldBody = await body.inputValue();
  const newHeading = `A word from the principal ${Date.now()}`;
  const newBody = 'Welcome to the college.\n\nThis message was written by the end-to-end test.';

  // Someone else opens the same page before this save.
  const other = await context.newPage();
  await other.goto('/admin/people');
  await waitForHydration(other);

  await heading.fill(newHeading);
  await body.fill(newBody);
  await form.getByRole('button', { name: 'Save message' }).click();
  await expect(page.getByText('Saved.')).toBeVisible({ timeout: 15_000 });
  const stored = (await publicContent(page)).messages.principal;
  expect(stored.heading.en).toBe(newHeading);
  expect(stored.body.en).toBe(newBody);
  const home = await homePage(page);
  const messages = home.getByRole('region', { name: 'Messages from the college' });
  await expect(messages.getByText(newHeading)).toBeVisible();
  await expect(messages.getByText('This message was written by the end-to-end test.')).toBeVisible();
  await page.reload();
  await expect(
    page.getByRole('form', { name: 'Principal’s message' }).getByLabel('Heading', { exact: true }),
  ).toHaveValue(newHeading);

  // The other copy is now stale: its save is refused and keeps what was typed there.
  const otherForm = other.getByRole('form', { name: 'Principal’s message' });
  await otherForm.getByLabel('Heading', { exact: true }).fill('An older copy');
  await otherForm.getByRole('button', { name: 'Save message' }).click();
  await expect(other.getByText(STALE)).toBeVisible();
  await expect(otherForm.getByLabel('Heading', { exact: true })).toHaveValue('An older copy');
  expect((await publicContent(page)).messages.principal.heading.en).toBe(newHeading);
  await other.close();

  const again = page.getByRole('form', { name: 'Principal’s message' });
  await again.getByLabel('Heading', { exact: true }).fill(oldHeading);
  await again.getByLabel('Message', { exact: true }).fill(oldBody);
  await again.getByRole('button', { name: 'Save message' }).click();
  await expect(page.getByText('Saved.').first()).toBeVisible({ timeout: 15_000 });
  await expect.poll(async () => (await publicContent(page)).messages.principal.heading.en).toBe(oldHeading);
  await home.reload();
  await expect(messages.getByText(newHeading)).toHaveCount(0);
  await home.close();
});

test('a prospectus PDF is uploaded and opens at its address in a new tab; a file that is not a PDF is refused @phone', async ({
  page,
}, testInfo) => {
  await open(page, '/admin/downloads');
  const file = page.getByLabel('New prospectus (PDF)');
  await file.setInputFiles({
    name: 'notes.pdf',
    mimeType: 'application/pdf',
    buffer: Buffer.from('Not a PDF at all.\n'),
  });
  await page.getByRole('button', { name: 'Upload prospectus' }).click();
  await expect(page.getByText('The file is not a PDF.').first()).toBeVisible();

  const pdf = makePdf({ pages: 2 });
  await file.setInputFiles({ name: 'prospectus.pdf', mimeType: 'application/pdf', buffer: pdf });
  await page.getByRole('button', { name: 'Upload prospectus' }).click();
  await expect(page.getByText('Saved.')).toBeVisible({ timeout: 15_000 });
  await expect(page.getByText('2 pages')).toBeVisible();
  expect((await publicContent(page)).downloads.prospectus).toMatchObject({
    bytes: pdf.length,
    pages: 2,
    isDefault: false,
  });

  const link = page.getByRole('link', { name: '/downloads/prospectus.pdf' });
  await expect(link).toHaveAttribute('target', '_blank');
  const served = await page.request.get('/downloads/prospectus.pdf');
  expect(served.headers()['content-type']).toContain('application/pdf');
  expect(Buffer.from(await served.body()).equals(pdf)).toBe(true);
  const [tab] = await Promise.all([page.waitForEvent('popup'), link.click()]);
  await expect.poll(() => tab.url()).toMatch(/\/downloads\/prospectus\.pdf$/u);
  await tab.close();

  // The navigation's Prospectus link opens the same address in a new tab.
  const home = await homePage(page);
  const phone = testInfo.project.name === 'phone';
  if (phone) await home.getByRole('button', { name: 'Open menu' }).click();
  const nav = home.getByRole('navigation', { name: phone ? 'Mobile' : 'Main' });
  const prospectus = nav.getByRole('link', { name: /^Prospectus/u });
  await expect(prospectus).toHaveAttribute('href', '/downloads/prospectus.pdf');
  await expect(prospectus).toHaveAttribute('target', '_blank');
  const [fromNav] = await Promise.all([home.waitForEvent('popup'), prospectus.click()]);
  await expect.poll(() => fromNav.url()).toMatch(/\/downloads\/prospectus\.pdf$/u);
  await fromNav.close();
  await home.close();
});

test('the prospectus goes back to the placeholder, is removed, and the placeholder comes back', async ({ page }) => {
  await open(page, '/admin/downloads');
  if ((await publicContent(page)).downloads.prospectus?.isDefault !== false) {
    await page.getByLabel('New prospectus (PDF)').setInputFiles({
      name: 'prospectus.pdf',
      mimeType: 'application/pdf',
      buffer: makePdf({ pages: 1 }),
    });
    await page.getByRole('button', { name: 'Upload prospectus' }).click();
    await expect(page.getByText('Saved.')).toBeVisible({ timeout: 15_000 });
  }

  await page.getByRole('button', { name: 'Use the placeholder prospectus' }).click();
  await expect(page.getByText('The placeholder the site ships with')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Use the placeholder prospectus' })).toHaveCount(0);
  expect((await publicContent(page)).downloads.prospectus).toMatchObject({ isDefault: true, pages: null });
  expect((await page.request.get('/downloads/prospectus.pdf')).status()).toBe(200);

  await page.getByRole('button', { name: 'Delete the prospectus' }).click();
  await page.getByRole('dialog', { name: 'Delete the prospectus?' }).getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('There is no prospectus')).toBeVisible();
  expect((await publicContent(page)).downloads.prospectus).toBeNull();
  expect((await page.request.get('/downloads/prospectus.pdf')).status()).toBe(404);

  await page.getByRole('button', { name: 'Use the placeholder prospectus' }).click();
  await expect(page.getByText('The placeholder the site ships with')).toBeVisible();
  expect((await publicContent(page)).downloads.prospectus).toMatchObject({ isDefault: true });
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('a testimonial is refused without its quote, then added and deleted through the page', async ({ page }) => {
    const student = `No-script student ${Date.now()}`;
    await signInByApi(page);
    await page.goto('/admin/people');
    const add = () => page.getByRole('form', { name: 'Add a testimonial' });
    await add().getByLabel('Student', { exact: true }).fill(student);
    await add().getByRole('button', { name: 'Add testimonial' }).click();
    await expect(add().getByText('Enter the quote.')).toBeVisible();
    await expect(add().getByLabel('Student', { exact: true })).toHaveValue(student);

    await add().getByLabel('Quote', { exact: true }).fill('The teachers know every student by name.');
    await add().getByRole('button', { name: 'Add testimonial' }).click();
    await expect(page.getByRole('status')).toHaveText('Saved.');
    expect((await publicContent(page)).testimonials.items.map((t) => t.student.en)).toContain(student);

    const item = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: student }) });
    await item.getByRole('button', { name: 'Delete' }).click();
    const question = page.getByRole('group', { name: 'Delete this testimonial?' });
    await question.getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByRole('status')).toHaveText('Saved.');
    await expect(item).toHaveCount(0);
    expect((await publicContent(page)).testimonials.items.map((t) => t.student.en)).not.toContain(student);
  });
});
