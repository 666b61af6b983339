import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { type Page, type Response, expect, test } from '@playwright/test';
import { SITE_SCRIPT_LOADER } from '#common/site-script-loader.ts';
import { BASE_URL } from './support/env.ts';
import { waitForEnhancements, waitForPageScripts } from './support/hydration.ts';
import { PUBLIC_PAGES } from './support/pages.ts';

// Budgets that do not depend on timing, so they can fail `npm test` without flaking: the bytes of the
// first load, where requests go, and image dimensions. Lighthouse's timings are in `npm run bench`.

/**
 * 9 KiB (of 1,024 bytes) of JavaScript as transferred (compressed bodies and their response headers) for the
 * first load of a public page, the sampled web-vitals beacon included: less than the 9.1 KiB that
 * WordPress's default theme sends.
 */
const PUBLIC_FIRST_LOAD_JS_BUDGET = 9 * 1024;

/** The pages without the client runtime: every public page except the admin login. */
const SITE_PAGES = PUBLIC_PAGES.filter((p) => p !== '/login');

interface FirstLoad {
  scripts: { url: string; bytes: number }[];
  requests: string[];
}

/**
 * Opens `path` as a visit that is sampled for real-user measurement, and records every request and every
 * script with its transferred size (response headers and body as sent, compressed when the browser asks
 * for it), up to and including the web-vitals beacon that the site script loads once the page is idle.
 */
async function firstLoad(page: Page, path: string): Promise<FirstLoad> {
  await page.addInitScript(() => {
    Math.random = () => 0;
  });
  const requests: string[] = [];
  const scriptResponses: Response[] = [];
  page.on('request', (request) => requests.push(request.url()));
  page.on('response', (response) => {
    if (response.request().resourceType() === 'script') scriptResponses.push(response);
  });
  await page.goto(path, { waitUntil: 'load' });
  await waitForEnhancements(page);
  // The site script and, after the load event and once idle, the beacon.
  await expect.poll(() => scriptResponses.length).toBeGreaterThanOrEqual(2);
  await page.waitForLoadState('networkidle');
  const scripts = await Promise.all(
    scriptResponses.map(async (r) => {
      await r.finished();
      const sizes = await r.request().sizes();
      return { url: r.url(), bytes: sizes.responseHeadersSize + sizes.responseBodySize };
    }),
  );
  return { scripts, requests };
}

/**
 * Every route of the build and the chunks it needs, from React Router's manifest in the server build
 * (the page's own copy lists only the routes discovered so far).
 */
