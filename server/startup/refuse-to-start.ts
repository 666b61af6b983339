import Fastify from 'fastify';
import type { Env } from '#server/env.ts';
import { explainDatabaseFault } from './database-faults.ts';
import { dataPlace } from './start-database.ts';

/**
 * Ends a start that met a fault of the data folder or the database: one plain paragraph on stderr for
 * the person at the terminal, the error with its stack in the log at debug level (in the server's log
 * format), exit code 1. Any other error is rethrown unchanged: it is a bug, and its stack is the report.
 */
export function refuseToStart(err: unknown, env: Env): never {
  const explanation = explainDatabaseFault(err, dataPlace(env));
  if (explanation === undefined) throw err;
  // The app's logger does not exist yet; a bare instance gives the same log lines.
  Fastify({ logger: { level: env.LOG_LEVEL } }).log.debug({ err }, 'start-up refused');
  console.error(explanation);
  process.exit(1);
}
