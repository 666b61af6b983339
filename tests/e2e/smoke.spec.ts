import { expect, test } from '@playwright/test';

test('the home page answers 200 and shows the headline @phone', async ({ page }) => {
  const response = await page.goto('/');
  expect(response?.status()).toBe(200);
  await expect(page.getByRole('heading', { level: 1, name: 'Open Up Your Future' })).toBeVisible();
});

test('the health check answers ok', async ({ request }) => {
  const response = await request.get('/api/health');
  expect(response.status()).toBe(200);
  expect(await response.json()).toMatchObject({ status: 'ok', database: true });
});
