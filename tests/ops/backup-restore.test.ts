/**
 * `npm run backup` on a running embedded install (SQLite + uploads) while it takes writes, then
 * `npm run restore` into a fresh DATA_DIR, and a server started on the copy serves the same content.
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Image } from '#common/image.ts';
import { buildImage } from '#server/test-support/factories.ts';
import { runScript } from './run-script.ts';
import {
  ADMIN_EMAIL,
  ADMIN_PASSWORD,
  type ServerProcess,
  getJson,
  sameOrigin,
  signIn,
  startServer,
  uploadImage,
} from './server-process.ts';

interface Notice {
  id: string;
  title: string;
}

let root: string;
let original: ServerProcess;
let cookie: string;
const servers: ServerProcess[] = [];

beforeAll(async () => {
  root = await fs.mkdtemp(path.join(os.tmpdir(), 'orbit-backup-test-'));
  // An embedded install with the demo content (notices, featured and gallery photos) and an admin.
  original = await startServer({ DATA_DIR: path.join(root, 'live'), SEED_DEMO: 'true', ADMIN_EMAIL, ADMIN_PASSWORD });
  servers.push(original);
  cookie = await signIn(original);
  expect((await uploadImage(original, cookie, 'gallery', await buildImage({ width: 700, height: 500 }))).status).toBe(
    201,
  );
});

afterAll(async () => {
  await Promise.all(servers.map((s) => s.stop()));
  await fs.rm(root, { recursive: true, force: true });
});

const postNotice = (title: string) =>
  fetch(`${original.url}/api/admin/notices`, {
    method: 'POST',
    headers: { ...sameOrigin(original), cookie, 'content-type': 'application/json' },
    body: JSON.stringify({ title, description: 'Written while the backup was being taken.' }),
  });

const lists = async (server: ServerProcess) => ({
  notices: (await getJson<{ notices: Notice[] }>(server, '/api/notices')).notices,
  featured: (await getJson<{ images: Image[] }>(server, '/api/images?folder=featured')).images,
  gallery: (await getJson<{ images: Image[] }>(server, '/api/images?folder=gallery')).images,
});

describe('backup and restore of an embedded install', () => {
  const archive = () => path.join(root, 'orbit-backup.tar.gz');

  it('takes a consistent backup from the running server while notices are being written', async () => {
    let writing = true;
    let written = 0;
    const writer = (async () => {
      while (writing) {
        expect((await postNotice(`During backup ${++written}`)).status).toBe(201);
      }
    })();
    const result = await runScript('backup', ['--out', archive()], { DATA_DIR: path.join(root, 'live') });
    writing = false;
    await writer;
    expect(result.stderr).not.toMatch(/error/iu);
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toMatch(/Backup written: .*orbit-backup\.tar\.gz/u);
    expect(written).toBeGreaterThan(0);
  });

  it('refuses to restore into a folder that is not empty, and leaves it alone', async () => {
    const live = path.join(root, 'live');
    const before = await fs.readdir(live);
    const result = await runScript('restore', [archive()], { DATA_DIR: live });
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('is not empty');
    expect(await fs.readdir(live)).toEqual(before);
  });

  it('restores into a fresh folder, and a server there serves the same notices, images and admin', async () => {
    const copy = path.join(root, 'restored');
    const result = await runScript('restore', [archive()], { DATA_DIR: copy });
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toContain(`Restored ${archive()}`);

    const restored = await startServer({ DATA_DIR: copy });
    servers.push(restored);
    const [was, now] = [await lists(original), await lists(restored)];

    // Images did not change during the backup: the same list, and the same bytes for every file.
    expect(now.featured).toEqual(was.featured);
    expect(now.gallery).toEqual(was.gallery);
    expect(now.featured).toHaveLength(3);
    for (const image of [...now.featured, ...now.gallery]) {
      for (const url of [image.src, image.full]) {
        const [a, b] = await Promise.all([fetch(`${original.url}${url}`), fetch(`${restored.url}${url}`)]);
        expect(b.status, url).toBe(200);
        expect(Buffer.from(await b.arrayBuffer()).equals(Buffer.from(await a.arrayBuffer())), url).toBe(true);
      }
    }
    // Notices: the copy is the live list as of one moment during the writes: the same notices in the
    // same order, less some of those written while the backup ran, never a half-written one.
    const kept = new Set(now.notices.map((n) => n.id));
    expect(now.notices).toEqual(was.notices.filter((n) => kept.has(n.id)));
    expect(was.notices.filter((n) => !kept.has(n.id)).every((n) => n.title.startsWith('During backup'))).toBe(true);
    expect(now.notices.filter((n) => !n.title.startsWith('During backup'))).toHaveLength(5);

    // The admin account came along.
    await signIn(restored);
  });
});
