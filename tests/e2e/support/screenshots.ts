import type { Page } from '@playwright/test';

const SHOW_ALL = '* { content-visibility: visible !important; }';

/**
 * Full-page screenshots of the page as it is, at 1280 px and 390 px, into the folder E2E_SCREENSHOTS names
 * (nothing when it is not set: CI takes none). The viewport goes back to the desktop project's size after.
 * Parts a page lays out only when scrolled to (`content-visibility: auto`, the application form's sections) are
 * drawn for the picture: a full-page capture does not scroll, and would show them as empty boxes.
 */
export async function screenshots(page: Page, name: string): Promise<void> {
  const dir = process.env.E2E_SCREENSHOTS;
  if (!dir) return;
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: `${dir}/${name}-${width}.png`, fullPage: true, style: SHOW_ALL });
  }
  await page.setViewportSize({ width: 1280, height: 800 });
}
