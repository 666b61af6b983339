import { type Page, expect } from '@playwright/test';

/**
 * Waits until the page's script has registered the served Devanagari font's face of `weight` and it has
 * loaded. Not document.fonts.check(): it answers true while no face of the family is registered yet
 * (there is nothing to load), so a loaded machine read the fonts in use before the script had added it.
 */
export async function servedFontLoaded(page: Page, weight: 400 | 700): Promise<void> {
  await expect
    .poll(() =>
      page.evaluate(
        (w) =>
          [...document.fonts].some(
            (face) =>
              face.family.replaceAll('"', '') === 'Site Devanagari Served' &&
              face.weight === w &&
              face.status === 'loaded',
          ),
        String(weight),
      ),
    )
    .toBe(true);
}
