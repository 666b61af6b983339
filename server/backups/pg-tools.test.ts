import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { assertDumpable, findPgTools } from './pg-tools.ts';

const empty = fs.mkdtempSync(path.join(os.tmpdir(), 'orbit-pg-tools-'));
afterAll(() => fs.rmSync(empty, { recursive: true, force: true }));

describe('finding pg_dump and pg_restore', () => {
  it('names the package to install when neither PATH nor the versions folder has them', async () => {
    await expect(findPgTools({ pathVariable: empty, versionsDir: path.join(empty, 'none') })).rejects.toThrow(
      /pg_dump and pg_restore were not found \(on PATH or in .*\/none\/\*\/bin\).*apt install postgresql-client/u,
    );
  });

  it('refuses a PG_DUMP_PATH that is not a program', async () => {
    await expect(findPgTools({ pgDumpPath: path.join(empty, 'pg_dump') })).rejects.toThrow(
      `PG_DUMP_PATH names ${path.join(empty, 'pg_dump')}, which is not a program that can be run.`,
    );
  });

  it('refuses, in words, a server newer than pg_dump', () => {
    const tools = { pgDump: '/usr/lib/postgresql/15/bin/pg_dump', pgRestore: '/x/pg_restore', major: 15 };
    expect(() => assertDumpable(tools, 170004)).toThrow(
      'The PostgreSQL server is version 17, newer than pg_dump 15 (/usr/lib/postgresql/15/bin/pg_dump), which cannot back it up. Install postgresql-client-17',
    );
    expect(() => assertDumpable(tools, 150010)).not.toThrow();
    expect(() => assertDumpable(tools, 140001)).not.toThrow();
  });
});
