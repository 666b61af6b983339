import type { Page } from '@playwright/test';

/**
 * Waits until React has hydrated the page (its <main> carries React's internal fiber key), so that clicks
 * and key presses reach React's handlers rather than the server HTML.
 */
export async function waitForHydration(page: Page): Promise<void> {
  await page.waitForFunction(() => {
    const main = document.querySelector('main');
    return main !== null && Object.keys(main).some((key) => key.startsWith('__reactFiber$'));
  });
}

/** Opens a page and waits for hydration. */
export async function gotoHydrated(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await waitForHydration(page);
}
