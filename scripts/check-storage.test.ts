import { COMMAND_LINE_ACTOR } from '#server/auth/actor.ts';
import { spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import path from 'node:path';
import os from 'node:os';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '#server/app.ts';
import type { Db } from '#server/db/db.ts';
import { parseEnv } from '#server/env.ts';
import { imageFiles } from '#server/modules/images/index.ts';
import { createLocalStorage } from '#server/storage/local-storage.ts';
import type { Storage } from '#server/storage/storage.ts';
import { listFiles } from '#server/test-support/admin-session.ts';
import { buildImage } from '#server/test-support/factories.ts';
import { openTestDb } from '#server/test-support/test-database.ts';

/** `npm run check-storage` on a real data folder (SQLite, or PostgreSQL in the CI pass that sets DATABASE_URL). */
let dataDir: string;
let databaseUrl: string | undefined;
let db: Db;
let app: FastifyInstance;
let storage: Storage;
let cleanup: () => Promise<void>;
beforeAll(async () => {
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'orbit-check-storage-'));
  ({ db, databaseUrl, cleanup } = await openTestDb(dataDir));
  storage = createLocalStorage(path.join(dataDir, 'uploads'));
  const env = parseEnv({ NODE_ENV: 'test', DATA_DIR: dataDir, SEED_DEMO: 'false' });
  app = await buildApp({ env, db, storage, pages: false });
});
afterAll(async () => {
  await app.close();
  await cleanup();
  await fs.rm(dataDir, { recursive: true, force: true });
});

function checkStorage(): Promise<{ code: number | null; out: string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/check-storage.ts'], {
    env: {
      ...process.env,
      NODE_ENV: 'production',
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl ?? '',
      S3_BUCKET: '',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout.on('data', (c: Buffer) => (out += c.toString()));
  child.stderr.on('data', (c: Buffer) => (out += c.toString()));
  return new Promise((resolve) => child.once('close', (code) => resolve({ code, out })));
}

const hoursAgo = (h: number) => new Date(Date.now() - h * 3_600_000);

describe('npm run check-storage', () => {
  it('says rows and files agree, exit 0, when every row has its files and every file its row', async () => {
    await app.services.images.create(COMMAND_LINE_ACTOR, 'gallery', await buildImage({ width: 500, height: 300 }));
    const { code, out } = await checkStorage();
    expect(out).toContain('Rows that refer to files: 1. Stored files: 6.');
    expect(out).toContain('Rows and files agree.');
    expect(code).toBe(0);
  });

  it('lists a row with missing files, an old orphan and an abandoned upload, exit 1, and changes nothing', async () => {
    const damaged = await app.services.images.create(
      COMMAND_LINE_ACTOR,
      'gallery',
      await buildImage({ width: 500, height: 300 }),
    );
    const [missingKey] = (await imageFiles(db).references()).find((r) => r.id === damaged.id)!.keys;
    await storage.delete(missingKey!);
    await storage.put('img/orphan/0123456789abcdef-400.jpg', Buffer.from('x'), 'image/jpeg');
    await storage.stage('crashed', 'img/crashed/0123456789abcdef-400.jpg', Buffer.from('x'), 'image/jpeg');
    const uploads = path.join(dataDir, 'uploads');
    for (const file of await listFiles(uploads)) {
      if (/orphan|crashed/u.test(file)) await fs.utimes(path.join(uploads, file), hoursAgo(2), hoursAgo(2));
    }
    const before = await listFiles(uploads);

    const { code, out } = await checkStorage();

    expect(out).toMatch(/Rows whose files are missing .*: 1\n {2}image [0-9a-f-]{36}: img\//u);
    expect(out).toContain(`image ${damaged.id}: ${missingKey}`);
    expect(out).toMatch(/Files no row refers to, older than 1 h .*: 1\n {2}img\/orphan\/0123456789abcdef-400\.jpg/u);
    expect(out).toMatch(/Files of unfinished uploads .*1 uploads\): 1\n {2}crashed: img\/crashed\//u);
    expect(out).toContain('Rows and files do not agree');
    expect(code).toBe(1);
    expect(await listFiles(uploads)).toEqual(before);
  });
});
