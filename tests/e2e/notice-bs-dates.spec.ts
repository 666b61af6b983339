import { type Locator, type Page, expect, test } from '@playwright/test';
import { type BsDate, bsMonthLength, bsToAdDate, formatBsAd, toBsDate } from '#common/dates/bs-date.ts';
import { BASE_URL } from './support/env.ts';
import { waitForHydration } from './support/hydration.ts';
import { signInByApi } from './support/pages.ts';

// The office schedules a notice with the B.S. date picker (day, month and year choices and a Nepal time),
// with JavaScript and without it: a day its month lacks is refused by the field's name with the choices
// kept, and the list shows the notice B.S. first, the A.D. day and the time beside.

const DAY = 24 * 60 * 60 * 1000;
const made: string[] = [];

async function choose(group: Locator, { day, month, year }: { day: number; month: number; year: number }) {
  await group.getByRole('combobox', { name: 'Day', exact: true }).selectOption(String(day));
  await group.getByRole('combobox', { name: 'Month', exact: true }).selectOption(String(month));
  await group.getByRole('combobox', { name: 'Year (B.S.)' }).selectOption(String(year));
}

async function expectChosen(group: Locator, { day, month, year }: BsDate) {
  await expect(group.getByRole('combobox', { name: 'Day', exact: true })).toHaveValue(String(day));
  await expect(group.getByRole('combobox', { name: 'Month', exact: true })).toHaveValue(String(month));
  await expect(group.getByRole('combobox', { name: 'Year (B.S.)' })).toHaveValue(String(year));
}

async function scheduleWithPicker(page: Page, js: boolean) {
  const title = `B.S. picker ${js ? 'script' : 'no script'} ${test.info().project.name} ${Date.now() % 1e6}`;
  // Ten days from now, at 10:00 in Nepal.
  const bs = toBsDate(new Date(Date.now() + 10 * DAY));
  const at = new Date(`${bsToAdDate(bs)}T10:00:00+05:45`).toISOString();
  await signInByApi(page);
  await page.goto('/admin/addnewnotice');
  if (js) await waitForHydration(page);
  await page.getByLabel('Title').fill(title);
  await page.getByLabel('Description').fill('The examination routine is on the notice board.');
  const publishAt = page.getByRole('group', { name: /^Publish at/u });
  await publishAt.getByLabel('Time (Nepal time)').fill('10:00');

  // A day the month lacks (when it has fewer than 32): refused by the field's name, the choices kept.
  const length = bsMonthLength(bs.year, bs.month);
  const wrong = { ...bs, day: length < 32 ? length + 1 : bs.day };
  if (length < 32) {
    await choose(publishAt, wrong);
    await page.getByRole('button', { name: 'Add notice' }).click();
    await expect(publishAt.getByText(/^Publish at: \d+ [A-Za-z]+ \d{4} B\.S\. has no such day/u)).toBeVisible();
    await expectChosen(publishAt, wrong);
    await expect(publishAt.getByLabel('Time (Nepal time)')).toHaveValue('10:00');
    await expect(page.getByLabel('Title')).toHaveValue(title);
  }

  await choose(publishAt, bs);
  await page.getByRole('button', { name: 'Add notice' }).click();
  if (js) await expect(page).toHaveURL(/\/admin\/notice$/u);
  else {
    await expect(page.getByRole('status')).toHaveText('Notice created successfully.');
    await page.goto('/admin/notice');
  }
  const row = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: title }) });
  await expect(row.getByText('Scheduled', { exact: true })).toBeVisible();
  const time = row.locator('time');
  await expect(time).toHaveAttribute('datetime', at);
  await expect(time).toHaveText(`${formatBsAd(at)}, 10:00`);
  await expect(time).toHaveText(/^\d{1,2} [A-Z][a-z]+ \d{4} B\.S\. \(\d{1,2} [A-Z][a-z]{2} \d{4}\), 10:00$/u);

  // The edit form shows the same B.S. day and Nepal time.
  const edit = row.getByRole('link', { name: 'Edit' });
  made.push(/\/admin\/notice\/([^/]+)\/edit$/u.exec((await edit.getAttribute('href')) ?? '')?.[1] ?? '');
  await edit.click();
  const editPublishAt = page.getByRole('group', { name: /^Publish at/u });
  await expectChosen(editPublishAt, bs);
  await expect(editPublishAt.getByLabel('Time (Nepal time)')).toHaveValue('10:00');
}

test.afterEach(async ({ page }) => {
  for (const id of made.splice(0).filter(Boolean)) {
    const res = await page.request.delete(`/api/admin/notices/${id}`, { headers: { origin: BASE_URL } });
    expect([204, 404]).toContain(res.status());
  }
});

test('a notice scheduled with the B.S. picker is listed with its B.S. date first', async ({ page }) => {
  await scheduleWithPicker(page, true);
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });
  test('the B.S. picker posts its choices, a wrong day comes back chosen, and the list is B.S. first', async ({
    page,
  }) => {
    await scheduleWithPicker(page, false);
  });
});
