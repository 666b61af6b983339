import { type Page, expect, test } from '@playwright/test';
import { BASE_URL } from './support/env.ts';
import { servedFontLoaded } from './support/served-font.ts';
import { signInByApi } from './support/pages.ts';

/** Real conjuncts: क्ष, त्र, ज्ञ, द्ध, ह्र, ट्ट and a reph (र्म). */
const CONJUNCTS = 'क्षमा त्रिभुवन ज्ञान शुद्ध ह्रस्व चट्टान धर्म';

const FONT_FILE = /\/assets\/noto-sans-devanagari-\d+-[\w-]+\.woff2$/u;

interface PlatformFont {
  familyName: string;
  isCustomFont: boolean;
  glyphCount: number;
}

/** The fonts Chromium drew a node's text with, and how many glyphs each drew (DevTools protocol). */
async function fontsUsedFor(page: Page, selector: string): Promise<PlatformFont[]> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('DOM.enable');
  await cdp.send('CSS.enable');
  const { root } = await cdp.send('DOM.getDocument', { depth: -1 });
  const { nodeId } = await cdp.send('DOM.querySelector', { nodeId: root.nodeId, selector });
  expect(nodeId, selector).toBeGreaterThan(0);
  const { fonts } = await cdp.send('CSS.getPlatformFontsForNode', { nodeId });
  await cdp.detach();
  return fonts;
}

test('an English page downloads no font file', async ({ page }) => {
  const fontRequests: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'font' || request.url().endsWith('.woff2')) fontRequests.push(request.url());
  });
  for (const path of ['/', '/notices', '/gallery', '/contact']) {
    await page.goto(path);
    // The font is in the page's stack (added after the first paint), yet nothing English asks for it.
    await expect(page.locator('html[data-fonts]')).toHaveCount(1);
    await page.evaluate(() => document.fonts.ready.then(() => undefined));
    // Everything laid out once, the bottom of the page included.
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await page.waitForLoadState('networkidle');
  }
  expect(fontRequests).toEqual([]);
});

test.describe('a Nepali notice', () => {
  let noticeId = '';

  test.beforeEach(async ({ page }) => {
    await signInByApi(page);
    const res = await page.request.post('/api/admin/notices', {
      headers: { origin: BASE_URL },
      data: { title: CONJUNCTS, description: `${CONJUNCTS}। परीक्षा सुरु हुन्छ।`, link: '' },
    });
    expect(res.status(), await res.text()).toBe(201);
    noticeId = ((await res.json()) as { id: string }).id;
  });

  test.afterEach(async ({ page }) => {
    const res = await page.request.delete(`/api/admin/notices/${noticeId}`, { headers: { origin: BASE_URL } });
    expect([200, 204]).toContain(res.status());
  });

  test('renders its conjuncts with the served font, from our origin with a year-long cache', async ({ page }) => {
    const fontResponses: { url: string; cacheControl: string; bytes: number }[] = [];
    page.on('response', async (response) => {
      if (!FONT_FILE.test(new URL(response.url()).pathname)) return;
      const body = await response.body();
      fontResponses.push({
        url: response.url(),
        cacheControl: response.headers()['cache-control'] ?? '',
        bytes: body.length,
      });
    });
    await page.goto('/notices');
    const title = page.getByRole('heading', { level: 2, name: CONJUNCTS });
    await expect(title).toBeVisible();
    await page.evaluate(() => document.fonts.ready.then(() => undefined));
    await servedFontLoaded(page, 700);

    // The title is Devanagari and spaces; the subset has no space, so only the spaces come from another font.
    await title.evaluate((el) => el.setAttribute('data-conjunct-test', ''));
    const fonts = await fontsUsedFor(page, '[data-conjunct-test]');
    const ours = fonts.filter((font) => font.isCustomFont && font.familyName === 'Noto Sans Devanagari');
    expect(ours, JSON.stringify(fonts)).toHaveLength(1);
    const spaces = CONJUNCTS.split(' ').length - 1;
    const others = fonts.filter((font) => !ours.includes(font)).reduce((n, font) => n + font.glyphCount, 0);
    expect(others, JSON.stringify(fonts)).toBeLessThanOrEqual(spaces);
    expect(ours[0]!.glyphCount).toBeGreaterThan(CONJUNCTS.replaceAll(' ', '').length / 2);

    expect(fontResponses.length).toBeGreaterThan(0);
    for (const font of fontResponses) {
      expect(new URL(font.url).origin).toBe(BASE_URL);
      expect(font.cacheControl).toBe('public, max-age=31536000, immutable');
      expect(font.bytes).toBeLessThanOrEqual(40 * 1024);
    }
  });
});

