import { type Page, expect, test } from '@playwright/test';
import { formatBsAd } from '#common/dates/bs-date.ts';
import { isoToNepalLocal, nepalToday } from '#common/dates/nepal-time.ts';
import { waitForHydration } from './support/hydration.ts';
import { BASE_URL } from './support/env.ts';
import { signInByApi } from './support/pages.ts';

// The notice board as the office and the public use it: edit, categories, pinning, scheduling and the
// Bikram Sambat dates. Each test makes its own notices through the admin API and deletes them after.

interface ApiNotice {
  id: string;
  title: string;
  publishAt: string;
  category: string;
}

const DAY = 24 * 60 * 60 * 1000;
const made: string[] = [];

/** A title unique to this test and project (both projects share one server), within the 60-character limit. */
const titleFor = (name: string) => `E2E ${name} ${test.info().project.name} ${Date.now() % 1e6}`;

async function createNotice(page: Page, fields: Record<string, string>): Promise<ApiNotice> {
  const res = await page.request.post('/api/admin/notices', {
    headers: { origin: BASE_URL },
    data: { description: 'Students are requested to read this notice carefully.', link: '', ...fields },
  });
  expect(res.status(), await res.text()).toBe(201);
  const notice = (await res.json()) as ApiNotice;
  made.push(notice.id);
  return notice;
}

const cardOf = (page: Page, title: string) =>
  page
    .getByRole('main')
    .getByRole('article')
    .filter({ has: page.getByRole('heading', { name: title, exact: true }) });

test.beforeEach(async ({ page }) => {
  await signInByApi(page);
});

test.afterEach(async ({ page }) => {
  for (const id of made.splice(0)) {
    const res = await page.request.delete(`/api/admin/notices/${id}`, { headers: { origin: BASE_URL } });
    expect([204, 404]).toContain(res.status());
  }
});

test('an edited notice shows its new title and category on /notices and on its own page', async ({ page }) => {
  const notice = await createNotice(page, { title: titleFor('before edit'), category: 'general' });
  const edited = titleFor('after edit');
  await page.goto('/admin/notice');
  await waitForHydration(page);
  await page
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading', { name: notice.title }) })
    .getByRole('link', { name: 'Edit' })
    .click();
  await expect(page.getByRole('heading', { level: 1, name: 'Edit notice' })).toBeVisible();
  await expect(page.getByLabel('Title')).toHaveValue(notice.title);
  await page.getByLabel('Title').fill(edited);
  await page.getByLabel('Category').selectOption('examination');
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText('Notice updated successfully.').first()).toBeVisible();

  await page.goto('/notices');
  await expect(cardOf(page, edited)).toContainText('Examination');
  await expect(cardOf(page, notice.title)).toHaveCount(0);
  await cardOf(page, edited).getByRole('link', { name: edited }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(edited);
  await expect(page.getByRole('main')).toContainText('Examination');
  // Search engines learn of the edit; the publish time (shown to the minute in the form) stays the stored one.
  const article = JSON.parse(
    (await page.locator('script[type="application/ld+json"]').first().textContent()) ?? '',
  ) as { datePublished: string; dateModified: string };
  expect(article.datePublished).toBe(notice.publishAt);
  expect(Date.parse(article.dateModified)).toBeGreaterThan(Date.parse(notice.publishAt));
  await expect(page.locator('meta[property="article:modified_time"]')).toHaveAttribute('content', article.dateModified);
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the edit form posts to its page and shows the saved notice', async ({ page }) => {
    const notice = await createNotice(page, { title: titleFor('no-JS edit'), category: 'general' });
    const edited = titleFor('no-JS edited');
    await page.goto(`/admin/notice/${notice.id}/edit`);
    await page.getByLabel('Title').fill(edited);
    await page.getByLabel('Category').selectOption('result');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Notice updated successfully.' })).toBeVisible();
    await expect(page.getByLabel('Title')).toHaveValue(edited);
    await expect(page.getByLabel('Category')).toHaveValue('result');
  });
});

