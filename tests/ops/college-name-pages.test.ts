/**
 * The staff's pages (sign-in, forgotten password, a welcome link, every admin page the menu opens) name the
 * college by the name saved on the admin's College page, on the built server: nothing says the demo college's
 * name once it is renamed. The demo's content is not seeded (SEED_DEMO=false); the College page's form holds
 * the demo's other default texts (its motto, its address), so admin pages are checked by their title and the
 * menu's brand, and the three pages without the admin frame by all the text they show.
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_EMAIL, ADMIN_PASSWORD, type ServerProcess, sameOrigin, signIn, startServer } from './server-process.ts';

const NEW_NAME = { en: 'Himalaya Model College', ne: 'हिमालय मोडेल कलेज' };
const OLD_NAME = /orbit|अर्बिट/iu;

let server: ServerProcess;
let cookie: string;
let dataDir: string;

beforeAll(async () => {
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'orbit-college-name-'));
  server = await startServer({ DATA_DIR: dataDir, ADMIN_EMAIL, ADMIN_PASSWORD });
  cookie = await signIn(server);
  const read = await fetch(`${server.url}/api/admin/content/college`, { headers: { cookie } });
  const { updatedAt: _updatedAt, ...college } = (await read.json()) as Record<string, unknown>;
  const saved = await fetch(`${server.url}/api/admin/content/college`, {
    method: 'PUT',
    headers: { ...sameOrigin(server), cookie, 'content-type': 'application/json' },
    body: JSON.stringify({ ...college, name: NEW_NAME }),
  });
  expect(saved.status, await saved.clone().text()).toBe(200);
});
afterAll(async () => {
  expect(await server?.stop()).toBe(0);
  await fs.rm(dataDir, { recursive: true, force: true });
});

async function page(pagePath: string, headers: Record<string, string> = {}): Promise<string> {
  const res = await fetch(`${server.url}${pagePath}`, { headers, redirect: 'manual' });
  expect(res.status, pagePath).toBe(200);
  return res.text();
}

const titleOf = (html: string) => /<title>([^<]*)<\/title>/u.exec(html)?.[1] ?? '';
/** What a reader sees: the page without its scripts (the loader data), styles (font names) and tags. */
const shownText = (html: string) =>
  html
    .replace(/<script[\s\S]*?<\/script>/gu, '')
    .replace(/<style[\s\S]*?<\/style>/gu, '')
    .replace(/<[^>]+>/gu, ' ');

describe('the staff pages of a renamed college', () => {
  it('sign-in, forgotten password and a welcome link: titled and worded with the new name, never the old', async () => {
    const added = await fetch(`${server.url}/api/admin/staff`, {
      method: 'POST',
      headers: { ...sameOrigin(server), cookie, 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Gita', email: 'gita@college.test', role: 'editor' }),
    });
    expect(added.status).toBe(201);
    const { link } = (await added.json()) as { link: { path: string } };
    const pages: [string, string][] = [
      ['/login', `Admin login | ${NEW_NAME.en}`],
      ['/login/forgot', `Forgot your password? | ${NEW_NAME.en}`],
      [link.path, `Set your password | ${NEW_NAME.en}`],
    ];
    for (const [pagePath, title] of pages) {
      const html = await page(pagePath);
      expect(titleOf(html), pagePath).toBe(title);
      expect(shownText(html), pagePath).not.toMatch(OLD_NAME);
    }
    expect(shownText(await page('/login'))).toContain(`${NEW_NAME.en} staff only.`);
    expect(shownText(await page(link.path))).toContain(`${NEW_NAME.en} admin`);
  });

  it('every admin page the menu opens: its title ends with the new name and the menu is branded with it', async () => {
    const home = await page('/admin', { cookie });
    const menu = home.slice(
      home.indexOf('<nav class="admin-menu"'),
      home.indexOf('</nav>', home.indexOf('admin-menu')),
    );
    const links = [...new Set([...menu.matchAll(/href="(\/admin[^"?#]*)"/gu)].map((m) => m[1]!))];
    expect(links.length).toBeGreaterThan(10);
    for (const pagePath of ['/admin', ...links]) {
      const html = await page(pagePath, { cookie });
      expect(titleOf(html), pagePath).toMatch(
        new RegExp(`\\| Admin \\| ${NEW_NAME.en}$|^Admin \\| ${NEW_NAME.en}$`, 'u'),
      );
      expect(titleOf(html), pagePath).not.toMatch(OLD_NAME);
      expect(html, pagePath).toContain(`<a class="admin-menu__brand" href="/">${NEW_NAME.en}</a>`);
    }
  });

  it('the API describes itself under the new name', async () => {
    const res = await fetch(`${server.url}/api/docs`, { headers: { cookie } });
    expect(((await res.json()) as { info: { title: string } }).info.title).toBe(`${NEW_NAME.en} API`);
  });
});
