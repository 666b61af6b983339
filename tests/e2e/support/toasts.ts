import { type Page, expect } from '@playwright/test';

/**
 * Closes every toast on the page with its own close button, newest first, until none is left: a person clicks
 * them away rather than wait for them to close by themselves (5 s each, paused while the window has no focus),
 * and they cover the top right of the header meanwhile. A toast may also close by itself while this runs: a
 * click that finds its toast gone is not a failure as long as there are fewer toasts than before.
 */
export async function closeToasts(page: Page): Promise<void> {
  const open = page.locator('.Toastify__toast[data-in="true"]');
  for (let count = await open.count(); count > 0; count = await open.count()) {
    try {
      await open.last().getByRole('button', { name: 'close' }).click({ timeout: 2_000 });
    } catch (err) {
      if ((await open.count()) >= count) throw err;
    }
    await expect.poll(() => open.count()).toBeLessThan(count);
  }
}
