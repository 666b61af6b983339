/** Reading a PostgreSQL database for backups, restores and the drill: its tables, rows and stored files' keys. */
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { BackupError } from './backup-error.ts';
import { type FileRow, keysReferencedBy } from './embedded-data.ts';

export type PgQuery = Pick<pg.Client, 'query'>;

/** Opens a client on `url`, runs `use`, and closes it whatever happens. */
export async function withPgClient<T>(url: string, use: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await use(client);
  } finally {
    await client.end();
  }
}

/** The application's tables (the migrations' own left out), by name. */
async function pgTables(client: PgQuery): Promise<string[]> {
  const { rows } = await client.query<{ name: string }>(
    "select tablename as name from pg_tables where schemaname = current_schema() and tablename not like 'kysely_%' order by tablename",
  );
  return rows.map((r) => r.name);
}

export async function pgCounts(client: PgQuery): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const table of await pgTables(client)) {
    const { rows } = await client.query<{ n: string }>(`select count(*) as n from "${table}"`);
    counts[table] = Number(rows[0]!.n);
  }
  return counts;
}

export async function pgMigrations(client: PgQuery): Promise<string[]> {
  const { rows } = await client.query<{ name: string }>('select name from kysely_migration order by name');
  return rows.map((r) => r.name);
}

/** Storage keys the database's rows refer to (photos, notice attachments, applicants' documents). */
export async function pgReferencedKeys(client: PgQuery): Promise<string[]> {
  const tables = new Set(await pgTables(client));
  const rows = async <T extends object>(table: string, columns: string): Promise<T[]> =>
    tables.has(table) ? (await client.query<T>(`select ${columns} from ${table}`)).rows : [];
  return keysReferencedBy({
    images: await rows<{ variants: string }>('images', 'variants'),
    attachments: await rows<FileRow>('notice_attachments', 'file_key, variants'),
    documents: await rows<FileRow>('application_documents', 'file_key, variants'),
  });
}

/** The tables, views and sequences of every schema that is not PostgreSQL's own: none in an empty database. */
export async function pgObjectCount(client: PgQuery): Promise<number> {
  const { rows } = await client.query<{ n: string }>(
    `select count(*) as n from pg_class c join pg_namespace s on s.oid = c.relnamespace
     where c.relkind in ('r', 'p', 'v', 'm', 'S', 'f')
       and s.nspname not in ('pg_catalog', 'information_schema') and s.nspname not like 'pg_toast%'`,
  );
  return Number(rows[0]!.n);
}

/** The name of the database a postgres:// URL points at. */
export const databaseName = (url: string): string => decodeURIComponent(new URL(url).pathname.slice(1));

/**
 * A new empty database beside the one `url` names, for the restore drill; `drop` removes it (ending any
 * connection left). A role without CREATEDB gets a BackupError that says so.
 */
export async function createScratchPgDatabase(url: string): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `orbit_drill_${randomBytes(6).toString('hex')}`;
  try {
    await withPgClient(url, (c) => c.query(`create database ${name}`));
  } catch (err) {
    if ((err as { code?: string }).code === '42501')
      throw new BackupError(
        `The database role may not create databases, so the weekly restore drill cannot restore the backup into a scratch database. Allow it (ALTER ROLE … CREATEDB) to have every backup restored and compared; the backups themselves are made and checked (pg_restore --list).`,
      );
    throw err;
  }
  const scratch = new URL(url);
  scratch.pathname = `/${name}`;
  return {
    url: scratch.toString(),
    drop: () => withPgClient(url, (c) => c.query(`drop database if exists ${name} with (force)`)).then(() => undefined),
  };
}
