import { type Page, expect, test } from '@playwright/test';
import { waitForHydration } from './support/hydration.ts';
import { signInByApi } from './support/pages.ts';

// The audit log lists what each change changed, field by field. The test changes the shared server's
// College page and puts back what it changed.
test.describe.configure({ timeout: 90_000 });

/** With E2E_SHOTS_DIR=<dir>, full-page pictures of /admin/audit, to look at (not compared). */
const SHOTS = process.env.E2E_SHOTS_DIR;

const saveButton = (page: Page) => page.getByRole('button', { name: 'Save', exact: true }).last();
const phone2 = (page: Page) => page.getByRole('textbox', { name: 'Phone number 2', exact: true });
const mottoEn = (page: Page) => page.getByRole('group', { name: 'Motto' }).getByLabel('English');

async function saveCollege(page: Page, values: { phone: string; motto: string }) {
  await page.goto('/admin/content');
  await waitForHydration(page);
  await phone2(page).fill(values.phone);
  await mottoEn(page).fill(values.motto);
  await saveButton(page).click();
  await expect(page.getByText('Saved.').first()).toBeVisible();
}

test('an owner changes a phone number and the audit log shows the old and the new number @phone', async ({
  page,
}, testInfo) => {
  await signInByApi(page);
  await page.goto('/admin/content');
  await waitForHydration(page);
  const before = { phone: await phone2(page).inputValue(), motto: await mottoEn(page).inputValue() };
  const phone = `056-${String(Date.now()).slice(-6)}`;
  // A long value, to see it wrap under its field at phone width.
  const motto = 'Knowledge, discipline and service for every student of Bharatpur and all of Chitwan district';
  await saveCollege(page, { phone, motto });

  try {
    await page.goto('/admin/audit?kind=content-changed');
    const entry = page
      .getByRole('listitem')
      .filter({ hasText: 'Site content changed' })
      .filter({ hasText: phone })
      .first();
    await expect(entry).toContainText('college');
    const changes = entry.getByRole('list', { name: 'Changes' });
    const phoneChange = changes.getByRole('listitem').filter({ hasText: 'phones 2' });
    await expect(phoneChange).toHaveCount(1);
    await expect(phoneChange.locator('.audit-change__from')).toHaveText(before.phone);
    await expect(phoneChange.locator('.audit-change__to')).toHaveText(phone);
    await expect(changes.getByRole('listitem').filter({ hasText: 'motto › en' })).toContainText(motto);

    // Readable at every width: nothing wider than the window.
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/audit-${testInfo.project.name}.png`, fullPage: true });
  } finally {
    await saveCollege(page, before);
  }
});
