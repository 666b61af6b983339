import { type Browser, type Page, expect, test } from '@playwright/test';
import sharp from 'sharp';
import { BASE_URL } from './support/env.ts';
import { waitForHydration } from './support/hydration.ts';
import { signInByApi } from './support/pages.ts';
import { screenshots } from './support/screenshots.ts';

// An owner gives the site the college's own look on the College page: a main colour (refused, with its
// contrast ratio, when white text cannot be read on it) and a PNG logo, then the home page is drawn in them,
// with and without JavaScript. They change the shared server's look, so they run in order and put it back.
test.describe.configure({ mode: 'serial', timeout: 120_000 });

const TODAY = { main: '#0b3d91', accent: '#f5a623' };
const REFUSED = 'The main colour #f5d442 has a contrast of 1.4:1 with white text; it needs at least 4.5:1.';

/** A wide PNG logo: a red half and a white half, so the header shows which picture it drew. */
const logoPng = () =>
  sharp({ create: { width: 240, height: 80, channels: 4, background: '#ffffff' } })
    .composite([{ input: { create: { width: 120, height: 80, channels: 4, background: '#c62828' } }, left: 0, top: 0 }])
    .png()
    .toBuffer();

async function signedIn(browser: Browser, javaScriptEnabled: boolean, viewport: { width: number; height: number }) {
  const page = await browser.newPage({ javaScriptEnabled, viewport });
  await signInByApi(page);
  return page;
}

/** Today's colours and no logo again, through the API. */
async function putBack(page: Page) {
  const headers = { origin: BASE_URL };
  await page.request.delete('/api/admin/content/college/logo', { headers });
  const college = (await (await page.request.get('/api/admin/content/college')).json()) as Record<string, unknown>;
  const res = await page.request.put('/api/admin/content/college', { headers, data: { ...college, colours: TODAY } });
  expect(res.status(), await res.text()).toBe(200);
}

const mainColour = (page: Page) => page.getByRole('textbox', { name: 'Main colour', exact: true });
const saveButton = (page: Page) => page.getByRole('button', { name: 'Save', exact: true }).first();

/** The home page in `main` and with the uploaded logo in its header and footer, no wider than the screen. */
async function expectHomeInLook(page: Page, main: string, rgb: string, shots: string | null) {
  await page.goto('/');
  if (shots) await screenshots(page, shots);
  const brand = await page.evaluate(() => getComputedStyle(document.documentElement).getPropertyValue('--brand'));
  expect(brand.trim()).toBe(main);
  await expect(page.locator('.site-header')).toHaveCSS('background-color', rgb);
  await expect(page.locator('meta[name="theme-color"]')).toHaveAttribute('content', main);
  for (const where of ['.site-header', '.site-footer']) {
    const logo = page.locator(`${where} img.brand__logo`);
    await logo.scrollIntoViewIfNeeded();
    // The mark's copy of the logo (108 px high at most, never enlarged: this 80 px logo is drawn as it is).
    await expect(logo).toHaveAttribute('src', /^\/logo\/[0-9a-f]{32}-h108\.png$/u);
    await expect(logo).toHaveAttribute('height', '36');
    await expect.poll(() => logo.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(240);
  }
  await expect(page.locator('link[rel="icon"]')).toHaveAttribute('href', '/favicon.png');
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
}

for (const javaScriptEnabled of [true, false]) {
  const how = javaScriptEnabled ? 'with JavaScript' : 'without JavaScript';
  test(`an owner sets a main colour and a PNG logo, and the home page shows them, ${how} @phone`, async ({
    browser,
  }, testInfo) => {
    const viewport = testInfo.project.name === 'phone' ? { width: 390, height: 844 } : { width: 1280, height: 800 };
    const page = await signedIn(browser, javaScriptEnabled, viewport);
    try {
      await page.goto('/admin/content');
      if (javaScriptEnabled) await waitForHydration(page);

      // A yellow that white text cannot be read on is refused beside its control; nothing is stored.
      await mainColour(page).fill('#f5d442');
      await saveButton(page).click();
      await expect(page.getByText(REFUSED)).toBeVisible();
      const stored = (await (await page.request.get('/api/content')).json()) as { college: { colours: object } };
      expect(stored.college.colours).toEqual(TODAY);

      await mainColour(page).fill('#00695c');
      await saveButton(page).click();
      if (javaScriptEnabled) await expect(page.getByText('Saved.').first()).toBeVisible();
      else await page.waitForURL('**/admin/content');
      await expect(mainColour(page)).toHaveValue('#00695c');

      await page.getByLabel('New logo (PNG or SVG)').setInputFiles({
        name: 'logo.png',
        mimeType: 'image/png',
        buffer: await logoPng(),
      });
      await page.getByRole('button', { name: 'Upload logo' }).click();
      await expect(page.locator('.college-logo__preview img')).toHaveAttribute('src', /^\/logo\//u);
      if (!javaScriptEnabled) await screenshots(page, 'admin-college-look');

      await expectHomeInLook(page, '#00695c', 'rgb(0, 105, 92)', javaScriptEnabled ? 'home-college-look' : null);
    } finally {
      await putBack(page);
      await page.close();
    }
  });
}
