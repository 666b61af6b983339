import { spawnSync } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openDb } from '#server/db/db.ts';
import { createScratchDatabase, testDatabaseServer } from '#server/test-support/test-database.ts';
import { WORDPRESS_FIXTURE } from '#server/test-support/wordpress-fixture.ts';

const FIXTURE = WORDPRESS_FIXTURE;
const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'orbit-import-cli-'));
// With DATABASE_URL (the PostgreSQL pass) the CLI works on a fresh database of its own.
const server = testDatabaseServer();
const scratch = server ? await createScratchDatabase(server) : undefined;
afterAll(async () => {
  await scratch?.drop();
  await fs.rm(dataDir, { recursive: true, force: true });
});

function importCommand(args: string[]) {
  const result = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/import.ts', ...args], {
    encoding: 'utf8',
    env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: scratch?.url ?? '', NODE_ENV: 'production' },
  });
  return { code: result.status, out: result.stdout, err: result.stderr };
}

async function noticeCount(): Promise<number> {
  const db = openDb({ dataDir, databaseUrl: scratch?.url });
  try {
    return (await db.selectFrom('notices').select('id').execute()).length;
  } finally {
    await db.destroy();
  }
}

describe('npm run import', { timeout: 180_000 }, () => {
  it('prints the plan with its counts on a dry run, and writes no notice', async () => {
    const run = importCommand([
      'wordpress',
      path.join(FIXTURE, 'export.xml'),
      '--uploads',
      path.join(FIXTURE, 'uploads'),
      '--dry-run',
    ]);
    expect(run.err).toBe('');
    expect(run.code).toBe(0);
    expect(run.out).toContain('Published posts → notices: 14 to import, 0 already imported');
    expect(run.out).toContain('Skipped, not published: 1 draft, 1 page draft, 1 private, 1 trash');
    expect(run.out).toContain('Dry run: nothing was written.');
    expect(await noticeCount()).toBe(0);
  });

  it('refuses a file that is not an export in one sentence, and a wrong command with its usage', async () => {
    const notExport = importCommand(['wordpress', 'tests/fixtures/wordpress/README.md']);
    expect(notExport.code).toBe(1);
    expect(notExport.err.trim()).toMatch(/^Error: This file is not a WordPress export \(WXR\)\./u);
    const wrong = importCommand(['joomla', path.join(FIXTURE, 'export.xml')]);
    expect(wrong.code).toBe(2);
    expect(wrong.err).toMatch(/^Usage: npm run import -- wordpress/u);
    expect(await noticeCount()).toBe(0);
  });
});
