import { type Page, expect, test } from '@playwright/test';
import { violations } from './support/axe.ts';
import { setServerClock } from './support/clock.ts';
import { BASE_URL } from './support/env.ts';
import { signInByApi } from './support/pages.ts';

// An owner publishes the 2084/85 season from the admin (with and without JavaScript); a visitor reads it in
// English and Nepali and follows APPLY NOW to the application form while it is open; after the closing date
// the home page says closed. The server's clock is moved, and every test puts back the clock and the season it made.
test.describe.configure({ mode: 'serial' });
// A whole season made through the forms: longer than one page's test.
test.setTimeout(120_000);

/** A B.S. date picker: the fieldset named by its label, with day, month and year choices. */
async function chooseBsDate(page: Page, label: string, day: string, month: string, year: string) {
  const group = page.getByRole('group', { name: label, exact: true });
  await group.getByLabel('Day').selectOption(day);
  await group.getByLabel('Month').selectOption({ label: month });
  await group.getByLabel('Year (B.S.)').selectOption(year);
}

async function removeSeasons(page: Page) {
  setServerClock(null);
  await signInByApi(page);
  const headers = { origin: BASE_URL };
  const { seasons } = (await (await page.request.get('/api/admin/seasons')).json()) as { seasons: { id: string }[] };
  for (const { id } of seasons) {
    await page.request.post(`/api/admin/seasons/${id}/withdraw`, { headers });
    expect((await page.request.delete(`/api/admin/seasons/${id}`, { headers })).status()).toBe(204);
  }
  const { notices } = (await (await page.request.get('/api/admin/notices')).json()) as {
    notices: { id: string; title: string }[];
  };
  for (const notice of notices.filter((n) => n.title.startsWith('Fee structure and scholarship quota'))) {
    await page.request.delete(`/api/admin/notices/${notice.id}`, { headers });
  }
}

