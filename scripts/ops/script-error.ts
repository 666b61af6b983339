/**
 * What a command-line script prints when it fails: one plain sentence for the failures a person can
 * fix (a wrong argument, a missing file, a full disk, a database that is down or busy), and the stack
 * only for the rest, which are bugs worth reporting.
 */

interface SystemError extends Error {
  code?: string;
  path?: string;
  address?: string;
  port?: number;
}

const NAMED = new Set(['OpsError', 'EnvError', 'UserAdminError', 'BackupError', 'WxrError']);

function where(err: SystemError): string {
  return err.path ? ` (${err.path})` : '';
}

const BY_CODE: Record<string, (err: SystemError) => string> = {
  ENOENT: (err) => `a file or folder does not exist${where(err)}.`,
  EACCES: (err) => `permission denied${where(err)}: run it as the user that owns the site's files.`,
  EPERM: (err) => `permission denied${where(err)}: run it as the user that owns the site's files.`,
  ENOSPC: (err) => `the disk is full${where(err)}. Free some space and run it again; nothing was finished.`,
  EROFS: (err) => `the disk is read-only${where(err)}.`,
  EEXIST: (err) => `it already exists${where(err)}.`,
  ECONNREFUSED: (err) =>
    `could not connect to the database${err.address ? ` at ${err.address}:${err.port}` : ''}. ` +
    'Is PostgreSQL running, and is DATABASE_URL right?',
  ENOTFOUND: () => 'the database host in DATABASE_URL could not be found.',
  SQLITE_BUSY: () => 'the database is busy (another process is writing to it). Try again in a moment.',
  SQLITE_CANTOPEN: () => 'the SQLite database file could not be opened: check DATA_DIR and its permissions.',
  '28P01': () => 'the database refused the password in DATABASE_URL.',
  '3D000': () => 'the database named in DATABASE_URL does not exist.',
};

/** The lines to print for `err`; the first always starts with "Error:". */
export function describeScriptError(err: unknown): string[] {
  if (!(err instanceof Error)) return [`Error: ${String(err)}`];
  const e = err as SystemError;
  if (NAMED.has(e.name)) return [`Error: ${e.message}`];
  if (e.code?.startsWith('ERR_PARSE_ARGS_')) return [`Error: ${e.message}`];
  const plain = e.code ? BY_CODE[e.code] : undefined;
  if (plain) return [`Error: ${plain(e)}`];
  return [`Error: ${e.message}`, 'This was not expected; the details below help to report it:', e.stack ?? String(e)];
}
