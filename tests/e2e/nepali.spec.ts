import { type Page, expect, test } from '@playwright/test';
import { BASE_URL } from './support/env.ts';
import { servedFontLoaded } from './support/served-font.ts';
import { signInByApi } from './support/pages.ts';

// The public site in Nepali under /ne: the address alone decides the language.

/** Opens the phone menu where the navigation bar is folded into it, so its links can be followed. */
async function openNavigation(page: Page): Promise<void> {
  const menuButton = page.locator('button[data-menu-button]');
  if (await menuButton.isVisible()) await menuButton.click();
}

/** Follows a navigation link by its name, from the bar or the phone menu. */
async function followNav(page: Page, name: string): Promise<void> {
  await openNavigation(page);
  const header = page.locator('header.site-header');
  await header.getByRole('link', { name, exact: true }).locator('visible=true').first().click();
}

test('switches to Nepali on the home page, walks the Nepali pages, and back to the same page in English @phone', async ({
  page,
}) => {
  await page.goto('/');
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await openNavigation(page);
  const toNepali = page.locator('header a.language-link').locator('visible=true');
  await expect(toNepali).toHaveText('नेपाली');
  await expect(toNepali).toHaveAttribute('lang', 'ne');
  await expect(toNepali).toHaveAttribute('hreflang', 'ne');
  await toNepali.click();

  await expect(page).toHaveURL(`${BASE_URL}/ne`);
  await expect(page.locator('html')).toHaveAttribute('lang', 'ne');
  await expect(page.getByRole('heading', { name: 'हाम्रा पाठ्यक्रमहरू' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: /^भर्ना (सोधपुछ|खुला)$/u })).toBeVisible();

  await followNav(page, 'सूचना');
  await expect(page).toHaveURL(`${BASE_URL}/ne/notices`);
  await expect(page.getByRole('heading', { level: 1, name: 'सूचनाहरू' })).toBeVisible();

  await followNav(page, 'ग्यालेरी');
  await expect(page).toHaveURL(`${BASE_URL}/ne/gallery`);
  await expect(page.getByRole('heading', { level: 1, name: 'अर्बिटको जीवन' })).toBeVisible();

  await followNav(page, 'सम्पर्क');
  await expect(page).toHaveURL(`${BASE_URL}/ne/contact`);
  await expect(page.getByRole('heading', { level: 1, name: 'हामीलाई सम्पर्क गर्नुहोस्' })).toBeVisible();
  await expect(page.getByLabel('पहिलो नाम', { exact: true })).toBeVisible();

  await openNavigation(page);
  const toEnglish = page.locator('header a.language-link').locator('visible=true');
  await expect(toEnglish).toHaveText('English');
  await expect(toEnglish).toHaveAttribute('hreflang', 'en');
  await toEnglish.click();
  await expect(page).toHaveURL(`${BASE_URL}/contact`);
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await expect(page.getByRole('heading', { level: 1, name: 'Contact us' })).toBeVisible();
});

test('the language link keeps the page and its query', async ({ page }) => {
  await page.goto('/ne/notices?category=examination');
  await expect(page.getByRole('link', { name: 'परीक्षा' })).toHaveAttribute('aria-current', 'page');
  await expect(page.locator('header a.language-link').first()).toHaveAttribute('href', '/notices?category=examination');
  await page.goto('/gallery?page=1');
  await expect(page.locator('header a.language-link').first()).toHaveAttribute('href', '/ne/gallery?page=1');
});

