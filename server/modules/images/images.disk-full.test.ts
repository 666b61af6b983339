import { execFileSync } from 'node:child_process';
import fs from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AdminTestApp, createAdminTestApp, listFiles, multipart } from '#server/test-support/admin-session.ts';
import { buildImage } from '#server/test-support/factories.ts';
import { unmountTmpfs } from '#server/test-support/tmpfs.ts';

/**
 * A real full disk: DATA_DIR/uploads is a 1 MB tmpfs, filled up to its last 32 KB. Needs root (as CI
 * runs) to mount it; elsewhere the test is skipped and the injected-ENOSPC tests still run.
 */
let t: AdminTestApp;
let mounted = false;
beforeAll(async () => {
  t = await createAdminTestApp();
  await fs.mkdir(t.uploadsDir, { recursive: true });
  try {
    execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=1m', 'tmpfs', t.uploadsDir], { stdio: 'ignore' });
    mounted = true;
  } catch {
    mounted = false;
  }
});
afterAll(async () => {
  if (mounted) await unmountTmpfs(t.uploadsDir);
  await t.close();
});

const upload = async () => {
  const { payload, headers } = multipart([{ body: await buildImage({ width: 1600, height: 1200 }) }]);
  return t.asAdmin({ method: 'POST', url: '/api/admin/images/gallery', payload, headers });
};

describe('an upload onto a full disk', () => {
  it('answers 507 and leaves no row and no file; once space is freed the same upload succeeds', async (ctx) => {
    if (!mounted) ctx.skip();
    const { bavail, bsize } = await fs.statfs(t.uploadsDir);
    await fs.writeFile(path.join(t.uploadsDir, 'filler'), Buffer.alloc(bavail * bsize - 32 * 1024));

    const res = await upload();
    expect(res.statusCode, res.body).toBe(507);
    expect(res.json()).toEqual({
      error: { code: 'storage/full', message: 'The server is out of space. Nothing was saved.' },
    });
    expect(await t.db.selectFrom('images').select('id').execute()).toEqual([]);
    expect(await listFiles(t.uploadsDir)).toEqual(['filler']);

    await fs.rm(path.join(t.uploadsDir, 'filler'));
    const retry = await upload();
    expect(retry.statusCode, retry.body).toBe(201);
    expect(await listFiles(t.uploadsDir)).toHaveLength(9);
  });
});
