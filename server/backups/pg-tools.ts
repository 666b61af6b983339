/**
 * PostgreSQL's own tools for the backups of a PostgreSQL install: pg_dump to write the dump, pg_restore
 * to check and restore it. Found at PG_DUMP_PATH (pg_restore beside it), else the newest of those on PATH
 * and in Debian's /usr/lib/postgresql/<version>/bin. A missing tool, or a server newer than pg_dump (which
 * cannot dump it), is refused in words that say what to install.
 */
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { BackupError } from './backup-error.ts';

const run = promisify(execFile);

export interface PgTools {
  pgDump: string;
  pgRestore: string;
  /** pg_dump's major version. */
  major: number;
}

export interface PgToolSearch {
  /** PG_DUMP_PATH: the pg_dump to use, pg_restore in the same folder. */
  pgDumpPath?: string | undefined;
  /** The PATH variable. */
  pathVariable?: string | undefined;
  /** Where Debian installs each version's tools. */
  versionsDir?: string;
}

const INSTALL_HINT =
  "Install the PostgreSQL client tools of the server's version or newer (Debian/Ubuntu: `apt install postgresql-client`, or postgresql-client-<version>), or set PG_DUMP_PATH to the path of pg_dump.";

async function majorOf(binary: string): Promise<number | undefined> {
  try {
    const { stdout } = await run(binary, ['--version']);
    const m = /\(PostgreSQL\)\s+(\d+)/u.exec(stdout);
    return m ? Number(m[1]) : undefined;
  } catch {
    // Not runnable (a broken link, a wrapper without a cluster): not a candidate.
    return undefined;
  }
}

const executable = (file: string): boolean => {
  try {
    fs.accessSync(file, fs.constants.X_OK);
    return fs.statSync(file).isFile();
  } catch {
    return false;
  }
};

/** pg_dump and pg_restore, the newest found; throws a BackupError naming the package when there is none. */
export async function findPgTools(search: PgToolSearch = {}): Promise<PgTools> {
  const { pgDumpPath, pathVariable = process.env.PATH ?? '', versionsDir = '/usr/lib/postgresql' } = search;
  let candidates: string[];
  if (pgDumpPath) {
    if (!executable(pgDumpPath))
      throw new BackupError(
        `PG_DUMP_PATH names ${pgDumpPath}, which is not a program that can be run. ${INSTALL_HINT}`,
      );
    candidates = [pgDumpPath];
  } else {
    const versions = fs.existsSync(versionsDir)
      ? fs.readdirSync(versionsDir).map((v) => path.join(versionsDir, v, 'bin', 'pg_dump'))
      : [];
    const onPath = pathVariable
      .split(path.delimiter)
      .filter(Boolean)
      .map((d) => path.join(d, 'pg_dump'));
    candidates = [...versions, ...onPath].filter(executable);
  }
  let best: PgTools | undefined;
  for (const pgDump of candidates) {
    const pgRestore = path.join(path.dirname(pgDump), 'pg_restore');
    if (!executable(pgRestore)) continue;
    const major = await majorOf(pgDump);
    if (major !== undefined && (!best || major > best.major)) best = { pgDump, pgRestore, major };
  }
  if (!best) {
    throw new BackupError(
      pgDumpPath
        ? `PG_DUMP_PATH names ${pgDumpPath}, but it does not run as pg_dump or has no pg_restore beside it. ${INSTALL_HINT}`
        : `pg_dump and pg_restore were not found (on PATH or in ${versionsDir}/*/bin), so the PostgreSQL database cannot be backed up. ${INSTALL_HINT}`,
    );
  }
  return best;
}

/** pg_dump cannot dump a server of a newer major version: refused before it starts, in words. */
export function assertDumpable(tools: PgTools, serverVersionNum: number): void {
  const serverMajor = Math.floor(serverVersionNum / 10000);
  if (serverMajor > tools.major)
    throw new BackupError(
      `The PostgreSQL server is version ${serverMajor}, newer than pg_dump ${tools.major} (${tools.pgDump}), which cannot back it up. Install postgresql-client-${serverMajor} (Debian/Ubuntu) or set PG_DUMP_PATH to a pg_dump of version ${serverMajor} or newer.`,
    );
}

/**
 * A libpq connection for the tools without the password on their command line (where `ps` shows it):
 * the URL without it, and PGPASSWORD in their environment.
 */
export function toolConnection(databaseUrl: string): { url: string; env: NodeJS.ProcessEnv } {
  const url = new URL(databaseUrl);
  const password = decodeURIComponent(url.password);
  url.password = '';
  return { url: url.toString(), env: { ...process.env, ...(password ? { PGPASSWORD: password } : {}) } };
}

/** Runs one of the tools; a failure throws a BackupError with what it wrote on stderr. */
export async function runPgTool(binary: string, args: string[], env: NodeJS.ProcessEnv): Promise<string> {
  try {
    const { stdout } = await run(binary, args, { env, maxBuffer: 64 * 1024 * 1024 });
    return stdout;
  } catch (err) {
    const e = err as { stderr?: string; code?: string | number };
    if (e.code === 'ENOSPC') throw err;
    throw new BackupError(`${path.basename(binary)} failed: ${(e.stderr ?? String(err)).trim().slice(0, 500)}`);
  }
}
