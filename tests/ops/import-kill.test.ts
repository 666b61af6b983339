/**
 * `npm run import -- wordpress` killed with SIGKILL three times, among the posts, as soon as an album is made,
 * and among the photos, then run to its end: every published post is exactly one notice with all its
 * attachments, every gallery exactly one album with each of its photos once, and nothing is half-made. The
 * uploads are given as a .zip, unpacked under DATA_DIR/imports; what a killed run unpacked is removed by the next.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Db, openDb } from '#server/db/db.ts';
import { zipEntriesOf, zipOf } from '#server/test-support/zip-writer.ts';
import { PROJECT_ROOT } from './server-process.ts';

const FIXTURE = path.join(PROJECT_ROOT, 'tests', 'fixtures', 'wordpress');

let root: string;
let dataDir: string;
let zip: string;
beforeAll(async () => {
  root = await fs.mkdtemp(path.join(os.tmpdir(), 'orbit-import-kill-'));
  dataDir = path.join(root, 'data');
  zip = path.join(root, 'uploads.zip');
  await fs.writeFile(zip, zipOf(zipEntriesOf(path.join(FIXTURE, 'uploads'), 'wp-content/uploads')));
});
afterAll(() => fs.rm(root, { recursive: true, force: true }));

interface Run {
  child: ChildProcess;
  output: () => string;
  ended: Promise<number | null>;
}

function startImport(): Run {
  const env = Object.fromEntries(
    Object.entries(process.env).filter(([k]) => !/^(DATABASE_URL|S3_.*|DATA_DIR|PUBLIC_ASSET_BASE_URL)$/u.test(k)),
  );
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', 'scripts/import.ts', 'wordpress', path.join(FIXTURE, 'export.xml'), '--uploads', zip],
    { cwd: PROJECT_ROOT, env: { ...env, DATA_DIR: dataDir }, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let output = '';
  child.stdout!.on('data', (c: Buffer) => (output += c.toString()));
  child.stderr!.on('data', (c: Buffer) => (output += c.toString()));
  const ended = new Promise<number | null>((resolve) => child.once('close', (code) => resolve(code)));
  return { child, output: () => output, ended };
}

const count = async (db: Db, table: 'notices' | 'notice_attachments' | 'gallery_albums' | 'images') =>
  Number(
    (
      await db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

/** Kills the import with SIGKILL as soon as `ready` says so (checked every few milliseconds); what it had written. */
async function killWhen(ready: (db: Db) => Promise<boolean>) {
  const run = startImport();
  // The plan is printed once the database is migrated: from then on it can be read.
  while (!run.output().includes('Published posts → notices')) {
    if (run.child.exitCode !== null) throw new Error(`the import ended early:\n${run.output()}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  const db = openDb({ dataDir, poolSize: 1 });
  try {
    while (!(await ready(db))) {
      if (run.child.exitCode !== null) throw new Error(`the import ended before it was killed:\n${run.output()}`);
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    run.child.kill('SIGKILL');
    await run.ended;
    return {
      notices: await count(db, 'notices'),
      albums: await count(db, 'gallery_albums'),
      photos: await count(db, 'images'),
    };
  } finally {
    await db.destroy();
  }
}

describe('a WordPress import killed with SIGKILL', () => {
  it('leaves nothing half-made, and the next run brings the rest once', async () => {
    const amongPosts = await killWhen(async (db) => (await count(db, 'notices')) >= 3);
    expect(amongPosts.notices).toBeLessThan(14);
    expect(amongPosts.albums).toBe(0);
    const amongGalleries = await killWhen(async (db) => (await count(db, 'gallery_albums')) >= 1);
    expect(amongGalleries.notices).toBe(14);
    const amongPhotos = await killWhen(async (db) => (await count(db, 'images')) >= 5);
    console.log(`killed after ${[amongPosts, amongGalleries, amongPhotos].map((k) => JSON.stringify(k)).join(', ')}`);

    const last = startImport();
    expect(await last.ended, last.output()).toBe(0);
    const plan = last.output();
    expect(plan).toMatch(/Published posts → notices: 0 to import, 14 already imported/u);

    const db = openDb({ dataDir, poolSize: 1 });
    try {
      // Each published post is one notice, each recorded once, with every file a clean import attaches (19).
      const posts = await db.selectFrom('imported_items').select('target_id').where('kind', '=', 'post').execute();
      expect(posts).toHaveLength(14);
      expect(await count(db, 'notices')).toBe(14);
      const notices = await db.selectFrom('notices').select('id').execute();
      expect(new Set(posts.map((p) => p.target_id))).toEqual(new Set(notices.map((n) => n.id)));
      expect(await count(db, 'notice_attachments')).toBe(19);
      // Each gallery one album, its photos once each.
      const albums = await db
        .selectFrom('gallery_albums')
        .leftJoin('images', 'images.album_id', 'gallery_albums.id')
        .select(['gallery_albums.slug', (eb) => eb.fn.count<number>('images.id').as('photos')])
        .groupBy('gallery_albums.slug')
        .orderBy('gallery_albums.slug')
        .execute();
      expect(albums.map((a) => [a.slug, Number(a.photos)])).toEqual([
        ['annual-sports-week-2025', 4],
        ['educational-tour-to-pokhara', 3],
        ['photo-gallery', 3],
      ]);
      const started = await db
        .selectFrom('imported_items')
        .select('guid')
        .where('kind', '=', 'album-started')
        .execute();
      expect(started).toEqual([]);
    } finally {
      await db.destroy();
    }
    // The uploads each run unpacked are gone: the killed runs' removed by the next run.
    expect(await fs.readdir(path.join(dataDir, 'imports'))).toEqual([]);
  });
});