test('the category links filter /notices, without any script', async ({ page }) => {
  const scholarship = await createNotice(page, { title: titleFor('scholarship'), category: 'scholarship' });
  const holiday = await createNotice(page, { title: titleFor('holiday'), category: 'holiday' });
  await page.goto('/notices');
  const filter = page.getByRole('navigation', { name: 'Notice categories' });
  await expect(filter.getByRole('link', { name: 'All' })).toHaveAttribute('aria-current', 'page');
  await filter.getByRole('link', { name: 'Scholarship' }).click();
  await expect(page).toHaveURL(/\/notices\?category=scholarship$/u);
  await expect(filter.getByRole('link', { name: 'Scholarship' })).toHaveAttribute('aria-current', 'page');
  await expect(cardOf(page, scholarship.title)).toBeVisible();
  await expect(cardOf(page, holiday.title)).toHaveCount(0);
  const cards = page.getByRole('main').getByRole('article');
  for (const text of await cards.allTextContents()) expect(text).toContain('Scholarship');
  await filter.getByRole('link', { name: 'All' }).click();
  await expect(cardOf(page, holiday.title)).toBeVisible();
});

test('a pinned older notice comes first, with its badge, on the home page and on /notices', async ({ page }) => {
  const older = new Date(Date.now() - 30 * DAY).toISOString();
  const pinned = await createNotice(page, {
    title: titleFor('pinned'),
    publishAt: isoToNepalLocal(older),
    pinnedUntil: nepalToday(new Date(Date.now() + 7 * DAY)),
  });
  await createNotice(page, { title: titleFor('newest') });
  for (const path of ['/', '/notices']) {
    await page.goto(path);
    const first = page.locator('main article.notice-card').first();
    await expect(first.getByRole('heading')).toHaveText(pinned.title);
    await expect(first.getByText('Pinned', { exact: true })).toBeVisible();
  }
});

test('a scheduled notice is nowhere public until its publish time comes', async ({ page }) => {
  const at = new Date(Date.now() + 2 * DAY);
  const scheduled = await createNotice(page, {
    title: titleFor('scheduled'),
    publishAt: isoToNepalLocal(at.toISOString()),
  });
  await page.goto('/admin/notice');
  const row = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: scheduled.title }) });
  await expect(row.getByText('Scheduled', { exact: true })).toBeVisible();

  for (const path of ['/', '/notices']) {
    await page.goto(path);
    await expect(cardOf(page, scheduled.title)).toHaveCount(0);
  }
  expect((await page.goto(`/notices/${scheduled.id}`))?.status()).toBe(404);
  const { notices } = (await (await page.request.get('/api/notices')).json()) as { notices: ApiNotice[] };
  expect(notices.map((n) => n.id)).not.toContain(scheduled.id);

  // Its time comes (the office moves it to an hour ago): it is public at once, with no restart or job.
  const res = await page.request.put(`/api/admin/notices/${scheduled.id}`, {
    headers: { origin: BASE_URL },
    data: {
      title: scheduled.title,
      description: 'Students are requested to read this notice carefully.',
      link: '',
      publishAt: isoToNepalLocal(new Date(Date.now() - 60 * 60 * 1000).toISOString()),
    },
  });
  expect(res.status(), await res.text()).toBe(200);
  expect((await page.goto(`/notices/${scheduled.id}`))?.status()).toBe(200);
  await page.goto('/notices');
  await expect(cardOf(page, scheduled.title)).toBeVisible();
});

test('every notice date shows the Bikram Sambat date first, with the AD day, in Nepal time', async ({ page }) => {
  // 18:30 UTC is already the next day in Nepal (UTC+5:45): 22 Nov 2026 at 00:15 there, 6 Mangsir 2083 B.S.
  const notice = await createNotice(page, { title: titleFor('BS date'), publishAt: '2026-11-22T00:15' });
  expect(notice.publishAt).toBe('2026-11-21T18:30:00.000Z');
  const expected = '6 Mangsir 2083 B.S. (22 Nov 2026)';
  expect(formatBsAd(notice.publishAt)).toBe(expected);
  await page.goto(`/notices/${notice.id}`);
  await expect(page.getByRole('main').locator('time')).toHaveText(expected);
  await expect(page.getByRole('main').locator('time')).toHaveAttribute('datetime', notice.publishAt);
  await page.goto('/notices');
  await expect(cardOf(page, notice.title).locator('time')).toHaveText(expected);
});
