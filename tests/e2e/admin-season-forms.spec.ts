import { type Page, expect as baseExpect, test } from '@playwright/test';
import { setServerClock } from './support/clock.ts';
import { BASE_URL } from './support/env.ts';
import { signInByApi } from './support/pages.ts';
import { screenshots } from './support/screenshots.ts';

// The season page's forms as an office uses them, with and without JavaScript: a new season opens on its
// own page; after 'Add category' or 'Add programme' the new-item form is empty again, and a second item of
// the same name is refused beside the name; a new programme's lowest GPA and grades follow its stream.
// Each test deletes the season it made and puts the clock back.
test.describe.configure({ mode: 'serial' });
test.setTimeout(120_000);
// A save answers, then the page reloads its data: on a busy machine that takes longer than the default wait.
const expect = baseExpect.configure({ timeout: 15_000 });

/** A B.S. date picker: the fieldset named by its label, with day, month and year choices. */
async function chooseBsDate(page: Page, label: string, day: string, month: string, year: string) {
  const group = page.getByRole('group', { name: label, exact: true });
  await group.getByLabel('Day').selectOption(day);
  await group.getByLabel('Month').selectOption({ label: month });
  await group.getByLabel('Year (B.S.)').selectOption(year);
}

const SEASON = '2089/90';

async function removeSeason(page: Page) {
  setServerClock(null);
  await signInByApi(page);
  const headers = { origin: BASE_URL };
  const { seasons } = (await (await page.request.get('/api/admin/seasons')).json()) as {
    seasons: { id: string; name: string }[];
  };
  for (const { id } of seasons.filter((s) => s.name === SEASON)) {
    expect((await page.request.delete(`/api/admin/seasons/${id}`, { headers })).status()).toBe(204);
  }
}

/** Creates the draft season through the form; the answer is its own page. */
async function createSeason(page: Page) {
  await page.goto('/admin/seasons');
  const create = page.getByRole('form', { name: 'New season' });
  await create.getByLabel('Season').fill(SEASON);
  await chooseBsDate(page, 'Applications open', '1', 'Ashadh', '2084');
  await chooseBsDate(page, 'Applications close', '31', 'Ashadh', '2084');
  await create.getByRole('button', { name: 'Create season' }).click();
  await expect(page.getByRole('heading', { name: `Season ${SEASON}`, level: 1 })).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/seasons\/[0-9a-f-]{36}$/u);
}

/** The 'Who may apply' rows of a programme form as shown: the lowest GPA and each chosen subject and grade. */
async function minimaShown(page: Page) {
  const form = page.getByRole('form', { name: 'New programme' });
  const grades: string[] = [];
  for (let i = 0; i < 7; i++) {
    const subject = await form.locator(`select[name="minGrades.${i}.subject"]`).inputValue();
    const grade = await form.locator(`select[name="minGrades.${i}.grade"]`).inputValue();
    if (subject || grade) grades.push(`${subject} ${grade}`);
  }
  return { gpa: await form.getByLabel('Lowest SEE GPA').inputValue(), grades };
}

const SCIENCE_GRADES = ['Science C+', 'Mathematics C+', 'English D+', 'Nepali D+', 'Social Studies D+'];