for (const javaScriptEnabled of [true, false]) {
  test.describe(javaScriptEnabled ? 'with JavaScript @phone' : 'without JavaScript @phone', () => {
    test.use({ javaScriptEnabled });
    test.afterEach(async ({ page }) => removeSeasons(page));

    test('an owner publishes a season below the legal quota; visitors read it and it closes by its dates', async ({
      page,
    }) => {
      // Before the season opens: 10 Jestha 2084 B.S. (24 May 2027), when the office prepares it.
      setServerClock('2027-05-24T05:00:00Z');
      await signInByApi(page);
      await page.goto('/admin/seasons');
      const create = page.getByRole('form', { name: 'New season' });
      await create.getByLabel('Season').fill('2084/85');
      await chooseBsDate(page, 'Applications open', '1', 'Ashadh', '2084');
      await chooseBsDate(page, 'Applications close', '31', 'Ashadh', '2084');
      // A closing date before the opening is refused by name, and what was chosen stays.
      await chooseBsDate(page, 'Applications close', '30', 'Jestha', '2084');
      await create.getByRole('button', { name: 'Create season' }).click();
      await expect(page.getByText('Applications cannot close before they open.')).toBeVisible();
      await expect(page.getByRole('form', { name: 'New season' }).getByLabel('Season')).toHaveValue('2084/85');
      await chooseBsDate(page, 'Applications close', '31', 'Ashadh', '2084');
      // A created season opens on its own page.
      await page.getByRole('form', { name: 'New season' }).getByRole('button', { name: 'Create season' }).click();
      await expect(page.getByRole('heading', { name: 'Season 2084/85', level: 1 })).toBeVisible();

      const category = page.getByRole('form', { name: 'New category' });
      await category.getByLabel('Category', { exact: true }).fill('Open merit');
      await category.getByLabel('Proof asked for').fill('SEE grade sheet');
      await category.getByRole('button', { name: 'Add category' }).click();
      await expect(page.getByRole('form', { name: 'Category Open merit' })).toBeVisible();

      for (const [name, stream, seats, free] of [
        ['Science', 'Science', '400', '30'],
        ['Management', 'Management', '100', '10'],
      ] as const) {
        const form = page.getByRole('form', { name: 'New programme' });
        await form.getByLabel('Programme', { exact: true }).fill(name);
        await form.getByLabel('NEB stream').selectOption(stream);
        await form.getByLabel('Seats').fill(seats);
        await form.getByLabel('Fee 1 amount').fill('25000');
        await form.getByLabel('Fee 3 amount').fill('6500');
        await form.getByLabel('Fees approved by').fill('Bharatpur Metropolitan City');
        await form.getByLabel('Open merit').fill(free);
        await form.getByRole('button', { name: 'Add programme' }).click();
        await expect(page.getByRole('form', { name: `Programme ${name}` })).toBeVisible();
      }

      // 500 seats: the law asks for 50 free seats; 40 are declared.
      await expect(page.getByText('The quota declares 40 free seats; the law asks for at least 50')).toBeVisible();
      const publish = page.getByRole('form', { name: 'Publish' });
      await publish.getByRole('button', { name: 'Publish season' }).click();
      await expect(page.getByText(/the law asks for at least 50/u).first()).toBeVisible();
      await page
        .getByRole('form', { name: 'Publish' })
        .getByLabel(/Publish with fewer free seats/u)
        .check();
      await page.getByRole('form', { name: 'Publish' }).getByRole('button', { name: 'Publish season' }).click();
      await expect(page.getByRole('form', { name: 'Published' })).toBeVisible();

      // The fee structure and quota go on the notice board as a notice with the office's reference number.
      const summary = page.getByRole('form', { name: 'Notice of fees and quota' });
      await summary.getByLabel('Reference number').fill('OC/2084/17');
      await summary.getByRole('button', { name: 'Publish as a notice' }).click();
      await expect(page.getByText('Published as notice OC/2084/17').first()).toBeVisible();

      if (javaScriptEnabled) expect(await violations(page)).toEqual([]);

      // Open: 5 Ashadh 2084 (19 Jun 2027).
      setServerClock('2027-06-19T05:00:00Z');
      await page.goto('/admission');
      await expect(page.getByRole('heading', { name: 'Admission 2084/85', level: 1 })).toBeVisible();
      await expect(page.getByText('ADMISSION OPEN')).toBeVisible();
      await expect(page.getByText('1 Ashadh 2084 B.S. (15 Jun 2027)')).toBeVisible();
      await expect(page.getByRole('cell', { name: 'Rs 25,000' }).first()).toBeVisible();
      await expect(page.getByText('Open merit: 30 free seats')).toBeVisible();
      if (javaScriptEnabled) expect(await violations(page)).toEqual([]);
      const apply = page.getByRole('link', { name: /^APPLY NOW/u });
      // While a season is open, APPLY NOW leads to the college's own application form.
      await expect(apply).toHaveAttribute('href', /\/admission\/apply$/u);
      await apply.click();
      await expect(page).toHaveURL(/\/admission\/apply$/u);
      await expect(page.getByRole('heading', { name: 'Apply online', level: 1 })).toBeVisible();

      await page.goto('/notices?category=admission');
      await page
        .getByRole('link', { name: /Fee structure and scholarship quota, admission 2084\/85/u })
        .first()
        .click();
      await expect(page.getByText('OC/2084/17').first()).toBeVisible();
      await expect(page.getByText(/Science: 400 seats; Admission fee Rs 25,000 once/u)).toBeVisible();

      await page.goto('/ne/admission');
      await expect(page.getByRole('heading', { name: 'भर्ना २०८४/८५', level: 1 })).toBeVisible();
      await expect(page.getByText('१ असार २०८४ (१५ जुन २०२७)')).toBeVisible();
      await expect(page.getByRole('cell', { name: 'रु. २५,०००' }).first()).toBeVisible();
      if (javaScriptEnabled) expect(await violations(page)).toEqual([]);

      // After the closing day (16 Jul 2027 is 1 Shrawan): the home page says closed.
      setServerClock('2027-07-16T05:00:00Z');
      await page.goto('/');
      await expect(page.getByRole('heading', { name: 'ADMISSION CLOSED' })).toBeVisible();
      await expect(page.getByRole('link', { name: /^ENQUIRY NOW/u })).toBeVisible();
    });
  });
}
