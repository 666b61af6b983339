import fs from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WORDPRESS_FIXTURE } from '#server/test-support/wordpress-fixture.ts';
import { type WxrEntry, type WxrItem, readWxr } from './wxr-reader.ts';

/** A real WordPress's export (tests/fixtures/wordpress/README.md says how it was made and what it holds). */
const EXPORT = path.join(WORDPRESS_FIXTURE, 'export.xml');

let dir: string;
beforeAll(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'orbit-wxr-'));
});
afterAll(() => fs.rm(dir, { recursive: true, force: true }));

async function fileWith(name: string, text: string | Buffer): Promise<string> {
  const file = path.join(dir, name);
  await fs.writeFile(file, text);
  return file;
}

async function readAll(file: string): Promise<WxrEntry[]> {
  const entries: WxrEntry[] = [];
  for await (const entry of readWxr(file)) entries.push(entry);
  return entries;
}

const NOT_WXR = /not a WordPress export \(WXR\)/u;
const WP = 'xmlns:wp="http://wordpress.org/export/1.2/"';

describe("readWxr on WordPress's own export", () => {
  let entries: WxrEntry[];
  let items: WxrItem[];
  beforeAll(async () => {
    entries = await readAll(EXPORT);
    items = entries.flatMap((e) => (e.kind === 'item' ? [e.item] : []));
  });

  it('yields the channel first, with the WXR version and the site address', () => {
    expect(entries[0]).toMatchObject({ kind: 'channel', channel: { wxrVersion: '1.2' } });
    expect(entries.filter((e) => e.kind === 'channel')).toHaveLength(1);
  });

  it('reads what the fixture README counts: posts, pages, attachments, menu items, categories', () => {
    const count = (type: string, status?: string) =>
      items.filter((i) => i.postType === type && (status === undefined || i.status === status)).length;
    expect(count('post', 'publish')).toBe(14);
    expect(['draft', 'private', 'trash'].map((status) => count('post', status))).toEqual([1, 1, 1]);
    expect([count('page', 'publish'), count('page', 'draft')]).toEqual([4, 1]);
    expect(count('attachment')).toBe(25);
    expect(items.filter((i) => i.postType === 'attachment' && i.parentId > 0)).toHaveLength(24);
    expect(count('nav_menu_item')).toBe(7);
    const byExtension: Record<string, number> = {};
    for (const a of items.filter((i) => i.postType === 'attachment')) {
      const ext = a.meta._wp_attached_file!.split('.').pop()!.toLowerCase();
      byExtension[ext] = (byExtension[ext] ?? 0) + 1;
    }
    expect(byExtension).toEqual({ jpg: 14, png: 2, pdf: 8, docx: 1 });
    const categories = entries.flatMap((e) => (e.kind === 'category' ? [e.category.slug] : []));
    expect(categories.sort()).toEqual(['admission', 'events', 'exam', 'uncategorized']);
    const sticky = items.filter((i) => i.sticky).map((i) => i.title);
    expect(sticky).toEqual(['Admission open for Grade 11 (2083)']);
    const nepali = items.find((i) => i.title === 'सरस्वती पूजा कार्यक्रम');
    expect(nepali?.content).toContain('सरस्वती');
    expect(nepali?.dateGmt).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/u);
  });

  it('reads every item with its type, status, ids and fields', () => {
    expect(items.length).toBeGreaterThan(0);
    for (const item of items) {
      expect(item.id).toBeGreaterThan(0);
      expect(item.postType).not.toBe('');
      expect(item.guid).not.toBe('');
    }
    const attachments = items.filter((i) => i.postType === 'attachment');
    expect(attachments.length).toBeGreaterThan(0);
    for (const a of attachments) {
      expect(a.attachmentUrl).toMatch(/\/wp-content\/uploads\//u);
      expect(a.meta._wp_attached_file).toBeTruthy();
    }
  });

  it('refuses the same export cut short, with a message saying so', async () => {
    const whole = await fs.readFile(EXPORT);
    const cut = await fileWith('cut.xml', whole.subarray(0, Math.floor(whole.length / 2)));
    await expect(readAll(cut)).rejects.toThrow(/cut short/u);
  });
});

describe('readWxr on files that are not exports', () => {
  it('refuses an RSS feed that is not a WordPress export, an HTML page and a picture', async () => {
    const feed = await fileWith(
      'feed.xml',
      '<?xml version="1.0"?><rss version="2.0"><channel><title>x</title></channel></rss>',
    );
    const page = await fileWith('page.html', '<!doctype html><html><body>Hello</body></html>');
    const picture = await fileWith('photo.jpg', Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 16, 74, 70, 73, 70]));
    const html = await fileWith('page.xml', '<html><body>Hello</body></html>');
    for (const file of [feed, page, picture, html]) await expect(readAll(file), file).rejects.toThrow(NOT_WXR);
  });

  it('refuses entity expansion (a "billion laughs") at its DOCTYPE, before expanding anything', async () => {
    const laughs = Array.from({ length: 9 }, (_, i) =>
      i === 0 ? '<!ENTITY lol0 "lol">' : `<!ENTITY lol${i} "${`&lol${i - 1};`.repeat(10)}">`,
    ).join('');
    const file = await fileWith(
      'laughs.xml',
      `<?xml version="1.0"?><!DOCTYPE rss [${laughs}]><rss ${WP}><channel><title>&lol8;</title></channel></rss>`,
    );
    const started = Date.now();
    await expect(readAll(file)).rejects.toThrow(/DOCTYPE.*refused/u);
    expect(Date.now() - started).toBeLessThan(1000);
  });

  it('refuses an external entity without fetching it', async () => {
    let requests = 0;
    const server = http.createServer((_req, res) => {
      requests += 1;
      res.end('<wp:wxr_version>1.2</wp:wxr_version>');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    try {
      const file = await fileWith(
        'external.xml',
        `<?xml version="1.0"?><!DOCTYPE rss [<!ENTITY x SYSTEM "http://127.0.0.1:${port}/x">` +
          `<!ENTITY y SYSTEM "file:///etc/passwd">]><rss ${WP}><channel>&x;&y;</channel></rss>`,
      );
      await expect(readAll(file)).rejects.toThrow(/DOCTYPE/u);
      // And an entity used without any declaration is an error, not a look-up.
      const undeclared = await fileWith('undeclared.xml', `<rss ${WP}><channel><title>&x;</title></channel></rss>`);
      await expect(readAll(undeclared)).rejects.toThrow(/not well-formed XML/u);
      expect(requests).toBe(0);
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });
});
