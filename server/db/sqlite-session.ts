import type SQLite from 'better-sqlite3';
import { CompiledQuery, type DatabaseConnection, type QueryResult } from 'kysely';
import { databaseDamaged } from '#server/errors.ts';
import { isOutOfSpace, outOfSpace } from '#server/storage/out-of-space.ts';
import { busyError, isSqliteBusy, retryWhileBusy } from './busy-wait.ts';
import type { DamageWatch } from './damage-watch.ts';
import type { WriteLock } from './write-lock.ts';

export interface SqliteHandles {
  /** The one connection that writes; a session owns it (through `lock`) for a statement or a transaction. */
  writer: SQLite.Database;
  /** Runs read-only SELECTs outside transactions: in WAL mode a reader never waits for a writer. */
  reader: SQLite.Database;
  lock: WriteLock;
  busyWaitMs: number;
  /** The reader's prepared statements by SQL (null: not a read-only statement), shared by every session. */
  reads: Map<string, SQLite.Statement | null>;
  /** The writer's prepared statements by SQL, shared by every session (only one session writes at a time). */
  writes: Map<string, SQLite.Statement>;
  /** Told of every failure; once it has seen the file damaged, no write starts. */
  damage: DamageWatch;
}

/**
 * Prepared statements kept at most, for reads and for writes each; SQL that varies (a list of ids) makes new ones,
 * so a map is emptied past this.
 */
const MAX_PREPARED = 500;

const SELECT = /^\s*(?:select|with)\b/iu;

/**
 * What Kysely sees as a connection. Reads go to the reader at once, so they never queue behind a write
 * that waits for another program's lock. Writes take the writer, retrying SQLITE_BUSY asynchronously
 * until the deadline. A transaction opens with BEGIN IMMEDIATE, so a lock held elsewhere surfaces
 * before any statement runs, never half-way; it then keeps the writer until the session is released.
 */
export class SqliteSession implements DatabaseConnection {
  readonly #h: SqliteHandles;
  #ownsWriter = false;
  #inTransaction = false;

  constructor(handles: SqliteHandles) {
    this.#h = handles;
  }

  async executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    try {
      return await this.#executeQuery<R>(query);
    } catch (err) {
      throw this.#fault(err);
    }
  }

  /**
   * What a failed statement becomes: a damaged file is noted (writes stop), a full disk is the plain 507
   * ('Nothing was saved'), never SQLite's code; anything else stays as it is.
   */
  #fault(err: unknown): unknown {
    this.#h.damage.note(err);
    return isOutOfSpace(err) ? outOfSpace(err) : err;
  }

  async #executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    if (this.#ownsWriter) return this.#onOwnedWriter<R>(query);
    const deadline = Date.now() + this.#h.busyWaitMs;
    const read = this.#prepareRead(query.sql);
    if (read) return retryWhileBusy(() => execute<R>(read, query.parameters), deadline);
    this.#refuseIfDamaged();
    await this.#takeWriter(deadline);
    try {
      return await retryWhileBusy(() => execute<R>(this.#prepareWrite(query.sql), query.parameters), deadline);
    } finally {
      this.#giveBackUnlessInTransaction();
    }
  }

  /** Rows are read in one go: a better-sqlite3 connection can run nothing else while an iterator is open. */
  async *streamQuery<R>(query: CompiledQuery, chunkSize = 100): AsyncIterableIterator<QueryResult<R>> {
    const { rows } = await this.executeQuery<R>(query);
    for (let i = 0; i < rows.length; i += Math.max(1, chunkSize)) yield { rows: rows.slice(i, i + chunkSize) };
  }

  async begin(): Promise<void> {
    this.#refuseIfDamaged();
    const deadline = Date.now() + this.#h.busyWaitMs;
    await this.#takeWriter(deadline);
    this.#inTransaction = true;
    try {
      await retryWhileBusy(() => this.#h.writer.exec('begin immediate'), deadline);
    } catch (err) {
      throw this.#fault(err);
    }
  }

  async commit(): Promise<void> {
    try {
      await this.#onOwnedWriter(CompiledQuery.raw('commit'));
    } catch (err) {
      throw this.#fault(err);
    }
  }

  /** SQLite rolls some failed transactions back by itself; then there is nothing left to roll back. */
  async rollback(): Promise<void> {
    if (this.#ownsWriter && this.#h.writer.inTransaction) await this.#onOwnedWriter(CompiledQuery.raw('rollback'));
  }

  /** Called once Kysely is done with this connection: a transaction left open is rolled back, never kept. */
  release(): void {
    if (!this.#ownsWriter) return;
    if (this.#h.writer.inTransaction) this.#h.writer.exec('rollback');
    this.#inTransaction = false;
    this.#ownsWriter = false;
    this.#h.lock.release();
  }

  /** Nothing more is written into a file found damaged: a write there can spread the damage to good pages. */
  #refuseIfDamaged(): void {
    const { found } = this.#h.damage;
    if (found) throw databaseDamaged(new Error(found.detail));
  }

  /** Preparing costs more than running a small SELECT, so each read is prepared once and kept. */
  #prepareRead(sql: string): SQLite.Statement | undefined {
    const { reads } = this.#h;
    const kept = reads.get(sql);
    if (kept !== undefined) return kept ?? undefined;
    if (!SELECT.test(sql)) return undefined;
    const statement = this.#h.reader.prepare(sql);
    if (reads.size >= MAX_PREPARED) reads.clear();
    reads.set(sql, statement.readonly ? statement : null);
    return statement.readonly ? statement : undefined;
  }

  /**
   * A write is prepared once and kept too: in an application's post, preparing its statements again each time
   * cost about as much as running them. SQLite prepares a kept statement again by itself after the schema changes.
   */
  #prepareWrite(sql: string): SQLite.Statement {
    const { writes } = this.#h;
    const kept = writes.get(sql);
    if (kept) return kept;
    const statement = this.#h.writer.prepare(sql);
    if (writes.size >= MAX_PREPARED) writes.clear();
    writes.set(sql, statement);
    return statement;
  }

  async #takeWriter(deadline: number): Promise<void> {
    await this.#h.lock.acquire(deadline, () => busyError(new Error('timed out behind other writes of this process')));
    this.#ownsWriter = true;
  }

  /**
   * Inside a transaction we already hold SQLite's write lock, so a busy error cannot be waited out
   * statement by statement: it fails the transaction, which Kysely then rolls back whole.
   */
  async #onOwnedWriter<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    try {
      return execute<R>(this.#prepareWrite(query.sql), query.parameters);
    } catch (err) {
      throw isSqliteBusy(err) ? busyError(err) : err;
    } finally {
      this.#giveBackUnlessInTransaction();
    }
  }

  /** A single statement, or a raw BEGIN … COMMIT written in SQL, hands the writer back as soon as it is done. */
  #giveBackUnlessInTransaction(): void {
    if (this.#ownsWriter && !this.#inTransaction && !this.#h.writer.inTransaction) {
      this.#ownsWriter = false;
      this.#h.lock.release();
    }
  }
}

function execute<R>(statement: SQLite.Statement, parameters: readonly unknown[]): QueryResult<R> {
  const values = parameters as unknown[];
  if (statement.reader) return { rows: statement.all(values) as R[] };
  const { changes, lastInsertRowid } = statement.run(values);
  return { numAffectedRows: BigInt(changes), insertId: BigInt(lastInsertRowid), rows: [] };
}
