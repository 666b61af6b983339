import AxeBuilder from '@axe-core/playwright';
import { type Page, expect, test } from '@playwright/test';
import { waitForPageScripts } from './support/hydration.ts';
import { ADMIN_PAGES, PUBLIC_PAGES, signInByApi } from './support/pages.ts';

// axe-core (WCAG 2.x A and AA rules, and its best practices) on every page, once its scripts have run (hydration
// on the admin pages, the site script on public ones): zero violations.

async function violations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations.map(
    (v) =>
      `${v.id} (${v.impact ?? 'n/a'}): ${v.help}\n` +
      v.nodes
        .slice(0, 5)
        .map((n) => `    ${n.target.join(' ')}: ${n.failureSummary?.replace(/\s+/gu, ' ') ?? ''}`)
        .join('\n'),
  );
}

async function open(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await waitForPageScripts(page);
  // Images and fonts settle the layout that colour-contrast checks look at.
  await page.waitForLoadState('networkidle');
}

test.describe('accessibility (axe-core)', () => {
  for (const path of PUBLIC_PAGES) {
    test(`${path} has no axe violations`, async ({ page }) => {
      await open(page, path);
      expect(await violations(page)).toEqual([]);
    });
  }

  test.describe('signed in', () => {
    // The site-content pages hold dozens of controls (every text in English and Nepali): axe takes its time on them.
    test.describe.configure({ timeout: 90_000 });
    test.beforeEach(async ({ page }) => {
      await signInByApi(page);
    });

    for (const path of ADMIN_PAGES) {
      test(`${path} has no axe violations`, async ({ page }) => {
        await open(page, path);
        await expect(page).toHaveURL(new RegExp(`${path}$`, 'u'));
        expect(await violations(page)).toEqual([]);
      });
    }
  });
});
