import {
  type CompiledQuery,
  type DatabaseConnection,
  type Driver,
  PostgresDialect,
  type QueryCompiler,
  type QueryResult,
  type TransactionSettings,
} from 'kysely';
import { busyError } from './busy-wait.ts';

/** SQLSTATE lock_not_available: the session's lock_timeout ran out while another session held a lock. */
const LOCK_NOT_AVAILABLE = '55P03';

const mapLockTimeout = (err: unknown): unknown =>
  typeof err === 'object' && err !== null && (err as { code?: unknown }).code === LOCK_NOT_AVAILABLE
    ? busyError(err)
    : err;

class LockTimeoutConnection implements DatabaseConnection {
  constructor(readonly inner: DatabaseConnection) {}

  async executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    try {
      return await this.inner.executeQuery<R>(query);
    } catch (err) {
      throw mapLockTimeout(err);
    }
  }

  async *streamQuery<R>(query: CompiledQuery, chunkSize?: number): AsyncIterableIterator<QueryResult<R>> {
    try {
      yield* this.inner.streamQuery<R>(query, chunkSize);
    } catch (err) {
      throw mapLockTimeout(err);
    }
  }
}

const inner = (connection: DatabaseConnection): DatabaseConnection =>
  connection instanceof LockTimeoutConnection ? connection.inner : connection;

/**
 * Kysely's PostgreSQL driver, with a lock wait that ran out (lock_timeout, set on every connection)
 * turned into the same 503 error as a busy SQLite file, so routes and page actions handle one error.
 * Transaction statements go through the wrapper too (a lock wait can run out on any of them); the
 * pool's own release needs the driver's original connection.
 */
class LockTimeoutDriver implements Driver {
  constructor(readonly driver: Driver) {}

  init = (): Promise<void> => this.driver.init();
  destroy = (): Promise<void> => this.driver.destroy();

  async acquireConnection(): Promise<DatabaseConnection> {
    return new LockTimeoutConnection(await this.driver.acquireConnection());
  }

  beginTransaction = (connection: DatabaseConnection, settings: TransactionSettings) =>
    this.driver.beginTransaction(connection, settings);
  commitTransaction = (connection: DatabaseConnection) => this.driver.commitTransaction(connection);
  rollbackTransaction = (connection: DatabaseConnection) => this.driver.rollbackTransaction(connection);
  releaseConnection = (connection: DatabaseConnection) => this.driver.releaseConnection(inner(connection));

  savepoint = (connection: DatabaseConnection, name: string, compile: QueryCompiler['compileQuery']) =>
    this.driver.savepoint!(connection, name, compile);
  rollbackToSavepoint = (connection: DatabaseConnection, name: string, compile: QueryCompiler['compileQuery']) =>
    this.driver.rollbackToSavepoint!(connection, name, compile);
  releaseSavepoint = (connection: DatabaseConnection, name: string, compile: QueryCompiler['compileQuery']) =>
    this.driver.releaseSavepoint!(connection, name, compile);
}

export class LockTimeoutPostgresDialect extends PostgresDialect {
  override createDriver(): Driver {
    return new LockTimeoutDriver(super.createDriver());
  }
}