test.describe('server HTML', () => {
  test('the Nepali home page is Nepali without JavaScript, with its language links', async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto('/ne');
    await expect(page.locator('html')).toHaveAttribute('lang', 'ne');
    // The bar's links (folded into the phone menu on a phone) are in the HTML in Nepali.
    await expect(page.locator('nav[aria-label="मुख्य"] a', { hasText: 'गृहपृष्ठ' })).toHaveCount(1);
    await expect(page.getByRole('heading', { name: 'पछिल्ला सूचनाहरू' })).toBeVisible();
    await expect(page.locator('footer')).toContainText('फोन गर्नुहोस् वा लेख्नुहोस्');
    await context.close();
  });

  test('every page links to itself in both languages, English the default, and its canonical address', async ({
    request,
  }) => {
    for (const [path, english, nepali] of [
      ['/', '/', '/ne'],
      ['/ne', '/', '/ne'],
      ['/ne/notices?page=1', '/notices?page=1', '/ne/notices?page=1'],
      ['/gallery', '/gallery', '/ne/gallery'],
      ['/ne/contact', '/contact', '/ne/contact'],
    ] as const) {
      const html = await (await request.get(path)).text();
      expect(html, path).toContain(`<link rel="alternate" hrefLang="en" href="${BASE_URL}${english}"/>`);
      expect(html, path).toContain(`<link rel="alternate" hrefLang="ne" href="${BASE_URL}${nepali}"/>`);
      expect(html, path).toContain(`<link rel="alternate" hrefLang="x-default" href="${BASE_URL}${english}"/>`);
      expect(html, path).toContain(`<link rel="canonical" href="${BASE_URL}${path}"/>`);
    }
  });

  test('the render cache keeps the languages apart', async ({ request }) => {
    for (let round = 0; round < 2; round++) {
      for (const [path, lang, heading] of [
        ['/notices', 'en', '<h1>Notices</h1>'],
        ['/ne/notices', 'ne', '<h1>सूचनाहरू</h1>'],
      ] as const) {
        const response = await request.get(path);
        expect(response.status()).toBe(200);
        const html = await response.text();
        expect(html, `${path} round ${round}`).toContain(`<html lang="${lang}"`);
        expect(html, `${path} round ${round}`).toContain(heading);
      }
    }
  });

  test('an unknown Nepali address gets the Nepali 404 page', async ({ request }) => {
    const response = await request.get('/ne/no-such-page');
    expect(response.status()).toBe(404);
    const html = await response.text();
    expect(html).toContain('<html lang="ne"');
    expect(html).toContain('पृष्ठ भेटिएन');
  });
});

test.describe('the Nepali contact form', () => {
  for (const javaScriptEnabled of [false, true]) {
    test(`answers an empty field in Nepali on /ne/contact (JavaScript ${javaScriptEnabled ? 'on' : 'off'})`, async ({
      browser,
    }) => {
      const context = await browser.newContext({ javaScriptEnabled });
      const page = await context.newPage();
      await page.goto('/ne/contact');
      await page.getByLabel('थर', { exact: true }).fill('श्रेष्ठ');
      await page.getByRole('button', { name: 'सन्देश पठाउनुहोस्' }).click();
      await expect(page).toHaveURL(`${BASE_URL}/ne/contact`);
      await expect(page.getByRole('alert')).toHaveText('कृपया चिन्ह लगाइएका विवरण सच्याउनुहोस्।');
      await expect(page.locator('main')).toContainText('पहिलो नाम आवश्यक छ।');
      await expect(page.getByLabel('थर', { exact: true })).toHaveValue('श्रेष्ठ');
      await context.close();
    });
  }

  test("answers the service's refusals in Nepali: a form sent back at once, a form it did not make", async ({
    request,
  }) => {
    const fields = {
      first_name: 'सीता',
      last_name: 'श्रेष्ठ',
      phone: '9800000000',
      email: 'sita@example.com',
      subject: 'भर्ना',
      message: 'कक्षा ११ को भर्नाबारे जानकारी चाहियो।',
    };
    const form = await (await request.get('/ne/contact')).text();
    const formToken = /name="form_token" value="([^"]+)"/u.exec(form)?.[1] ?? '';
    const atOnce = await request.post('/ne/contact', {
      headers: { origin: BASE_URL },
      form: { ...fields, form_token: formToken },
    });
    expect(atOnce.status()).toBe(400);
    const html = await atOnce.text();
    expect(html).toContain('कृपया पठाउनुअघि फारम भर्न केही समय लिनुहोस्।');
    expect(html).not.toContain('Please take a moment');
    expect(html).toContain('value="सीता"');

    const madeUp = await request.post('/ne/contact', {
      headers: { origin: BASE_URL },
      form: { ...fields, form_token: 'made.up.token' },
    });
    expect(madeUp.status()).toBe(400);
    expect(await madeUp.text()).toContain('यो फारम जाँच गर्न सकिएन।');
  });

  test('the English form keeps its English messages', async ({ page }) => {
    await page.goto('/contact');
    await page.getByRole('button', { name: 'Send message' }).click();
    await expect(page.getByRole('alert')).toHaveText('Please correct the marked fields.');
    await expect(page.locator('main')).toContainText('First name is required.');
  });
});

test('an English page downloads no Devanagari font, its language link included @phone', async ({ page }) => {
  const fonts: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'font' || request.url().endsWith('.woff2')) fonts.push(request.url());
  });
  await page.goto('/notices');
  await openNavigation(page);
  // The word is drawn as an outline of the served font (no system font needed), and named by its text.
  const link = page.locator('header a.language-link').locator('visible=true');
  await expect(link).toHaveAccessibleName('नेपाली');
  await expect(link).toHaveAttribute('lang', 'ne');
  const outline = link.locator('svg.nepali-word');
  await expect(outline).toBeVisible();
  await expect(outline).toHaveAttribute('aria-hidden', 'true');
  const box = await outline.boundingBox();
  // About 2.6 times as wide as high, at the size of the link's text (16 px).
  expect(box?.width).toBeGreaterThan(35);
  expect(box?.height).toBeGreaterThan(12);
  await expect(page.locator('html[data-fonts]')).toHaveCount(1);
  await page.evaluate(() => document.fonts.ready.then(() => undefined));
  await page.waitForLoadState('networkidle');
  expect(fonts).toEqual([]);
});

