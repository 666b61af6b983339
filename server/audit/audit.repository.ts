import type { AuditKind } from '#common/audit.ts';
import type { Db } from '#server/db/db.ts';
import type { AuditLogTable, AuditRow } from '#server/db/schema.ts';

export async function insertAuditEntry(db: Db, row: AuditLogTable): Promise<void> {
  await db.insertInto('audit_log').values(row).execute();
}

export interface AuditFilter {
  person?: string | undefined;
  kind?: AuditKind | undefined;
}

function filtered(db: Db, { person, kind }: AuditFilter) {
  let query = db.selectFrom('audit_log');
  if (person) query = query.where('actor_name', '=', person);
  if (kind) query = query.where('kind', '=', kind);
  return query;
}

/** Newest first. */
export function listAuditEntries(db: Db, filter: AuditFilter, limit: number, offset: number): Promise<AuditRow[]> {
  return filtered(db, filter)
    .selectAll()
    .orderBy('at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .offset(offset)
    .execute();
}

export async function countAuditEntries(db: Db, filter: AuditFilter): Promise<number> {
  const row = await filtered(db, filter)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function listAuditPeople(db: Db): Promise<string[]> {
  const rows = await db.selectFrom('audit_log').select('actor_name').distinct().orderBy('actor_name').execute();
  return rows.map((r) => r.actor_name);
}

/** Deletes entries older than `beforeIso`; returns how many. */
export async function deleteAuditEntriesBefore(db: Db, beforeIso: string): Promise<number> {
  const result = await db.deleteFrom('audit_log').where('at', '<', beforeIso).executeTakeFirst();
  return Number(result.numDeletedRows);
}