test.describe('a Nepali page', () => {
  test('asks for the font only after its first paint, so the font never delays it', async ({ page }) => {
    await page.goto('/ne');
    await expect(page.locator('html[data-fonts]')).toHaveCount(1);
    await servedFontLoaded(page, 400);
    const { paint, fonts } = await page.evaluate(() => ({
      paint: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? Number.NaN,
      fonts: performance
        .getEntriesByType('resource')
        .filter((entry) => entry.name.endsWith('.woff2'))
        .map((entry) => entry.startTime),
    }));
    expect(fonts.length).toBeGreaterThan(0);
    for (const start of fonts) expect(start).toBeGreaterThan(paint);
  });

  test('loads the font before using it, so its text is laid out once more and never restyled', async ({ page }) => {
    // Read the moment the site script marks the font done, before any later task could load a face.
    await page.addInitScript(() => {
      const seen = { stacks: [] as string[], faces: [] as string[] };
      (window as unknown as { fontSeen: typeof seen }).fontSeen = seen;
      const stack = () => getComputedStyle(document.documentElement).fontFamily;
      document.addEventListener('DOMContentLoaded', () => seen.stacks.push(stack()), { once: true });
      new MutationObserver(() => {
        if (!document.documentElement.hasAttribute('data-fonts')) return;
        seen.stacks.push(stack());
        seen.faces = [...document.fonts]
          .filter((f) => f.family.includes('Served'))
          .map((f) => `${f.weight} ${f.status}`);
      }).observe(document, { subtree: true, attributes: true, attributeFilter: ['data-fonts'] });
    });
    await page.goto('/ne/admission/apply');
    await expect(page.locator('html[data-fonts]')).toHaveCount(1);
    const seen = await page.evaluate(
      () => (window as unknown as { fontSeen: { stacks: string[]; faces: string[] } }).fontSeen,
    );
    expect(seen.faces.sort()).toEqual(['400 loaded', '700 loaded']);
    // The stack named the family from the first paint: registering it changed no element's style.
    expect(seen.stacks[0]).toMatch(/^"Site Devanagari Served", system-ui/u);
    expect(seen.stacks[1]).toBe(seen.stacks[0]);
    const fonts = await fontsUsedFor(page, 'h1');
    expect(fonts.some((font) => font.isCustomFont && font.familyName === 'Noto Sans Devanagari')).toBe(true);
  });

  test.describe('without JavaScript', () => {
    test.use({ javaScriptEnabled: false });

    test('has the font from the start', async ({ page }) => {
      const fontRequests: string[] = [];
      page.on('request', (request) => {
        if (FONT_FILE.test(new URL(request.url()).pathname)) fontRequests.push(request.url());
      });
      await page.goto('/ne');
      await page.waitForLoadState('networkidle');
      expect(fontRequests.length).toBeGreaterThan(0);
      await expect(page.locator('html[data-fonts]')).toHaveCount(0);
      const fonts = await fontsUsedFor(page, '.hero h1');
      expect(fonts.some((font) => font.isCustomFont && font.familyName === 'Noto Sans Devanagari')).toBe(true);
    });
  });
});
