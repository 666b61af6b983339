import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { BsYearMonthsSchema } from '#common/dates/bs-calendar.ts';
import { setBsMonthCorrections } from '#common/dates/bs-date.ts';
import type { ContentVersion } from '#server/cache/content-version.ts';
import type { Db } from '#server/db/db.ts';
import { listCorrections } from './calendar.repository.ts';

/**
 * The month-length corrections this process converts dates with (common/dates/bs-date.ts), kept in step with the
 * database: every change to them moves the shared content version (they change what public pages show), so
 * a process that sees the version move reads them again before it answers. Processes need no message
 * between them and no restart.
 */
export interface LoadedCalendar {
  /**
   * Reads the corrections again if the content version moved since they were last read: the version `request` was
   * given (ContentVersion.forRequest), else one read now.
   */
  sync(request?: object): Promise<void>;
  /** Reads the corrections now (after this process changed them), from `from` (a transaction) or the database. */
  reload(from?: Db): Promise<void>;
}

const parseJson = (text: string): unknown => {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
};

export function createLoadedCalendar(db: Db, versions: ContentVersion, log: FastifyBaseLogger): LoadedCalendar {
  let loadedVersion = -1;
  let reading: Promise<void> | null = null;

  async function reload(from: Db = db): Promise<void> {
    const table: Record<number, number[]> = {};
    for (const row of await listCorrections(from)) {
      const months = BsYearMonthsSchema.safeParse(parseJson(row.months));
      if (months.success) table[row.year] = months.data;
      else
        log.error(
          { year: row.year },
          'a stored B.S. month-length correction is not valid; the year keeps the package lengths',
        );
    }
    setBsMonthCorrections(table);
  }

  return {
    reload,
    async sync(request) {
      const version = await (request ? versions.forRequest(request) : versions.current());
      // The version is read before the corrections, so the corrections read are never older than it.
      while (version > loadedVersion) {
        reading ??= reload(db)
          .then(() => void (loadedVersion = Math.max(loadedVersion, version)))
          .finally(() => (reading = null));
        await reading;
      }
    },
  };
}

/**
 * Reads the corrections when the server starts, and before each request whenever the content version has
 * moved since (the version is read once per turn of the event loop however many requests ask, and a request's
 * one reading serves the old addresses and the render cache too). A failed read keeps the table this process has
 * and does not fail the request.
 */
export function registerCalendarSync(app: FastifyInstance, table: LoadedCalendar): void {
  const sync = (log: FastifyBaseLogger, request?: object) =>
    table
      .sync(request)
      .catch((err: unknown) =>
        log.error({ err }, 'reading the B.S. month corrections failed; the last ones read stay'),
      );
  app.addHook('onReady', () => sync(app.log));
  app.addHook('onRequest', (request) => sync(request.log, request));
}
