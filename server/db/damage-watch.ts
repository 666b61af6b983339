import type { Db } from './db.ts';

/** When and how the database file was first found damaged while the server ran. */
export interface DamageFound {
  at: string;
  /** SQLite's own words ("database disk image is malformed"), for the log and the owner. */
  detail: string;
}

/** SQLITE_CORRUPT and its extended codes, and SQLITE_NOTADB: the file itself is damaged. */
export const isSqliteDamage = (err: unknown): boolean => {
  const code = (err as { code?: unknown } | null)?.code;
  return typeof code === 'string' && /^SQLITE_(CORRUPT|NOTADB)/u.test(code);
};

/**
 * Remembers the first time a statement of this process met a damaged database file. From then on the
 * server writes nothing more into it (a write into a damaged file can spread the damage over good
 * pages), health answers failing and owners are warned, until the file is restored and the server started
 * again.
 */
export class DamageWatch {
  #found: DamageFound | null = null;
  readonly #listeners: ((found: DamageFound) => void)[] = [];

  get found(): DamageFound | null {
    return this.#found;
  }

  /** Records `err` when it says the file is damaged; anything else is left alone. */
  note(err: unknown, now: Date = new Date()): void {
    if (this.#found || !isSqliteDamage(err)) return;
    this.#found = { at: now.toISOString(), detail: (err as Error).message };
    for (const listener of this.#listeners) listener(this.#found);
  }

  /** Called once, when damage is first met (the server logs it). */
  onFound(listener: (found: DamageFound) => void): void {
    this.#listeners.push(listener);
  }
}

const watches = new WeakMap<object, DamageWatch>();

export function watchDamage(db: Db, watch: DamageWatch): void {
  watches.set(db, watch);
}

/** The damage watch of an SQLite database opened by openDb; undefined for PostgreSQL. */
export const damageWatchOf = (db: Db): DamageWatch | undefined => watches.get(db);
