import { expect, test } from '@playwright/test';
import { waitForHydration } from './support/hydration.ts';
import { BASE_URL } from './support/env.ts';
import { photoJpeg } from './support/admin-photo.ts';
import { ADMIN_PAGES, signInByApi } from './support/pages.ts';
import { openAdminMenu } from './support/admin-menu.ts';

// The office runs the site from a phone as often as from a computer: at 360 px (the narrowest common
// Android width) no admin page may be wider than the screen, and the menu must not leave an empty band.
const PHONE = { width: 360, height: 740 };

test.use({ viewport: PHONE });

test.describe('the admin area on a 360 px phone @phone', () => {
  // On a phone's browser (the phone project: touch, mobile viewport) only. Elsewhere the same 360 px
  // checks would run again without the phone's emulation and find nothing new.
  test.skip(({ isMobile }) => !isMobile, 'runs in the phone project');
  // The site-speed table is the widest thing in the admin: give it rows to show.
  test.beforeAll(async ({ request }) => {
    for (const route of ['/', '/notices', '/contact']) {
      const metrics = [
        { name: 'LCP', value: 2400 },
        { name: 'INP', value: 180 },
        { name: 'CLS', value: 0.05 },
        { name: 'TTFB', value: 600 },
      ];
      const res = await request.post('/api/vitals', { headers: { origin: BASE_URL }, data: { route, metrics } });
      // Every test shares one address, and the pages' own sampled beacons count against its hourly limit:
      // once it is spent (429), those beacons have already filled the table with rows to show.
      expect([204, 429], await res.text()).toContain(res.status());
    }
  });

  test.beforeEach(async ({ page }) => {
    await signInByApi(page);
  });

  for (const path of ['/login', ...ADMIN_PAGES]) {
    test(`${path} is no wider than the screen`, async ({ page }) => {
      await page.goto(path);
      await waitForHydration(page);
      await page.waitForLoadState('networkidle');
      const width = await page.evaluate(() => document.documentElement.scrollWidth);
      expect(width, `${path} is ${width} px wide`).toBeLessThanOrEqual(PHONE.width);
    });
  }

  test('/admin/notice/:id/edit, with an attachment listed, is no wider than the screen', async ({ page }) => {
    const created = await page.request.post('/api/admin/notices', {
      headers: { origin: BASE_URL },
      data: { title: 'Width check: a notice with a long attachment list', description: 'Five words or more here.' },
    });
    expect(created.status(), await created.text()).toBe(201);
    const { id } = (await created.json()) as { id: string };
    const attached = await page.request.post(`/api/admin/notices/${id}/attachments`, {
      headers: { origin: BASE_URL },
      multipart: { file: { name: 'scan.jpg', mimeType: 'image/jpeg', buffer: await photoJpeg(600, 800) } },
    });
    expect(attached.status(), await attached.text()).toBe(201);
    const path = `/admin/notice/${id}/edit`;
    await page.goto(path);
    await waitForHydration(page);
    await page.waitForLoadState('networkidle');
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width, `${path} is ${width} px wide`).toBeLessThanOrEqual(PHONE.width);
    expect((await page.request.delete(`/api/admin/notices/${id}`, { headers: { origin: BASE_URL } })).status()).toBe(
      204,
    );
  });

  test('the menu is only as tall as its links, however short the page is', async ({ page }) => {
    await page.goto('/admin');
    await waitForHydration(page);
    const menu = page.getByRole('navigation', { name: 'Admin' });
    // Folded, the menu is one row: the college's name and the Menu button, the page's content right under it.
    const folded = await menu.boundingBox();
    expect(folded!.height).toBeLessThanOrEqual(72);
    await openAdminMenu(page);
    const menuBox = await menu.boundingBox();
    const linksBox = await menu.getByRole('list').boundingBox();
    expect(menuBox).not.toBeNull();
    expect(linksBox).not.toBeNull();
    // What is left under the links is the menu's own padding, not a band of spare page height.
    const below = menuBox!.y + menuBox!.height - (linksBox!.y + linksBox!.height);
    expect(below).toBeLessThanOrEqual(16);
  });
});
