/** What backup, restore and migrate-to share: reading an embedded install (SQLite file + uploads folder). */
import fs from 'node:fs/promises';
import { sqliteFile } from '#server/db/db.ts';
import { uploadsDir } from '#server/storage/create-storage.ts';
import { describeScriptError } from './script-error.ts';

export { sqliteFile, uploadsDir };
export { listUploadKeys, referencedKeys, sqliteCounts, sqliteTables } from '#server/backups/embedded-data.ts';

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
