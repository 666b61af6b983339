/** Reading an embedded install (SQLite file + uploads folder): what backup, restore, the drill and migrate-to share. */
import fs from 'node:fs/promises';
import path from 'node:path';
import type SQLite from 'better-sqlite3';
import { documentKeys } from '#server/modules/admission/index.ts';
import { attachmentKeys } from '#server/modules/notices/index.ts';

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

const hasTable = (db: SQLite.Database, name: string): boolean =>
  db.prepare("select 1 from sqlite_master where type = 'table' and name = ?").get(name) !== undefined;

export type FileRow = { file_key: string | null; variants: string };

/** The stored files' rows of a database: photos, notice attachments, applicants' documents. */
export interface FileRows {
  images: { variants: string }[];
  attachments: FileRow[];
  documents: FileRow[];
}

/**
 * Storage keys these rows refer to: every size of every photo, every notice attachment's files and every
 * applicant's document (its pictures and the PDF as sent). Both engines' backups check them.
 */
export function keysReferencedBy(rows: FileRows): string[] {
  return [
    ...rows.images.flatMap((r) => (JSON.parse(r.variants) as { key: string }[]).map((v) => v.key)),
    ...rows.attachments.flatMap((r) => attachmentKeys(r)),
    ...rows.documents.flatMap((r) => documentKeys(r)),
  ].sort();
}

/** The keys an SQLite database refers to; a table a database of an older release does not have yet refers to nothing. */
export function referencedKeys(db: SQLite.Database): string[] {
  const rows = <T>(table: string, columns: string): T[] =>
    hasTable(db, table) ? (db.prepare(`select ${columns} from ${table}`).all() as T[]) : [];
  return keysReferencedBy({
    images: rows('images', 'variants'),
    attachments: rows('notice_attachments', 'file_key, variants'),
    documents: rows('application_documents', 'file_key, variants'),
  });
}
