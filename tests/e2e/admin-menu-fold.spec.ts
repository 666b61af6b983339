import { type Page, expect, test } from '@playwright/test';
import { waitForHydration } from './support/hydration.ts';
import { signInByApi } from './support/pages.ts';

/** The phone's first screen as it is (E2E_SCREENSHOTS names the folder; nothing when it is not set). */
async function firstScreen(page: Page, name: string) {
  const dir = process.env.E2E_SCREENSHOTS;
  if (dir) await page.screenshot({ path: `${dir}/${name}-${page.viewportSize()!.width}.png` });
}

// The admin menu has some two dozen pages: on a phone they fold behind 'Menu' (a <details>, so it opens
// without JavaScript too) and the page itself fills the first screen; at desktop width the menu shows as a column.
const menu = (page: Page) => page.getByRole('navigation', { name: 'Admin' });
const toggle = (page: Page) => menu(page).locator('summary', { hasText: 'Menu' });

for (const javaScriptEnabled of [true, false]) {
  test.describe(`the admin menu ${javaScriptEnabled ? 'with' : 'without'} JavaScript @phone`, () => {
    test.use({ javaScriptEnabled });
    test.beforeEach(async ({ page }) => {
      await signInByApi(page);
    });

    test('folds behind Menu on a phone, opens, and its links work; shows as a column at desktop', async ({
      page,
      isMobile,
    }) => {
      test.setTimeout(90_000);
      await page.goto('/admin/calendar');
      if (javaScriptEnabled) await waitForHydration(page);
      const heading = page.getByRole('heading', { level: 1, name: 'B.S. calendar' });
      if (!isMobile) {
        await expect(toggle(page)).toBeHidden();
        await expect(menu(page).getByRole('link', { name: 'Audit log' })).toBeVisible();
        return;
      }
      // Folded: the page's heading is on the first screen (below the warnings an owner may be shown, such as
      // messages waiting for set-up that other tests left), the menu's links are not shown.
      await expect(menu(page).getByRole('link', { name: 'Audit log' })).toBeHidden();
      const box = await heading.boundingBox();
      expect(box!.y + box!.height).toBeLessThan(page.viewportSize()!.height);
      if (javaScriptEnabled) await firstScreen(page, 'menu-folded');

      await toggle(page).focus();
      await page.keyboard.press('Enter');
      await expect(menu(page).getByRole('link', { name: 'Audit log' })).toBeVisible();
      await expect(menu(page).locator('details')).toHaveJSProperty('open', true);
      if (javaScriptEnabled) await firstScreen(page, 'menu-open');
      const width = await page.evaluate(() => document.documentElement.scrollWidth);
      expect(width).toBeLessThanOrEqual(page.viewportSize()!.width);

      await menu(page).getByRole('link', { name: 'Audit log' }).click();
      await expect(page).toHaveURL(/\/admin\/audit$/u);
      await expect(page.getByRole('heading', { level: 1, name: 'Audit log' })).toBeVisible();
      // The page opened from the menu starts with the menu folded again.
      await expect(menu(page).getByRole('link', { name: 'Today' })).toBeHidden();
    });
  });
}
