import { type Page, expect } from '@playwright/test';

/**
 * Closes every toast on the page with its own close button, newest first, and waits until none is left: a
 * person clicks them away rather than wait for them to close by themselves (5 s each, paused while the window
 * has no focus), and they cover the top right of the header meanwhile.
 */
export async function closeToasts(page: Page): Promise<void> {
  const open = page.locator('.Toastify__toast[data-in="true"]');
  for (let count = await open.count(); count > 0; count = await open.count()) {
    await open.last().getByRole('button', { name: 'close' }).click();
    await expect(open).toHaveCount(count - 1);
  }
  await expect(page.getByRole('alert')).toHaveCount(0);
}
