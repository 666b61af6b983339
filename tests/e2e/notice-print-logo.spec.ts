import { type APIRequestContext, type Page, expect, request, test } from '@playwright/test';
import sharp from 'sharp';
import { logoMarkUrl } from '#common/site-content/logo.ts';
import { ADMIN_EMAIL, ADMIN_PASSWORD, BASE_URL } from './support/env.ts';
import { screenshots } from './support/screenshots.ts';

// A college with its own logo prints a notice under a letterhead with that logo, its name and address. On
// screen the letterhead is hidden, and its copy of the logo is the header's own (the PNG's small copy): the page
// asks for one picture of the logo, printed or not, and never for the whole upload. The logo changes the shared server's look, so it is put back after.
test.describe.configure({ mode: 'serial' });

/** A wide PNG logo: a red half and a white half, so a screenshot shows which picture was drawn. */
const logoPng = () =>
  sharp({ create: { width: 240, height: 80, channels: 4, background: '#ffffff' } })
    .composite([{ input: { create: { width: 120, height: 80, channels: 4, background: '#c62828' } }, left: 0, top: 0 }])
    .png()
    .toBuffer();

let api: APIRequestContext;
let noticeId: string;
let logoUrl: string;

test.beforeAll(async () => {
  api = await request.newContext({ baseURL: BASE_URL, extraHTTPHeaders: { origin: BASE_URL } });
  const login = await api.post('/api/auth/login', { data: { email: ADMIN_EMAIL, password: ADMIN_PASSWORD } });
  expect(login.status(), await login.text()).toBe(200);
  const uploaded = await api.post('/api/admin/content/college/logo', {
    multipart: { file: { name: 'logo.png', mimeType: 'image/png', buffer: await logoPng() } },
  });
  expect(uploaded.status(), await uploaded.text()).toBe(200);
  logoUrl = ((await uploaded.json()) as { logo: { url: string } }).logo.url;
  const created = await api.post('/api/admin/notices', {
    data: {
      title: 'Second term fee dates',
      description: 'The fee payment dates for the second term are now fixed; see the office.',
      referenceNo: '082/83-21',
      category: 'admission',
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  noticeId = ((await created.json()) as { id: string }).id;
});

/** What the notice page's first load asks for: each request's address and its response's body size. */
async function firstLoad(page: Page): Promise<{ requests: number; logo: number; bytes: number; document: number }> {
  const sizes: Promise<{ url: string; bytes: number }>[] = [];
  page.on('requestfinished', (r) =>
    sizes.push(r.sizes().then((s) => ({ url: r.url(), bytes: s.responseBodySize + s.responseHeadersSize }))),
  );
  await page.goto(`/notices/${noticeId}`);
  await page.waitForLoadState('networkidle');
  const all = await Promise.all(sizes);
  return {
    requests: all.length,
    logo: all.filter((s) => new URL(s.url).pathname.startsWith('/logo/')).length,
    bytes: all.reduce((sum, s) => sum + s.bytes, 0),
    document: all.find((s) => new URL(s.url).pathname === `/notices/${noticeId}`)?.bytes ?? 0,
  };
}

test.afterAll(async () => {
  await api.delete(`/api/admin/notices/${noticeId}`);
  await api.delete('/api/admin/content/college/logo');
  await api.dispose();
});

test("a notice's printed letterhead shows the college's logo, which the page on screen asks for only once", async ({
  page,
}) => {
  const logoRequests: string[] = [];
  page.on('request', (r) => {
    if (new URL(r.url()).pathname.startsWith(logoUrl.slice(0, -'.png'.length))) logoRequests.push(r.url());
  });
  await page.goto(`/notices/${noticeId}`);
  await page.waitForLoadState('networkidle');
  const printed = page.locator('.notice-print__head img.notice-print__logo');
  await expect(printed).toHaveAttribute('src', logoMarkUrl(logoUrl));
  await expect(printed).toBeHidden();
  expect(logoRequests).toHaveLength(1);

  await page.emulateMedia({ media: 'print' });
  await expect(printed).toBeVisible();
  expect(await printed.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(240);
  await expect(page.locator('.notice-print__college')).toBeVisible();
  await expect(page.locator('.site-header')).toBeHidden();
  await screenshots(page, 'notice-print-logo');
  expect(logoRequests).toHaveLength(1);
});

test('the notice page without a logo asks for no picture of it, and with one for one picture', async ({ browser }) => {
  const withLogo = await firstLoad(await browser.newPage());
  expect((await api.delete('/api/admin/content/college/logo')).status()).toBe(200);
  const page = await browser.newPage();
  const without = await firstLoad(page);
  await expect(page.locator('.notice-print__logo')).toHaveCount(0);
  // The logo's one picture, and none without it. (The whole count is not compared: the favicon's request may
  // or may not finish before the page is idle.)
  expect(withLogo.logo).toBe(1);
  expect(without.logo).toBe(0);
  test.info().annotations.push({
    type: 'notice page first load',
    description: `with a logo: ${withLogo.requests} requests, ${withLogo.bytes} B (document ${withLogo.document} B); without: ${without.requests} requests, ${without.bytes} B (document ${without.document} B)`,
  });
  console.log(test.info().annotations.at(-1)?.description);
});
