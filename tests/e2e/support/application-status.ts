import type { Locator, Page } from '@playwright/test';

/**
 * The status page's look-up form (reference and access key). The page's second form, in "Lost the access
 * key?", has the same look and a field named reference too: this is the other one.
 */
export const statusLookup = (page: Page): Locator => page.locator('form.apply-lookup:not(.apply-lost-key__form)');

/** Opens an application's status with its reference and access key (posted, never in the address). */
export async function openStatusWithKey(page: Page, path: string, reference: string, key: string): Promise<void> {
  await page.goto(path);
  const form = statusLookup(page);
  await form.locator('input[name=reference]').fill(reference);
  await form.locator('input[name=access_key]').fill(key);
  await form.locator('button[type=submit]').click();
}
