import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';
import { type Page, type Response, expect, test } from '@playwright/test';
import { BASE_URL } from './support/env.ts';
import { waitForHydration } from './support/hydration.ts';
import { PUBLIC_PAGES } from './support/pages.ts';

// Budgets that do not depend on timing, so they can fail `npm test` without flaking: the bytes of the
// first load, where requests go, and image dimensions. Lighthouse's timings are in `npm run bench`.

/** 120 KB (of 1,024 bytes) of gzip-compressed JavaScript for the home page's first load. */
const HOME_FIRST_LOAD_JS_BUDGET = 120 * 1024;

interface FirstLoad {
  scripts: { url: string; gzipBytes: number }[];
  requests: string[];
}

/**
 * Opens `path` and records every request until the load event, and the scripts among them with their
 * gzip size (the server sends them uncompressed; a proxy or CDN in front of it compresses them).
 * Scripts fetched after the load event (the idle-time web-vitals reporter) are not the first load.
 */
async function firstLoad(page: Page, path: string, { sizes = true } = {}): Promise<FirstLoad> {
  const requests: string[] = [];
  const scriptResponses: Response[] = [];
  let loaded = false;
  page.on('request', (request) => {
    if (!loaded) requests.push(request.url());
  });
  page.on('response', (response) => {
    const type = response.request().resourceType();
    if (!loaded && (type === 'script' || /\.m?js(\?|$)/u.test(response.url()))) scriptResponses.push(response);
  });
  page.once('load', () => {
    loaded = true;
  });
  await page.goto(path, { waitUntil: 'load' });
  const scripts = await Promise.all(
    scriptResponses.map(async (r) => ({ url: r.url(), gzipBytes: sizes ? gzipSync(await r.body()).length : 0 })),
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

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

test.describe('budgets', () => {
  test('the first load of the home page is at most 120 KB of gzip JavaScript', async ({ page }) => {
    const { scripts } = await firstLoad(page, '/');
    const total = scripts.reduce((sum, s) => sum + s.gzipBytes, 0);
    const list = scripts.map((s) => `${new URL(s.url).pathname} ${kb(s.gzipBytes)}`).join('\n');
    test.info().annotations.push({ type: 'first-load JS of /', description: `${kb(total)} gzip` });
    expect(scripts.length).toBeGreaterThan(0);
    expect(total, `first-load JS of / is ${kb(total)} gzip:\n${list}`).toBeLessThanOrEqual(HOME_FIRST_LOAD_JS_BUDGET);
  });

  test('no public page loads an admin chunk', async ({ page }) => {
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

    for (const path of PUBLIC_PAGES.filter((p) => p !== '/login')) {
      const { scripts } = await firstLoad(page, path, { sizes: false });
      const loadedAdmin = scripts.map((s) => new URL(s.url).pathname).filter((p) => adminOnly.has(p));
      expect(loadedAdmin, `${path} loaded admin-only chunks`).toEqual([]);
    }
  });

  for (const path of PUBLIC_PAGES) {
    test(`${path} requests nothing from another host, and every image has a width and a height`, async ({ page }) => {
      const requests: string[] = [];
      page.on('request', (request) => requests.push(request.url()));
      await page.goto(path);
      await waitForHydration(page);
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
