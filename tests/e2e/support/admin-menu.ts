import type { Page } from '@playwright/test';

/**
 * On a phone the admin menu is folded behind its 'Menu' button: opens it (a no-op at desktop width, where the
 * button is hidden and the links always show, and when it is open already).
 */
export async function openAdminMenu(page: Page): Promise<void> {
  const fold = page.getByRole('navigation', { name: 'Admin' }).locator('details');
  const summary = fold.locator('summary');
  if (!(await summary.isVisible())) return;
  if (await fold.evaluate((details) => (details as HTMLDetailsElement).open)) return;
  await summary.click();
}