async function buildRoutes(): Promise<{ id: string; files: string[] }[]> {
  const serverBuild = path.resolve('build/server/index.js');
  const { assets } = (await import(pathToFileURL(serverBuild).href)) as {
    assets: { routes: Record<string, { module: string; imports?: string[] }> };
  };
  return Object.entries(assets.routes).map(([id, r]) => ({ id, files: [r.module, ...(r.imports ?? [])] }));
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(2)} KiB`;

test.describe('budgets', () => {
  for (const path of SITE_PAGES) {
    test(`the first load of ${path} is at most 9 KiB of JavaScript as transferred, the vitals beacon included`, async ({
      page,
    }) => {
      const { scripts } = await firstLoad(page, path);
      const total = scripts.reduce((sum, s) => sum + s.bytes, 0);
      const list = scripts.map((s) => `${new URL(s.url).pathname} ${kb(s.bytes)}`).join('\n');
      test
        .info()
        .annotations.push({ type: `first-load JS of ${path}`, description: `${kb(total)} transferred\n${list}` });
      expect(scripts.every((s) => new URL(s.url).origin === new URL(BASE_URL).origin)).toBe(true);
      expect(total, `first-load JS of ${path} is ${kb(total)}:\n${list}`).toBeLessThanOrEqual(
        PUBLIC_FIRST_LOAD_JS_BUDGET,
      );
    });
  }

  test('public pages carry no client runtime: no module preloads, no inline script, no nonce, no /__manifest', async ({
    page,
    request,
  }) => {
    // Every public page in turn: 27 s on a slow 2-core machine, near the default 30 s.
    test.setTimeout(90_000);
    for (const path of SITE_PAGES) {
      const html = await (await request.get(path)).text();
      expect(html, `${path} preloads modules`).not.toContain('modulepreload');
      expect(html, `${path} has a nonce`).not.toMatch(/\snonce=/u);
      // JSON-LD blocks are data for search engines, never executed.
      const scripts = (html.match(/<script\b[^>]*>/gu) ?? []).filter(
        (s) => s !== '<script type="application/ld+json">',
      );
      expect(scripts, `${path} scripts`).toHaveLength(1);
      // The one script is the loader of the site's own file (allowed by its hash, its text fixed).
      expect(scripts[0], `${path} script`).toMatch(/^<script data-src="\/assets\/site-script-[\w-]+\.js"/u);
      expect(html, `${path} loader`).toContain(`>${SITE_SCRIPT_LOADER}</script>`);
      // Their CSS travels in the head, so the first paint waits for no stylesheet request.
      expect(html, `${path} links a stylesheet`).not.toMatch(/<link[^>]*rel="stylesheet"/u);
      expect(html.slice(0, html.indexOf('</head>')), `${path} styles in the head`).toMatch(
        /<style data-precedence="page" data-href="app site\b/u,
      );

      const { requests } = await firstLoad(page, path);
      expect(requests.filter((url) => new URL(url).pathname.startsWith('/__manifest'))).toEqual([]);
    }
  });

  test('the site script is fetched after the first paint, and the page is enhanced', async ({ page }) => {
    for (const path of SITE_PAGES) {
      await page.goto(path);
      await expect(page.locator('html')).toHaveAttribute('data-enhanced', '');
      const { paint, script } = await page.evaluate(() => ({
        paint: performance.getEntriesByName('first-paint')[0]?.startTime ?? Number.NaN,
        script: performance.getEntriesByType('resource').find((e) => /\/site-script-[\w-]+\.js$/u.test(e.name))
          ?.startTime,
      }));
      expect(script, `${path} fetched its script`).toBeDefined();
      expect(script!, path).toBeGreaterThan(paint);
    }
  });

  test('a page visited again (the browser revalidates it: 304) keeps its styles and its script', async ({ page }) => {
    // Read once the site script has put the served font into the stack (after the first paint).
    const styled = async () => {
      await expect(page.locator('html')).toHaveAttribute('data-fonts', '');
      return page.evaluate(() => getComputedStyle(document.body).fontFamily);
    };
    await page.goto('/notices');
    const first = await styled();
    expect(first).toContain('system-ui');
    const again = await page.goto('/notices');
    expect(again?.status()).toBe(200);
    expect(await styled()).toBe(first);
    await expect(page.locator('html')).toHaveAttribute('data-enhanced', '');
  });

  test("a notice's own page is a public page like the others: no client runtime, its CSS in the head, at most 9 KiB of JavaScript", async ({
    page,
    request,
  }) => {
    const list = await (await request.get('/notices')).text();
    const path = /href="(\/notices\/[0-9a-f-]{36}[^"]*)"/u.exec(list)?.[1];
    expect(path, 'a notice link on /notices').toBeTruthy();
    const html = await (await request.get(path!)).text();
    expect(html).not.toContain('modulepreload');
    expect(html).not.toMatch(/\snonce=/u);
    expect(html).not.toMatch(/<link[^>]*rel="stylesheet"/u);
    expect(html.slice(0, html.indexOf('</head>'))).toMatch(/<style data-precedence="page" data-href="app site\b/u);
    const { scripts } = await firstLoad(page, path!);
    expect(scripts.reduce((sum, s) => sum + s.bytes, 0)).toBeLessThanOrEqual(PUBLIC_FIRST_LOAD_JS_BUDGET);
  });

  test('no public page loads an admin chunk', async ({ page }) => {
    // Every public page opened in turn, each until its network is idle: 27-31 s on a slow 2-core machine.
    test.setTimeout(90_000);
    const routes = await buildRoutes();
    const isAdmin = (id: string) => id.startsWith('routes/admin/') || id === 'routes/login';
    const publicFiles = new Set(routes.filter((r) => !isAdmin(r.id)).flatMap((r) => r.files));
    const adminOnly = new Set(
      routes
        .filter((r) => isAdmin(r.id))
        .flatMap((r) => r.files)
        .filter((f) => !publicFiles.has(f)),
    );
    expect(adminOnly.size).toBeGreaterThan(0);

    for (const path of SITE_PAGES) {
      const { scripts } = await firstLoad(page, path);
      const loadedAdmin = scripts.map((s) => new URL(s.url).pathname).filter((p) => adminOnly.has(p));
      expect(loadedAdmin, `${path} loaded admin-only chunks`).toEqual([]);
    }
  });

  for (const path of PUBLIC_PAGES) {
    test(`${path} requests nothing from another host, and every image has a width and a height`, async ({ page }) => {
      const requests: string[] = [];
      page.on('request', (request) => requests.push(request.url()));
      await page.goto(path);
      await waitForPageScripts(page);
      await page.waitForLoadState('networkidle');
      const origin = new URL(BASE_URL).origin;
      const elsewhere = requests.filter((url) => /^https?:/u.test(url) && new URL(url).origin !== origin);
      expect(elsewhere, `requests from ${path} to other hosts`).toEqual([]);

      const withoutSize = await page
        .locator('img')
        .evaluateAll((imgs) =>
          imgs
            .filter((img) => !(img.getAttribute('width') && img.getAttribute('height')))
            .map((img) => img.outerHTML.slice(0, 160)),
        );
      expect(withoutSize, `images on ${path} without width and height`).toEqual([]);
    });
  }
});
