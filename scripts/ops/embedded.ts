/** What backup, restore and migrate-to share: reading an embedded install (SQLite file + uploads folder). */
import fs from 'node:fs/promises';
import path from 'node:path';
import type SQLite from 'better-sqlite3';
import { sqliteFile } from '#server/db/db.ts';
import { uploadsDir } from '#server/storage/create-storage.ts';
import { describeScriptError } from './script-error.ts';

export { sqliteFile, uploadsDir };

/** A failure to report in one line, without a stack trace, and exit 1. */
export class OpsError extends Error {
  override name = 'OpsError';
}

/** Runs a command-line script's main; a failure prints what went wrong in plain words and exits 1. */
export function runScript(main: () => Promise<number | void>): void {
  main().then(
    (code) => process.exit(code ?? 0),
    (err: unknown) => {
      for (const line of describeScriptError(err)) console.error(line);
      process.exit(1);
    },
  );
}

/** The application's tables in an SQLite file, parents before children (foreign keys), migrations left out. */
export function sqliteTables(db: SQLite.Database): string[] {
  const names = (
    db
      .prepare(
        "select name from sqlite_master where type = 'table' and name not like 'sqlite_%' and name not like 'kysely_%'",
      )
      .all() as { name: string }[]
  ).map((r) => r.name);
  const parents = new Map(
    names.map((name) => [
      name,
      (db.prepare('select "table" as parent from pragma_foreign_key_list(?)').all(name) as { parent: string }[])
        .map((r) => r.parent)
        .filter((p) => p !== name),
    ]),
  );
  const ordered: string[] = [];
  const visit = (name: string, seen: Set<string>) => {
    if (ordered.includes(name) || seen.has(name)) return;
    seen.add(name);
    for (const parent of parents.get(name) ?? []) visit(parent, seen);
    ordered.push(name);
  };
  for (const name of [...names].sort()) visit(name, new Set());
  return ordered;
}

export function sqliteCounts(db: SQLite.Database): Record<string, number> {
  return Object.fromEntries(
    sqliteTables(db).map((t) => [t, (db.prepare(`select count(*) as n from "${t}"`).get() as { n: number }).n]),
  );
}

/** Every file under `dir` as a storage key (`img/<id>/<name>`), sorted; empty when the folder is missing. */
export async function listUploadKeys(dir: string): Promise<string[]> {
  try {
    const entries = await fs.readdir(dir, { recursive: true, withFileTypes: true });
    return entries
      .filter((e) => e.isFile() && !e.name.endsWith('.tmp'))
      .map((e) => path.relative(dir, path.join(e.parentPath, e.name)).split(path.sep).join('/'))
      .sort();
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw err;
  }
}

/** Storage keys the database refers to (every variant of every image row). */
export function referencedKeys(db: SQLite.Database): string[] {
  const rows = db.prepare('select variants from images').all() as { variants: string }[];
  return rows.flatMap((r) => (JSON.parse(r.variants) as { key: string }[]).map((v) => v.key)).sort();
}

export async function isEmptyOrMissing(dir: string): Promise<boolean> {
  try {
    return (await fs.readdir(dir)).length === 0;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return true;
    throw err;
  }
}

/** Prints rows of a small table, columns padded. */
export function printTable(rows: (string | number)[][]): void {
  const widths = rows[0]!.map((_, i) => Math.max(...rows.map((r) => String(r[i]).length)));
  for (const row of rows) {
    console.log(
      row
        .map((cell, i) =>
          typeof cell === 'number' ? String(cell).padStart(widths[i]!) : String(cell).padEnd(widths[i]!),
        )
        .join('  '),
    );
  }
}
