import { expect, test } from '@playwright/test';

test.describe('not found', () => {
  test('an unknown address answers 404 with a helpful page inside the site', async ({ page }) => {
    const response = await page.goto('/this/does-not-exist');
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
    await expect(page.getByRole('main').getByRole('link', { name: 'Home page' })).toHaveAttribute('href', '/');
    await expect(page.getByRole('banner')).toBeVisible();
    await expect(page.getByRole('contentinfo')).toBeVisible();
    await expect(page).toHaveTitle(/Page not found/);
  });
});
