import type { Locator, Page } from '@playwright/test';

/**
 * Waits until React has hydrated the page (its <main> carries React's internal fiber key), so that clicks
 * and key presses reach React's handlers rather than the server HTML. Only /login and the admin pages
 * hydrate; public pages have no client runtime (see waitForEnhancements).
 */
export async function waitForHydration(page: Page): Promise<void> {
  await page.waitForFunction(() => {
    const main = document.querySelector('main');
    return main !== null && Object.keys(main).some((key) => key.startsWith('__reactFiber$'));
  });
}

/**
 * Waits until the public pages' site script (app/lib/enhance/site.ts) has run: it marks <html> with
 * data-enhanced once the banner, the menu and the facades are enhanced, and on the application pages once their own
 * chunk's checks and listeners are in place.
 */
export async function waitForEnhancements(page: Page): Promise<void> {
  await page.locator('html[data-enhanced]').waitFor({ state: 'attached' });
}

/** Waits for whatever the page runs: hydration where React Router's runtime is loaded, the site script elsewhere. */
export async function waitForPageScripts(page: Page): Promise<void> {
  // React Router's inline script sets this global (the script itself is removed once React has hydrated).
  const hydrates = await page.evaluate(() => '__reactRouterContext' in window);
  await (hydrates ? waitForHydration(page) : waitForEnhancements(page));
}

/** Opens a public page and waits for its enhancements. */
export async function gotoEnhanced(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await waitForEnhancements(page);
}

/**
 * Chooses files on a page whose form has not been used yet: its checks come with a chunk the form fetches on its
 * first change, so the answer is awaited from that chunk's arrival (on a loaded CI machine the answer once came
 * after 5.9 s, past an expectation's 5 s; a chunk held back 6 s fails the same way).
 */
export async function chooseFirstFiles(input: Locator, files: Parameters<Locator['setInputFiles']>[0]) {
  const live = input.page().waitForResponse((r) => /\/assets\/application-live-[\w-]+\.js$/u.test(r.url()));
  await input.setInputFiles(files);
  await live;
}