for (const javaScriptEnabled of [true, false]) {
  test.describe(javaScriptEnabled ? 'with JavaScript @phone' : 'without JavaScript @phone', () => {
    test.use({ javaScriptEnabled });
    test.beforeEach(async ({ page }) => {
      // 10 Jestha 2084 B.S. (24 May 2027), when the office prepares the season.
      setServerClock('2027-05-24T05:00:00Z');
      await signInByApi(page);
    });
    test.afterEach(async ({ page }) => removeSeason(page));

    test('a new season opens on its page; added categories and programmes leave an empty form, and a same name is refused', async ({
      page,
    }, testInfo) => {
      await createSeason(page);

      const category = () => page.getByRole('form', { name: 'New category' });
      await category().getByLabel('Category', { exact: true }).fill('Dalit');
      await category().getByLabel('Proof asked for').fill('Recommendation of the ward office');
      await category().getByRole('button', { name: 'Add category' }).click();
      await expect(page.getByRole('form', { name: 'Category Dalit' })).toBeVisible();
      await expect(category().getByLabel('Category', { exact: true })).toHaveValue('');
      await expect(category().getByLabel('Proof asked for')).toHaveValue('');

      // The same name again, in other letters and spaces: refused beside the name, what was typed kept.
      await category().getByLabel('Category', { exact: true }).fill('  dalit ');
      await category().getByRole('button', { name: 'Add category' }).click();
      await expect(category().getByText('This season already has a category named Dalit.')).toBeVisible();
      await expect(category().getByLabel('Category', { exact: true })).toHaveValue('  dalit ');
      await expect(page.getByRole('form', { name: /^Category / })).toHaveCount(1);

      const programme = () => page.getByRole('form', { name: 'New programme' });
      await programme().getByLabel('Programme', { exact: true }).fill('Science');
      await programme().getByLabel('Seats').fill('40');
      await programme().getByRole('button', { name: 'Add programme' }).click();
      await expect(page.getByRole('form', { name: 'Programme Science' })).toBeVisible();
      await expect(programme().getByLabel('Programme', { exact: true })).toHaveValue('');
      await expect(programme().getByLabel('Seats')).toHaveValue('0');

      await programme().getByLabel('Programme', { exact: true }).fill('SCIENCE');
      await programme().getByLabel('Seats').fill('40');
      await programme().getByRole('button', { name: 'Add programme' }).click();
      await expect(programme().getByText('This season already has a programme named Science.')).toBeVisible();
      await expect(page.getByRole('form', { name: /^Programme / })).toHaveCount(1);
      if (testInfo.project.name === 'desktop' && javaScriptEnabled) await screenshots(page, 'season-forms');
    });

    test("a new programme's lowest GPA and grades follow the stream chosen, unless the office changed them", async ({
      page,
    }) => {
      await createSeason(page);
      const programme = () => page.getByRole('form', { name: 'New programme' });
      expect(await minimaShown(page)).toEqual({ gpa: '2.00', grades: SCIENCE_GRADES });
      await programme().getByLabel('Programme', { exact: true }).fill('Management');
      await programme().getByLabel('NEB stream').selectOption('Management');
      if (javaScriptEnabled) {
        // Changed as the stream is chosen, and back again.
        expect(await minimaShown(page)).toEqual({ gpa: '1.60', grades: [] });
        await programme().getByLabel('NEB stream').selectOption('Science');
        expect(await minimaShown(page)).toEqual({ gpa: '2.00', grades: SCIENCE_GRADES });
        await programme().getByLabel('NEB stream').selectOption('Management');
      }
      await programme().getByRole('button', { name: 'Add programme' }).click();
      const saved = page.getByRole('form', { name: 'Programme Management' });
      await expect(saved).toBeVisible();
      await expect(saved.getByLabel('Lowest SEE GPA')).toHaveValue('1.60');
      await expect(saved.locator('select[name="minGrades.0.subject"]')).toHaveValue('');

      // Minima the office raised stay as it set them when the stream changes.
      await programme().getByLabel('Programme', { exact: true }).fill('Humanities');
      await programme().getByLabel('Lowest SEE GPA').fill('2.40');
      await programme().getByLabel('NEB stream').selectOption('Humanities');
      await programme().getByRole('button', { name: 'Add programme' }).click();
      const humanities = page.getByRole('form', { name: 'Programme Humanities' });
      await expect(humanities).toBeVisible();
      await expect(humanities.getByLabel('Lowest SEE GPA')).toHaveValue('2.40');
      await expect(humanities.locator('select[name="minGrades.0.subject"]')).toHaveValue('Science');
    });
  });
}