test.describe("the college's texts on Nepali pages", () => {
  test('are the default Nepali ones until the office changes them', async ({ page }) => {
    await page.goto('/ne');
    const hero = page.locator('.hero');
    await expect(hero.getByRole('heading', { level: 1 })).toHaveText('आफ्नो भविष्यको ढोका खोल्नुहोस्');
    await expect(hero.getByRole('heading', { level: 1 })).not.toHaveAttribute('lang', 'en');
    await expect(page.getByRole('heading', { name: 'विशुद्ध विज्ञान' })).toBeVisible();
    await expect(page.locator('footer')).toContainText('भरतपुर-०५, विकास चोक');
  });

  test('show the English of a text the office saved without Nepali, marked as English', async ({ page }) => {
    await signInByApi(page);
    const url = '/api/admin/content/college';
    const college = (await (await page.request.get(url)).json()) as Record<string, unknown> & { version: number };
    const save = async (data: Record<string, unknown>) => {
      const res = await page.request.put(url, { headers: { origin: BASE_URL }, data });
      expect(res.status(), await res.text()).toBe(200);
      return ((await res.json()) as { version: number }).version;
    };
    const version = await save({ ...college, headline: { en: 'Your future starts here', ne: '' } });
    try {
      await page.goto('/ne');
      const headline = page.locator('.hero').getByRole('heading', { level: 1 });
      await expect(headline).toHaveText('Your future starts here');
      await expect(headline).toHaveAttribute('lang', 'en');
    } finally {
      await save({ ...college, version });
    }
  });
});

test.describe('a notice written in Nepali', () => {
  /** Real conjuncts: क्ष, त्र, ज्ञ, द्ध, ह्र, ट्ट and a reph (र्म). */
  const CONJUNCTS = 'क्षमा त्रिभुवन ज्ञान शुद्ध ह्रस्व चट्टान धर्म';
  let noticeId = '';

  test.beforeEach(async ({ page }) => {
    await signInByApi(page);
    const res = await page.request.post('/api/admin/notices', {
      headers: { origin: BASE_URL },
      data: { title: CONJUNCTS, description: `${CONJUNCTS}। परीक्षा सुरु हुन्छ।`, language: 'ne' },
    });
    expect(res.status(), await res.text()).toBe(201);
    noticeId = ((await res.json()) as { id: string }).id;
  });

  test.afterEach(async ({ page }) => {
    const res = await page.request.delete(`/api/admin/notices/${noticeId}`, { headers: { origin: BASE_URL } });
    expect([200, 204]).toContain(res.status());
  });

  test('carries lang="ne" on both sites and renders its conjuncts in the served font on /ne/notices', async ({
    page,
  }) => {
    await page.goto('/notices');
    await expect(page.locator('article.notice-card', { hasText: CONJUNCTS })).toHaveAttribute('lang', 'ne');
    await page.goto('/ne/notices');
    const card = page.locator('article.notice-card', { hasText: CONJUNCTS });
    await expect(card).toHaveAttribute('lang', 'ne');
    await expect(card.locator('time')).toHaveText(/^[०-९]+ [^\s]+ [०-९]{4} \([०-९]+ [^\s]+ [०-९]{4}\)$/u);
    await page.evaluate(() => document.fonts.ready.then(() => undefined));
    await servedFontLoaded(page, 700);

    const title = card.getByRole('heading', { name: CONJUNCTS });
    await title.evaluate((el) => el.setAttribute('data-conjunct-test', ''));
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('DOM.enable');
    await cdp.send('CSS.enable');
    const { root } = await cdp.send('DOM.getDocument', { depth: -1 });
    const { nodeId } = await cdp.send('DOM.querySelector', { nodeId: root.nodeId, selector: '[data-conjunct-test]' });
    const { fonts } = await cdp.send('CSS.getPlatformFontsForNode', { nodeId });
    await cdp.detach();
    const ours = fonts.filter((font) => font.isCustomFont && font.familyName === 'Noto Sans Devanagari');
    expect(ours, JSON.stringify(fonts)).toHaveLength(1);
    // Only the spaces (not in the subset) may come from another font.
    const others = fonts.filter((font) => !ours.includes(font)).reduce((n, font) => n + font.glyphCount, 0);
    expect(others, JSON.stringify(fonts)).toBeLessThanOrEqual(CONJUNCTS.split(' ').length - 1);
  });
});
