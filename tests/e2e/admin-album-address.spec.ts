import { type Page, expect, test } from '@playwright/test';
import { BASE_URL } from './support/env.ts';
import { waitForHydration } from './support/hydration.ts';
import { signInByApi } from './support/pages.ts';
import { screenshots } from './support/screenshots.ts';

// A new album's address (/gallery/<address>) is suggested from its English title as it is typed; left empty
// (or without JavaScript), the server makes it from the title. The album made here is deleted at the end.

async function deleteAlbumOf(page: Page): Promise<void> {
  const id = /\/admin\/albums\/([^/?#]+)/u.exec(page.url())?.[1];
  expect(id, page.url()).toBeTruthy();
  const res = await page.request.delete(`/api/admin/albums/${id}`, { headers: { origin: BASE_URL } });
  expect(res.status(), await res.text()).toBe(204);
}

test('with JavaScript the address follows the English title until the office types one of its own @phone', async ({
  page,
}) => {
  const stamp = Date.now();
  await signInByApi(page);
  await page.goto('/admin/albums');
  await waitForHydration(page);
  const address = page.getByLabel('Address');
  await page.getByLabel('Title (English)').fill(`Saraswati Pūjā ${stamp}`);
  await expect(address).toHaveValue(`saraswati-puja-${stamp}`);
  // Once the office types an address, the title no longer changes it.
  await address.fill(`puja-${stamp}`);
  await page.getByLabel('Title (English)').fill(`Saraswati Puja day ${stamp}`);
  await expect(address).toHaveValue(`puja-${stamp}`);
  // Emptied, it follows the title again.
  await address.fill('');
  await page.getByLabel('Title (English)').fill(`Annual day ${stamp}`);
  await expect(address).toHaveValue(`annual-day-${stamp}`);
  if (test.info().project.name === 'desktop') await screenshots(page, 'album-address-suggested');
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width).toBeLessThanOrEqual(page.viewportSize()!.width);
  await page.getByRole('button', { name: 'Create album' }).click();
  await expect(page.getByRole('heading', { level: 1, name: `Annual day ${stamp}` })).toBeVisible();
  const visitor = await page.context().browser()!.newPage();
  await visitor.goto(new URL(`/gallery/annual-day-${stamp}`, page.url()).href);
  await expect(visitor.getByRole('heading', { level: 1, name: `Annual day ${stamp}` })).toBeVisible();
  await visitor.close();
  await deleteAlbumOf(page);
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('an album created with no address gets one made from its English title', async ({ page }) => {
    const stamp = Date.now();
    await signInByApi(page);
    await page.goto('/admin/albums');
    await page.getByLabel('Title (English)').fill(`Sports Week ${stamp}`);
    await expect(page.getByLabel('Address')).toHaveValue('');
    await page.getByRole('button', { name: 'Create album' }).click();
    await expect(page.getByRole('heading', { level: 1, name: `Sports Week ${stamp}` })).toBeVisible();
    await page.goto(`/gallery/sports-week-${stamp}`);
    await expect(page.getByRole('heading', { level: 1, name: `Sports Week ${stamp}` })).toBeVisible();
    await page.goBack();
    await deleteAlbumOf(page);
  });
});
