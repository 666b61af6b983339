import Database from 'better-sqlite3';
import path from 'node:path';
import { E2E_DATA_DIR } from './env.ts';

/** Ends every admin session behind the server's back, as an expiry or a revocation would. */
export function endAllSessions(): void {
  const db = new Database(path.join(E2E_DATA_DIR, 'orbit.sqlite'));
  try {
    db.prepare('delete from sessions').run();
  } finally {
    db.close();
  }
}
