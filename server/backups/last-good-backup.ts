import fs from 'node:fs';
import path from 'node:path';
import { backupTime } from '#common/backups.ts';
import { STATE_FILE } from './backup-state.ts';

/**
 * The path of the newest archive in `dir` that its record says was checked after writing (or, with no
 * record, the newest archive); undefined when there is none. Read synchronously: a refused start uses it.
 */
export function lastGoodBackup(dir: string): string | undefined {
  let names: string[];
  try {
    names = fs.readdirSync(dir).filter((n) => backupTime(n) !== undefined);
  } catch (err) {
    if (['ENOENT', 'ENOTDIR'].includes((err as NodeJS.ErrnoException).code ?? '')) return undefined;
    throw err;
  }
  names.sort((a, b) => backupTime(b)!.getTime() - backupTime(a)!.getTime());
  let good: Set<string> | undefined;
  try {
    const state = JSON.parse(fs.readFileSync(path.join(dir, STATE_FILE), 'utf8')) as {
      runs?: { ok?: boolean; file?: string }[];
    };
    good = new Set((state.runs ?? []).filter((r) => r.ok && r.file).map((r) => r.file!));
  } catch (err) {
    // No record (backups made by hand or copied in): the newest archive is named instead.
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
  }
  const name = good ? names.find((n) => good.has(n)) : names[0];
  return name ? path.join(dir, name) : undefined;
}
