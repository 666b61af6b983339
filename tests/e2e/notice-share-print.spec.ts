import { type APIRequestContext, type Page, expect, request, test } from '@playwright/test';
import { ADMIN_EMAIL, ADMIN_PASSWORD, BASE_URL } from './support/env.ts';
import { waitForEnhancements } from './support/hydration.ts';

// A title with every character XML and HTML give meaning to, and one that would close a script block.
const TITLE = 'Fees & <dates> "2083" </script>';
const REFERENCE = '082/83-17';
let api: APIRequestContext;
let notice: { id: string; title: string };
let path: string;

test.beforeAll(async () => {
  api = await request.newContext({ baseURL: BASE_URL, extraHTTPHeaders: { origin: BASE_URL } });
  const login = await api.post('/api/auth/login', { data: { email: ADMIN_EMAIL, password: ADMIN_PASSWORD } });
  expect(login.status(), await login.text()).toBe(200);
  const created = await api.post('/api/admin/notices', {
    data: {
      title: TITLE,
      description: 'The fee payment dates for the second term are now fixed, see the office.',
      referenceNo: REFERENCE,
      category: 'admission',
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  notice = (await created.json()) as { id: string; title: string };
  path = `/notices/${notice.id}/fees-dates-2083-script`;
});

test.afterAll(async () => {
  await api.delete(`/api/admin/notices/${notice.id}`);
  await api.dispose();
});

const shareUrl = () => `${BASE_URL}${path}`;

test.describe("a notice's address", () => {
  test('is one per language: another slug after the id moves permanently to it', async () => {
    for (const [asked, address] of [
      [`/notices/${notice.id}/backup.zip`, path],
      [`/notices/${notice.id}/old-title`, path],
      [`/ne/notices/${notice.id}/old-title`, `/ne${path}`],
    ]) {
      const res = await api.get(asked!, { maxRedirects: 0 });
      expect(res.status(), asked).toBe(301);
      expect(res.headers().location, asked).toBe(address);
    }
    // The id alone, as printed under the QR code, stays the notice's permalink.
    expect((await api.get(`/notices/${notice.id}`, { maxRedirects: 0 })).status()).toBe(200);
    expect((await api.get(path, { maxRedirects: 0 })).status()).toBe(200);
  });

  test('on a Nepali page is shared and printed as the Nepali address', async ({ page }) => {
    await page.goto(`/ne${path}`);
    const whatsapp = page.locator('.notice-share a[href^="https://wa.me/"]');
    expect(decodeURIComponent((await whatsapp.getAttribute('href')) ?? '')).toContain(`${BASE_URL}/ne${path}`);
    await expect(page.locator('.notice-share__url')).toContainText(`${BASE_URL}/ne${path}`);
    await expect(page.locator('.notice-print__url')).toHaveText(`${BASE_URL}/ne/notices/${notice.id}`);
  });
});

test.describe("a notice's share links", () => {
  test('are plain links to WhatsApp, Viber and Facebook with the notice address, and load nothing from them', async ({
    page,
  }) => {
    const elsewhere: string[] = [];
    page.on('request', (r) => {
      if (new URL(r.url()).origin !== BASE_URL) elsewhere.push(r.url());
    });
    await page.goto(path);
    const share = page.getByRole('region', { name: 'Share this notice' });
    const text = encodeURIComponent(`${TITLE} ${shareUrl()}`);
    await expect(share.getByRole('link', { name: /^WhatsApp/ })).toHaveAttribute('href', `https://wa.me/?text=${text}`);
    await expect(share.getByRole('link', { name: 'Viber' })).toHaveAttribute('href', `viber://forward?text=${text}`);
    await expect(share.getByRole('link', { name: /^Facebook/ })).toHaveAttribute(
      'href',
      `https://www.facebook.com/sharer/sharer.php?u=${encodeURIComponent(shareUrl())}`,
    );
    await expect(share.getByRole('link', { name: /^WhatsApp/ })).toHaveAttribute('rel', 'noopener noreferrer');
    await page.waitForLoadState('networkidle');
    expect(elsewhere).toEqual([]);
  });

  test('copy the address with the script: the button puts it on the clipboard and says so', async ({
    page,
    context,
  }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: BASE_URL });
    await page.goto(path);
    await waitForEnhancements(page);
    await page.getByRole('button', { name: 'Copy link' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Link copied.' })).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(shareUrl());
  });

  test('without JavaScript show the address as text to select, and no button that would do nothing', async ({
    browser,
  }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(path);
    await expect(page.getByText(`Link to this notice: ${shareUrl()}`)).toBeVisible();
    await expect(page.getByRole('button', { name: 'Copy link' })).toBeHidden();
    await context.close();
  });
});

test.describe("a notice's head", () => {
  const jsonLd = (page: Page) =>
    page
      .locator('script[type="application/ld+json"]')
      .evaluateAll((blocks) => blocks.map((b) => JSON.parse(b.textContent ?? '') as Record<string, unknown>));

  test('has Open Graph tags for link previews and a NewsArticle that the title cannot break out of', async ({
    page,
    request,
  }) => {
    const html = await (await request.get(path)).text();
    // The title's "</script>" is written escaped inside the data block.
    expect(html).not.toContain('</script>"');
    expect(html.match(/<\/script>/gu)).toHaveLength(2);
    await page.goto(path);
    await expect(page).toHaveTitle(new RegExp(`^${TITLE.replace(/[.*+?^${}()|[\]\\]/gu, '\\$&')} \\|`, 'u'));
    const og = (property: string) => page.locator(`meta[property="${property}"]`);
    await expect(og('og:url')).toHaveAttribute('content', shareUrl());
    await expect(og('og:type')).toHaveAttribute('content', 'article');
    await expect(og('og:image')).toHaveAttribute(
      'content',
      /^http:\/\/127\.0\.0\.1:\d+\/assets\/og-image-[\w-]+\.jpg$/u,
    );
    // The site's share picture, with its size and what it shows.
    await expect(og('og:image:width')).toHaveAttribute('content', '1200');
    await expect(og('og:image:height')).toHaveAttribute('content', '630');
    await expect(og('og:image:alt')).toHaveAttribute('content', /^Drawing of the Orbit College building/u);
    const [article] = await jsonLd(page);
    expect(article).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'NewsArticle',
      headline: TITLE,
      url: shareUrl(),
    });
    expect(Date.parse(String(article!.datePublished))).not.toBeNaN();
    expect(article!.dateModified).toBe(article!.datePublished);
  });

  test('the home page describes the college as an EducationalOrganization from its stored content', async ({
    page,
  }) => {
    await page.goto('/');
    const [org] = await jsonLd(page);
    expect(org).toMatchObject({
      '@type': 'EducationalOrganization',
      name: 'Orbit College',
      url: `${BASE_URL}/`,
      logo: `${BASE_URL}/favicon.svg`,
      address: { '@type': 'PostalAddress', addressCountry: 'NP' },
    });
    expect(String(org!.email)).toMatch(/@/u);
    expect((org!.telephone as string[]).length).toBeGreaterThan(0);
  });
});

test.describe('a printed notice', () => {
  test('shows the letterhead, the reference, the dates and a QR code, and no navigation, footer or share links', async ({
    page,
  }, testInfo) => {
    await page.goto(path);
    const qr = page.getByRole('img', { name: "QR code of this notice's address" });
    await expect(qr).toBeHidden();
    await expect(page.getByText('Check this notice at')).toBeHidden();
    await page.screenshot({ path: testInfo.outputPath(`notice-screen-${testInfo.project.name}.png`), fullPage: true });

    await page.emulateMedia({ media: 'print' });
    await expect(qr).toBeVisible();
    await expect(qr.locator('svg path').first()).toBeAttached();
    await expect(page.getByText(`Check this notice at ${BASE_URL}/notices/${notice.id}`)).toBeVisible();
    await expect(page.getByText(`Reference no.: ${REFERENCE}`).last()).toBeVisible();
    await expect(
      page.getByText(/^Published: \d{1,2} [A-Z][a-z]+ \d{4} B\.S\. \(\d{1,2} [A-Z][a-z]{2} \d{4}\)$/u),
    ).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Main' })).toBeHidden();
    await expect(page.getByRole('contentinfo')).toBeHidden();
    await expect(page.getByRole('region', { name: 'Share this notice' })).toBeHidden();
    const box = await qr.boundingBox();
    expect(box!.width).toBeGreaterThan(80);
    await page.screenshot({ path: testInfo.outputPath(`notice-print-${testInfo.project.name}.png`), fullPage: true });
  });
});

test.describe('the feed and the sitemap', () => {
  test('parse as XML and list the new notice; every public page names the feed', async ({ page }) => {
    await page.goto('/');
    await expect(page.locator('link[rel="alternate"][type="application/rss+xml"]')).toHaveAttribute('href', '/rss.xml');
    const parse = (url: string) =>
      page.evaluate(async (address) => {
        const res = await fetch(address);
        const doc = new DOMParser().parseFromString(await res.text(), 'application/xml');
        return {
          type: res.headers.get('content-type'),
          error: doc.querySelector('parsererror')?.textContent ?? null,
          titles: [...doc.querySelectorAll('item > title')].map((t) => t.textContent),
          locs: [...doc.getElementsByTagNameNS('http://www.sitemaps.org/schemas/sitemap/0.9', 'loc')].map(
            (l) => l.textContent,
          ),
        };
      }, url);
    const rss = await parse('/rss.xml');
    expect(rss.type).toBe('application/rss+xml; charset=utf-8');
    expect(rss.error).toBeNull();
    expect(rss.titles[0]).toBe(TITLE);
    const map = await parse('/sitemap.xml');
    expect(map.error).toBeNull();
    expect(map.locs).toContain(`${BASE_URL}/notices`);
    expect(map.locs).toContain(shareUrl());
  });
});
