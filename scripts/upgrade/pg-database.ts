/**
 * The database side of an upgrade on a PostgreSQL install: its applied migrations, a rehearsal that the
 * role may swap the app's schema (before the site is stopped), and putting a pre-upgrade backup back
 * into the same database.
 *
 * Putting back swaps schemas: the app's schema (the connection's current schema, `public` by default)
 * is renamed aside and an empty one of the same name and owner made, in one transaction; the backup's
 * dump is restored into it in one transaction and every table's rows compared with its manifest. If
 * that fails, the new schema is dropped and the old one renamed back, so the database is never left
 * half restored. Once the restore is whole, the schema set aside is written to a dump file beside the
 * upgrade's backups (kept, as the SQLite kind keeps the database it replaces) and dropped, so later
 * backups hold only the app's data.
 */
import fs from 'node:fs';
import path from 'node:path';
import type pg from 'pg';
import { readManifest } from '#server/backups/archive-checks.ts';
import { DUMP_FILE, checkUnpackedUploads, restoreDump } from '#server/backups/pg-archive.ts';
import { type PgQuery, withPgClient } from '#server/backups/pg-data.ts';
import { findPgTools, runPgTool, toolConnection } from '#server/backups/pg-tools.ts';
import type { PgBackupSource } from '#server/backups/write-pg-backup.ts';

/** A name PostgreSQL needs no quoting for is still quoted, doubled quotes inside. */
const ident = (name: string) => `"${name.replace(/"/gu, '""')}"`;

/** The migrations the database has run (Kysely's own table); none for a database that has none yet. */
export async function pgAppliedMigrations(url: string): Promise<string[]> {
  return withPgClient(url, async (client) => {
    const { rows } = await client.query<{ t: string | null }>("select to_regclass('kysely_migration')::text as t");
    if (!rows[0]?.t) return [];
    const names = await client.query<{ name: string }>('select name from kysely_migration order by name');
    return names.rows.map((r) => r.name);
  });
}

interface AppSchema {
  name: string;
  owner: string;
}

async function appSchema(client: PgQuery): Promise<AppSchema> {
  const { rows } = await client.query<AppSchema>(
    `select n.nspname as name, pg_get_userbyid(n.nspowner) as owner
     from pg_namespace n where n.nspname = current_schema()`,
  );
  if (!rows[0]) throw new Error('The database connection has no current schema (check its search_path).');
  return rows[0];
}

/**
 * Renames the app's schema to `aside` and makes an empty one in its place, with the same owner and the same
 * grants (PostgreSQL's default `public` lets every role use it), in `client`'s transaction.
 */
async function swapIn(client: pg.Client, schema: AppSchema, aside: string): Promise<void> {
  const { rows: grants } = await client.query<{ grantee: string | null; privilege: string }>(
    `select case when a.grantee = 0 then null else pg_get_userbyid(a.grantee) end as grantee,
            a.privilege_type as privilege
     from pg_namespace n, aclexplode(n.nspacl) a
     where n.nspname = $1 and a.grantee <> n.nspowner`,
    [schema.name],
  );
  await client.query(`alter schema ${ident(schema.name)} rename to ${ident(aside)}`);
  await client.query(`create schema ${ident(schema.name)} authorization ${ident(schema.owner)}`);
  for (const g of grants)
    await client.query(
      `grant ${g.privilege === 'CREATE' ? 'create' : 'usage'} on schema ${ident(schema.name)} to ${g.grantee === null ? 'public' : ident(g.grantee)}`,
    );
}

/** The name a schema set aside gets: the label and the time, e.g. orbit_failed_upgrade_20261126120102. */
export function asideSchemaName(label: string, now: Date): string {
  const stamp = now
    .toISOString()
    .replace(/\.\d+Z$/u, '')
    .replace(/[-:T]/gu, '');
  return `orbit_${label.replace(/-/gu, '_')}_${stamp}`;
}

/**
 * Before the site is stopped: pg_dump and pg_restore are found and the role may swap the app's schema
 * (tried in a transaction that is rolled back). Throws, in words, what stops a restore from working.
 */
export async function rehearsePgRestore(source: PgBackupSource): Promise<void> {
  await findPgTools({ pgDumpPath: source.pgDumpPath });
  await withPgClient(source.databaseUrl, async (client) => {
    const schema = await appSchema(client);
    await client.query('begin');
    try {
      await swapIn(client, schema, asideSchemaName('rehearsal', new Date()));
    } catch (err) {
      throw new Error(
        `The database role may not rename the schema ${schema.name} and create it again, which putting the backup back needs (the role must own the schema and may create schemas in the database): ${(err as Error).message}`,
      );
    } finally {
      await client.query('rollback');
    }
  });
}

/**
 * Puts the database of an unpacked, checked pre-upgrade backup (`staging`) back into the install's
 * database, in place of what is there now; that is kept in a dump file, `keepAs`. Returns its path.
 */
export async function restorePgDatabase(
  source: PgBackupSource,
  staging: string,
  o: { label: string; keepAs: string; now?: Date },
): Promise<string> {
  const tools = await findPgTools({ pgDumpPath: source.pgDumpPath });
  const manifest = await readManifest(path.join(staging, 'manifest.json'));
  if (manifest.kind !== 'postgresql') throw new Error('The backup to put back is not of a PostgreSQL install.');
  await checkUnpackedUploads(staging, manifest);
  const url = source.databaseUrl;
  const aside = asideSchemaName(o.label, o.now ?? new Date());
  const schema = await withPgClient(url, async (client) => {
    const found = await appSchema(client);
    await client.query('begin');
    try {
      await swapIn(client, found, aside);
      await client.query('commit');
    } catch (err) {
      await client.query('rollback');
      throw err;
    }
    return found;
  });
  try {
    await restoreDump(tools, path.join(staging, DUMP_FILE), url, manifest);
  } catch (err) {
    await withPgClient(url, async (client) => {
      await client.query('begin');
      await client.query(`drop schema ${ident(schema.name)} cascade`);
      await client.query(`alter schema ${ident(aside)} rename to ${ident(schema.name)}`);
      await client.query('commit');
    });
    throw new Error(
      `The backup's database could not be restored, so the database was left as it was: ${(err as Error).message}`,
    );
  }
  // The database the newer release left, kept as a dump of the schema set aside, then dropped.
  fs.mkdirSync(path.dirname(o.keepAs), { recursive: true });
  const conn = toolConnection(url);
  await runPgTool(
    tools.pgDump,
    ['--format=custom', '--schema', aside, '--file', o.keepAs, '--dbname', conn.url],
    conn.env,
  );
  await withPgClient(url, (client) => client.query(`drop schema ${ident(aside)} cascade`));
  return o.keepAs;
}
