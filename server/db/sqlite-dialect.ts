import type SQLite from 'better-sqlite3';
import {
  type DatabaseConnection,
  type DatabaseIntrospector,
  type Dialect,
  type DialectAdapter,
  type Driver,
  type Kysely,
  type QueryCompiler,
  SqliteAdapter,
  SqliteIntrospector,
  SqliteQueryCompiler,
} from 'kysely';
import type { DamageWatch } from './damage-watch.ts';
import { SqliteSession } from './sqlite-session.ts';
import { WriteLock } from './write-lock.ts';

export interface SplitSqliteConfig {
  /** Opened first; sets WAL mode. Must have busy_timeout 0: waiting is done asynchronously instead. */
  writer: SQLite.Database;
  /** A second connection to the same file, read-only by `query_only`, with busy_timeout 0 too. */
  reader: SQLite.Database;
  busyWaitMs: number;
  /** Sees every failed statement; once the file is found damaged, writes are refused. */
  damage: DamageWatch;
}

/**
 * Kysely's own SQLite driver runs everything on one connection behind one mutex, and relies on
 * busy_timeout, which blocks the whole event loop while another program holds the write lock. This
 * one keeps reads on a reader connection and serialises writes on the writer in JavaScript; see
 * SqliteSession for how the waiting is done.
 */
class SplitSqliteDriver implements Driver {
  readonly #config: SplitSqliteConfig;
  readonly #lock = new WriteLock();
  readonly #reads = new Map<string, SQLite.Statement | null>();
  readonly #writes = new Map<string, SQLite.Statement>();

  constructor(config: SplitSqliteConfig) {
    this.#config = config;
  }

  async init(): Promise<void> {}

  async acquireConnection(): Promise<DatabaseConnection> {
    const { writer, reader, busyWaitMs, damage } = this.#config;
    return new SqliteSession({
      writer,
      reader,
      busyWaitMs,
      damage,
      lock: this.#lock,
      reads: this.#reads,
      writes: this.#writes,
    });
  }

  async beginTransaction(connection: DatabaseConnection): Promise<void> {
    await session(connection).begin();
  }

  async commitTransaction(connection: DatabaseConnection): Promise<void> {
    await session(connection).commit();
  }

  async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    await session(connection).rollback();
  }

  async releaseConnection(connection: DatabaseConnection): Promise<void> {
    session(connection).release();
  }

  async destroy(): Promise<void> {
    this.#config.reader.close();
    this.#config.writer.close();
  }
}

function session(connection: DatabaseConnection): SqliteSession {
  if (!(connection instanceof SqliteSession)) throw new TypeError('Not a connection of this SQLite driver');
  return connection;
}

/** Kysely's SQLite dialect (same SQL, adapter and introspection) on the reader/writer driver above. */
export class SplitSqliteDialect implements Dialect {
  readonly #config: SplitSqliteConfig;

  constructor(config: SplitSqliteConfig) {
    this.#config = config;
  }

  createDriver(): Driver {
    return new SplitSqliteDriver(this.#config);
  }

  createQueryCompiler(): QueryCompiler {
    return new SqliteQueryCompiler();
  }

  createAdapter(): DialectAdapter {
    return new SqliteAdapter();
  }

  createIntrospector(db: Kysely<unknown>): DatabaseIntrospector {
    return new SqliteIntrospector(db);
  }
}
