import { type Insertable, sql } from 'kysely';
import type { Db } from '#server/db/db.ts';
import type { ApplicationPendingFilesTable } from '#server/db/schema.ts';

type PendingRow = Insertable<ApplicationPendingFilesTable>;

/** The caps a new kept file must fit under, counted over the files kept after `liveFrom`. */
export interface PendingCaps {
  formBytes: number;
  addressBytes: number;
  liveFrom: string;
}

/**
 * Records a file to be kept when the form's and the address's kept files, with it, stay within their caps;
 * answers whether it was recorded. One statement, so two forms of one address sent at once on SQLite (one
 * writer) cannot both take the last room.
 */
export async function insertWithinCaps(db: Db, row: PendingRow, caps: PendingCaps): Promise<boolean> {
  const used = (column: 'upload_token' | 'address', value: string) =>
    sql<number>`(select coalesce(sum(bytes), 0) from application_pending_files where ${sql.ref(column)} = ${value} and kept_at > ${caps.liveFrom})`;
  const result = await sql`
    insert into application_pending_files (key, upload_token, address, kind, name, bytes, kept_at)
    select ${row.key}, ${row.upload_token}, ${row.address}, ${row.kind}, ${row.name}, ${row.bytes}, ${row.kept_at}
    where ${used('upload_token', row.upload_token)} + ${row.bytes} <= ${caps.formBytes}
      and ${used('address', row.address)} + ${row.bytes} <= ${caps.addressBytes}`.execute(db);
  return Number(result.numAffectedRows ?? 0n) > 0;
}

/** A form's kept files that have not expired, in the order they were kept. */
export async function filesOfForm(db: Db, token: string, liveFrom: string) {
  return db
    .selectFrom('application_pending_files')
    .select(['key', 'kind', 'name'])
    .where('upload_token', '=', token)
    .where('kept_at', '>', liveFrom)
    .orderBy('key')
    .execute();
}

/** The form asked for these files again: they are kept from now. */
export async function touchFiles(db: Db, keys: readonly string[], at: string): Promise<void> {
  if (keys.length === 0) return;
  await db.updateTable('application_pending_files').set({ kept_at: at }).where('key', 'in', keys).execute();
}

export async function deleteFiles(db: Db, keys: readonly string[]): Promise<void> {
  if (keys.length === 0) return;
  await db.deleteFrom('application_pending_files').where('key', 'in', keys).execute();
}

/** Files kept at or before `before` (expired), at most `limit` of them. */
export async function expiredFiles(db: Db, before: string, limit: number): Promise<string[]> {
  const rows = await db
    .selectFrom('application_pending_files')
    .select('key')
    .where('kept_at', '<=', before)
    .limit(limit)
    .execute();
  return rows.map((r) => r.key);
}

/** Every kept file's key (the sweep's list of files that have a row). */
export async function allKeys(db: Db): Promise<Set<string>> {
  const rows = await db.selectFrom('application_pending_files').select('key').execute();
  return new Set(rows.map((r) => r.key));
}

/** How many files are kept, their bytes, and from how many forms and addresses. */
export async function totals(db: Db) {
  const row = await db
    .selectFrom('application_pending_files')
    .select((eb) => [
      eb.fn.countAll<number>().as('files'),
      eb.fn.coalesce(eb.fn.sum<number>('bytes'), sql<number>`0`).as('bytes'),
      eb.fn.count<number>('upload_token').distinct().as('forms'),
      eb.fn.count<number>('address').distinct().as('addresses'),
      eb.fn.min('kept_at').as('oldest'),
    ])
    .executeTakeFirstOrThrow();
  return {
    files: Number(row.files),
    bytes: Number(row.bytes),
    forms: Number(row.forms),
    addresses: Number(row.addresses),
    oldest: row.oldest ?? null,
  };
}
