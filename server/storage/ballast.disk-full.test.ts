import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STORAGE_FULL } from '#common/api-error.ts';
import {
  ADMIN_EMAIL,
  ADMIN_PASSWORD,
  type AdminTestApp,
  createAdminTestApp,
  multipart,
} from '#server/test-support/admin-session.ts';
import { buildImage } from '#server/test-support/factories.ts';
import { testDatabaseServer } from '#server/test-support/test-database.ts';
import { BALLAST_FILE } from './ballast.ts';
import { unmountTmpfs } from '#server/test-support/tmpfs.ts';

/**
 * A real full disk: DATA_DIR (the SQLite file, the uploads, the reserve) on a 24 MB tmpfs of its own,
 * filled to the last byte. Needs root (as CI runs) to mount it; elsewhere the test is skipped. On
 * PostgreSQL the database is not on that disk, so the test is SQLite's.
 */
const root = fs.mkdtempSync(path.join(os.tmpdir(), 'orbit-full-'));
let mounted = false;
try {
  execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=24m', 'tmpfs', root], { stdio: 'ignore' });
  mounted = true;
} catch {
  mounted = false;
}

let t: AdminTestApp;
beforeAll(async () => {
  if (!mounted || testDatabaseServer()) return;
  t = await createAdminTestApp({ BALLAST_MB: '4' }, (s) => s, undefined, root);
});
afterAll(async () => {
  await t?.close();
  if (mounted) await unmountTmpfs(root);
  fs.rmSync(root, { recursive: true, force: true });
});

/** Writes zeros until the disk refuses one more byte. */
async function fillDisk(file: string): Promise<void> {
  const handle = await fsp.open(file, 'a');
  try {
    const chunk = Buffer.alloc(64 * 1024);
    for (let size = chunk.length; size >= 1;) {
      try {
        await handle.write(chunk, 0, size);
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code !== 'ENOSPC') throw err;
        size = Math.floor(size / 2);
      }
    }
  } finally {
    await handle.close();
  }
}

const signIn = (password: string) =>
  t.anonymous({ method: 'POST', url: '/api/auth/login', payload: { email: ADMIN_EMAIL, password } });

describe.skipIf(!mounted || testDatabaseServer())('a full disk with a reserve', () => {
  it('refuses in plain words, gives back its reserve, lets the owner sign in and delete, and makes the reserve again', async () => {
    const ballast = t.app.services.ballast;
    expect(await ballast.ensure()).toBe(true);
    expect(fs.statSync(path.join(t.dataDir, BALLAST_FILE)).size).toBe(4 * 1024 * 1024);

    const { payload, headers } = multipart([{ body: await buildImage({ width: 800, height: 600 }) }]);
    const uploaded = await t.asAdmin({ method: 'POST', url: '/api/admin/images/gallery', payload, headers });
    expect(uploaded.statusCode, uploaded.body).toBe(201);
    const image = uploaded.json() as { id: string };

    // The write-ahead log emptied, so the next row needs new space on the disk; then the disk filled.
    await sql`pragma wal_checkpoint(TRUNCATE)`.execute(t.db);
    const filler = path.join(t.dataDir, 'filler');
    await fillDisk(filler);

    // A sign-in is a row: it finds the disk full, answers in plain words and releases the reserve.
    const refused = await signIn(ADMIN_PASSWORD);
    expect(refused.statusCode, refused.body).toBe(507);
    expect(refused.json()).toEqual({ error: STORAGE_FULL });
    expect(refused.body).not.toMatch(/SQLITE/u);
    expect(ballast.present()).toBe(false);

    // The reserve's space lets the owner in, a wrong password is only wrong, and a photo can be deleted.
    expect((await signIn('not-the-password-1')).statusCode).toBe(401);
    const again = await signIn(ADMIN_PASSWORD);
    expect(again.statusCode, again.body).toBe(200);
    const cookie = `orbit_session=${again.cookies.find((c) => c.name === 'orbit_session')?.value}`;
    const deleted = await t.anonymous({ method: 'DELETE', url: `/api/admin/images/${image.id}`, headers: { cookie } });
    expect(deleted.statusCode, deleted.body).toBe(204);
    expect(await t.db.selectFrom('images').select('id').execute()).toEqual([]);

    // While the disk has no room for the reserve twice over, it is not made again; once it has, it is.
    expect(await ballast.ensure()).toBe(false);
    await fsp.rm(filler);
    expect(await ballast.ensure()).toBe(true);
    expect(ballast.present()).toBe(true);
  });
});
