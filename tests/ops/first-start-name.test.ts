/**
 * `npm run setup -- --name` writes COLLEGE_NAME into the environment file: a new site is named so on its first
 * start (its Nepali pages show the English name until the office types a Nepali one), with --start-empty none
 * of the demo's texts either, and a later start with another COLLEGE_NAME changes nothing: after the first
 * start the name is the College page's.
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { type ServerProcess, startServer } from './server-process.ts';

const NAME = 'Shree Janata Model College';
let dataDir = '';
let server: ServerProcess | undefined;

afterAll(async () => {
  await server?.stop();
  if (dataDir) await fs.rm(dataDir, { recursive: true, force: true });
});

const page = async (url: string) => {
  const res = await fetch(`${server!.url}${url}`);
  expect(res.status).toBe(200);
  return res.text();
};

it('names a new site on its first start only', async () => {
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'orbit-first-name-'));
  // As `npm run setup -- --name … --start-empty` leaves it: named, and none of the demo's texts either.
  server = await startServer({ DATA_DIR: dataDir, COLLEGE_NAME: NAME, SEED_DEMO: 'false' });
  for (const url of ['/', '/ne', '/contact', '/ne/contact']) {
    const html = await page(url);
    expect(html, url).toMatch(new RegExp(`<title>[^<]*${NAME}[^<]*</title>`, 'u'));
    expect(html, url).not.toMatch(/orbit|ओर्बिट|अर्बिट|bharatpur|भरतपुर|chitwan|चितवन/iu);
  }
  expect(await server.stop()).toBe(0);

  server = await startServer({ DATA_DIR: dataDir, COLLEGE_NAME: 'Another Name College' });
  const html = await page('/');
  expect(html).toContain(NAME);
  expect(html).not.toContain('Another Name College');
}, 240_000);
