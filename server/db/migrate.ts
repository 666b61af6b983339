import type { Kysely, Migration } from 'kysely';
import {
  ensureMigrationTables,
  inMigrationTransaction,
  listAppliedMigrations,
  recordMigration,
} from './migration-log.repository.ts';
import * as m0001 from './migrations/0001-initial.ts';
import * as m0002 from './migrations/0002-vitals.ts';
import * as m0003 from './migrations/0003-content-version.ts';
import * as m0004 from './migrations/0004-server-secrets.ts';
import * as m0005 from './migrations/0005-site-content.ts';
import * as m0006 from './migrations/0006-notice-board.ts';
import * as m0007 from './migrations/0007-notice-attachments.ts';
import * as m0008 from './migrations/0008-staff-and-audit.ts';
import * as m0009 from './migrations/0009-staff-links.ts';
import * as m0010 from './migrations/0010-two-factor.ts';
import * as m0011 from './migrations/0011-notice-language.ts';
import * as m0012 from './migrations/0012-notice-updated-at.ts';
import * as m0013 from './migrations/0013-audit-changes.ts';
import * as m0014 from './migrations/0014-bs-calendar.ts';
import * as m0015 from './migrations/0015-admission-season.ts';
import * as m0016 from './migrations/0016-applications.ts';
import * as m0018 from './migrations/0018-outbox.ts';
import * as m0019 from './migrations/0019-entrance.ts';
import * as m0020 from './migrations/0020-merit-and-offers.ts';
import * as m0021 from './migrations/0021-gallery-albums.ts';
import * as m0022 from './migrations/0022-search-index.ts';
import * as m0023 from './migrations/0023-offer-vouchers.ts';
import * as m0024 from './migrations/0024-photo-queue.ts';
import * as m0025 from './migrations/0025-application-access-keys.ts';
import * as m0028 from './migrations/0028-application-pending-files.ts';
import * as m0029 from './migrations/0029-application-document-queue.ts';
import * as m0030 from './migrations/0030-payment-details.ts';
import * as m0031 from './migrations/0031-correction-documents.ts';
import * as m0033 from './migrations/0033-bs-year-confirmations.ts';
import * as m0035 from './migrations/0035-imported-items.ts';
import * as m0037 from './migrations/0037-demo-items.ts';
import * as m0038 from './migrations/0038-import-runs.ts';
import * as m0039 from './migrations/0039-reference-prefix.ts';
import type { Database } from './schema.ts';

// Listed explicitly (not read from disk) so the bundle and tsx behave the same. They run in name order.
export const migrations: Record<string, Migration> = {
  '0001-initial': m0001,
  '0002-vitals': m0002,
  '0003-content-version': m0003,
  '0004-server-secrets': m0004,
  '0005-site-content': m0005,
  '0006-notice-board': m0006,
  '0007-notice-attachments': m0007,
  '0008-staff-and-audit': m0008,
  '0009-staff-links': m0009,
  '0010-two-factor': m0010,
  '0011-notice-language': m0011,
  '0012-notice-updated-at': m0012,
  '0013-audit-changes': m0013,
  '0014-bs-calendar': m0014,
  '0015-admission-season': m0015,
  '0016-applications': m0016,
  '0018-outbox': m0018,
  '0019-entrance': m0019,
  '0020-merit-and-offers': m0020,
  '0021-gallery-albums': m0021,
  '0022-search-index': m0022,
  '0023-offer-vouchers': m0023,
  '0024-photo-queue': m0024,
  '0025-application-access-keys': m0025,
  '0028-application-pending-files': m0028,
  '0029-application-document-queue': m0029,
  '0030-payment-details': m0030,
  '0031-correction-documents': m0031,
  '0033-bs-year-confirmations': m0033,
  '0035-imported-items': m0035,
  '0037-demo-items': m0037,
  '0038-import-runs': m0038,
  '0039-reference-prefix': m0039,
};

/** A migration threw: its transaction was rolled back, the ones before it stay applied. */
export class MigrationFailedError extends Error {
  override name = 'MigrationFailedError';
  constructor(
    readonly migration: string,
    /** Every migration the database has after the failure (all of them before `migration`). */
    readonly applied: string[],
    cause: unknown,
  ) {
    super(
      `Migration ${migration} failed and was rolled back: ${cause instanceof Error ? cause.message : String(cause)}`,
      { cause },
    );
  }
}

/** The database's migration history does not fit this code: a newer release ran on it, or names are out of order. */
export class MigrationHistoryError extends Error {
  override name = 'MigrationHistoryError';
  constructor(
    message: string,
    /** Migrations the database has run that this code does not have (a newer release's). */
    readonly unknown: string[],
  ) {
    super(message);
  }
}

function pendingAfter(known: string[], applied: string[]): string[] {
  const unknown = applied.filter((name) => !known.includes(name));
  if (unknown.length > 0) {
    throw new MigrationHistoryError(
      `The database has run migrations this version does not have (${unknown.join(', ')}): a newer release has used it.`,
      unknown,
    );
  }
  const pending = known.filter((name) => !applied.includes(name));
  const last = applied.at(-1);
  const early = last === undefined ? [] : pending.filter((name) => name < last);
  if (early.length > 0) {
    throw new MigrationHistoryError(
      `Migration ${early.join(', ')} has not run but sorts before ${last}, which has: a new migration must be named after the last one.`,
      [],
    );
  }
  return pending;
}

/**
 * Runs every pending migration, in name order, each in a transaction of its own together with its row
 * in `kysely_migration`: a migration that fails leaves the database exactly as it was before it (DDL
 * is transactional on SQLite and PostgreSQL), and the migrations before it stay applied. Several
 * processes may call this at once; each migration runs once. Returns the names this call applied.
 */
export async function migrateToLatest(
  db: Kysely<Database>,
  { migrations: list = migrations }: { migrations?: Record<string, Migration> } = {},
): Promise<string[]> {
  const known = Object.keys(list).sort();
  await inMigrationTransaction(db, ensureMigrationTables);
  const appliedNow: string[] = [];
  for (;;) {
    // Read and decide inside the transaction that runs the migration, under the migration lock,
    // so a process that started at the same time and already ran it is seen.
    const outcome = await inMigrationTransaction(db, async (trx) => {
      const applied = await listAppliedMigrations(trx);
      const next = pendingAfter(known, applied)[0];
      if (next === undefined) return { done: true as const };
      try {
        await list[next]!.up(trx);
        await recordMigration(trx, next, new Date().toISOString());
      } catch (err) {
        throw new MigrationFailedError(next, applied, err);
      }
      return { done: false as const, name: next };
    });
    if (outcome.done) return appliedNow;
    appliedNow.push(outcome.name);
  }
}
