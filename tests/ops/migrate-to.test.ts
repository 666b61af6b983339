/**
 * `npm run migrate-to`: an embedded install (SQLite + uploads) moved to PostgreSQL and S3 (s3rver),
 * verified, and served from there by a server with DATABASE_URL and S3_* set.
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Image } from '#common/image.ts';
import { listFiles } from '#server/test-support/admin-session.ts';
import { buildImage } from '#server/test-support/factories.ts';
import { type TestS3Server, startTestS3Server } from '#server/test-support/s3-server.ts';
import { type ScratchDatabase, createScratchDatabase, testDatabaseServer } from '#server/test-support/test-database.ts';
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

const databaseServer = testDatabaseServer();
if (!databaseServer) {
  console.warn(
    'tests/ops/migrate-to.test.ts skipped: set DATABASE_URL=postgres://… (or run `npm run test:pg`) to migrate into PostgreSQL.',
  );
}

interface Snapshot {
  notices: unknown[];
  featured: Image[];
  gallery: Image[];
  bytes: Map<string, Buffer>;
}

async function snapshot(server: ServerProcess): Promise<Snapshot> {
  const featured = (await getJson<{ images: Image[] }>(server, '/api/images?folder=featured')).images;
  const gallery = (await getJson<{ images: Image[] }>(server, '/api/images?folder=gallery')).images;
  const bytes = new Map<string, Buffer>();
  for (const image of [...featured, ...gallery]) {
    for (const url of [image.src, image.full])
      bytes.set(url, Buffer.from(await (await fetch(`${server.url}${url}`)).arrayBuffer()));
  }
  return { notices: (await getJson<{ notices: unknown[] }>(server, '/api/notices')).notices, featured, gallery, bytes };
}

describe.skipIf(!databaseServer)('npm run migrate-to -- --database … --s3 …', () => {
  let root: string;
  let database: ScratchDatabase;
  let s3: TestS3Server;
  let before: Snapshot;
  const servers: ServerProcess[] = [];

  beforeAll(async () => {
    root = await fs.mkdtemp(path.join(os.tmpdir(), 'orbit-migrate-test-'));
    database = await createScratchDatabase(databaseServer!, 'migrate');
    s3 = await startTestS3Server('orbit-migrated');
    // The embedded install: demo content, one more photo and notice, an admin; then stopped.
    const embedded = await startServer({
      DATA_DIR: path.join(root, 'embedded'),
      SEED_DEMO: 'true',
      ADMIN_EMAIL,
      ADMIN_PASSWORD,
    });
    servers.push(embedded);
    const cookie = await signIn(embedded);
    expect((await uploadImage(embedded, cookie, 'gallery', await buildImage({ width: 640, height: 400 }))).status).toBe(
      201,
    );
    const notice = await fetch(`${embedded.url}/api/admin/notices`, {
      method: 'POST',
      headers: { ...sameOrigin(embedded), cookie, 'content-type': 'application/json' },
      body: JSON.stringify({
        title: 'Moved to PostgreSQL',
        description: 'This notice was written before the migration.',
      }),
    });
    expect(notice.status).toBe(201);
    before = await snapshot(embedded);
    expect(await embedded.stop()).toBe(0);
  });

  afterAll(async () => {
    await Promise.all(servers.map((s) => s.stop()));
    await s3?.close();
    await database?.drop();
    await fs.rm(root, { recursive: true, force: true });
  });

  const migrate = () =>
    runScript('migrate-to', ['--database', database.url, '--s3', `s3://${s3.bucket}`], {
      DATA_DIR: path.join(root, 'embedded'),
      S3_ENDPOINT: s3.env.S3_ENDPOINT!,
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
      S3_FORCE_PATH_STYLE: 'true',
    });

  it('copies every row and file, verifies the counts, and prints a summary', async () => {
    const result = await migrate();
    expect(result.code, `${result.stdout}\n${result.stderr}`).toBe(0);
    expect(result.stdout).toMatch(/^notices\s+6\s+6\s+ok$/mu);
    expect(result.stdout).toMatch(/^images\s+10\s+10\s+ok$/mu);
    expect(result.stdout).toMatch(/^users\s+1\s+1\s+ok$/mu);
    const files = (await listFiles(path.join(root, 'embedded', 'uploads'))).length;
    expect(files).toBeGreaterThan(80);
    expect(result.stdout).toMatch(new RegExp(`^files\\s+${files}\\s+${files}\\s+ok$`, 'mu'));
    expect(result.stdout).not.toMatch(/MISMATCH|MISSING/u);
  });

  it('serves the same notices, images and files from PostgreSQL and S3, with the same admin', async () => {
    const moved = await startServer({ DATA_DIR: path.join(root, 'unused'), DATABASE_URL: database.url, ...s3.env });
    servers.push(moved);
    const after = await snapshot(moved);
    expect(after.notices).toEqual(before.notices);
    expect(after.featured).toEqual(before.featured);
    expect(after.gallery).toEqual(before.gallery);
    for (const [url, body] of before.bytes) expect(after.bytes.get(url)?.equals(body), url).toBe(true);
    await signIn(moved);
    // Nothing was written to the new server's DATA_DIR: the files are in the bucket.
    expect(await listFiles(path.join(root, 'unused', 'uploads'))).toEqual([]);
  });

  it('refuses a target database that already holds data', async () => {
    const result = await migrate();
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('The target database is not empty');
  });
});
