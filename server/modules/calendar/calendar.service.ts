import type { z } from 'zod';
import {
  type BsCalendar,
  type BsCalendarYear,
  type BsConfirmInput,
  BsConfirmInputSchema,
  type BsCorrectionInput,
  BsCorrectionInputSchema,
  BsCorrectionYearSchema,
} from '#common/dates/bs-calendar.ts';
import { isForecastYear } from '#common/dates/bs-forecast.ts';
import { BS_PACKAGE_LAST_YEAR, bsLastYear, bsMonthLength, packageBsYear, toBsDate } from '#common/dates/bs-date.ts';
import { audit } from '#server/audit/audit.ts';
import { changeContent, scheduleNextChange } from '#server/cache/content-version.ts';
import { type Actor, auditNameOf, authorize } from '#server/auth/actor.ts';
import type { Clock } from '#server/clock.ts';
import type { Db } from '#server/db/db.ts';
import { badRequest, notFound } from '#server/errors.ts';
import type { LoadedCalendar } from './calendar-table.ts';
import * as repo from './calendar.repository.ts';

/** The years the page lists around the current one: from the year before to five years on. */
const YEARS_BEFORE = 1;
const YEARS_AFTER = 5;

/** The service's own check of an input (the routes and the page's form check with the same schemas). */
function valid<T extends z.ZodType>(schema: T, input: unknown): z.output<T> {
  const parsed = schema.safeParse(input);
  if (!parsed.success)
    throw badRequest('validation', parsed.error.issues[0]?.message ?? 'The correction is not valid.');
  return parsed.data;
}

const lengthsOf = (year: number): number[] | null =>
  year <= bsLastYear() ? Array.from({ length: 12 }, (_, i) => bsMonthLength(year, i + 1)) : null;

/** The last year of the table the stored corrections make: the package's, extended by following corrected years. */
function lastYearWith(years: ReadonlySet<number>): number {
  let last = BS_PACKAGE_LAST_YEAR;
  while (years.has(last + 1)) last++;
  return last;
}

/**
 * The Bikram Sambat month lengths the office corrects (the package's table plus the stored corrections). Every
 * change commits with its audit entry and moves the content version, so every process reloads the table
 * (calendar-table.ts) and no public page made with the old lengths is served again.
 */
/** When public pages next change by themselves (admission's dates are B.S. days, so they move with the table). */
type NextPublicChange = (db: Db, now: Date) => Promise<string | null>;

export function createCalendarService(db: Db, clock: Clock, table: LoadedCalendar, nextPublicChange: NextPublicChange) {
  /**
   * A change to the corrections: within its transaction the new table is already in use, so the next
   * scheduled change of the public pages is worked out with it; afterwards this process reads the committed
   * table again, whether the change was saved or refused.
   */
  async function change(run: (trx: Db, now: Date) => Promise<void>): Promise<void> {
    try {
      await changeContent(db, clock.now(), async (trx) => {
        const now = clock.now();
        await run(trx, now);
        await table.reload(trx);
        await scheduleNextChange(trx, await nextPublicChange(trx, now));
      });
    } finally {
      await table.reload();
    }
  }

  /** The B.S. year it is now, and the years confirmed from the printed government calendar. */
  async function forecastBasis(from: Db = db): Promise<{ currentYear: number; confirmed: Set<number> }> {
    const rows = await repo.listConfirmations(from);
    return { currentYear: toBsDate(clock.now()).year, confirmed: new Set(rows.map((row) => row.year)) };
  }

  /**
   * Confirms `year` from `source` (or withdraws its confirmation when `source` is null), with the audit entry's
   * line; nothing when the confirmation stays as it was.
   */
  async function setConfirmation(
    trx: Db,
    actor: Actor,
    year: number,
    source: string | null,
    now: Date,
  ): Promise<{ field: string; from: string; to: string }[]> {
    const before = (await repo.listConfirmations(trx)).find((row) => row.year === year);
    if (source === null) {
      if (!before) return [];
      await repo.deleteConfirmation(trx, year);
      return [{ field: 'Confirmed from', from: before.source, to: '' }];
    }
    await repo.writeConfirmation(trx, {
      year,
      source,
      confirmed_at: now.toISOString(),
      confirmed_by: auditNameOf(actor).name,
    });
    return [{ field: 'Confirmed from', from: before?.source ?? '', to: source }];
  }

  async function calendar(): Promise<BsCalendar> {
    const [rows, confirmations] = await Promise.all([repo.listCorrections(db), repo.listConfirmations(db)]);
    const current = toBsDate(clock.now()).year;
    const confirmed = new Set(confirmations.map((row) => row.year));
    const years = new Set<number>([...rows.map((row) => row.year), ...confirmed]);
    for (let year = current - YEARS_BEFORE; year <= current + YEARS_AFTER; year++) years.add(year);
    years.add(bsLastYear() + 1);
    const list: BsCalendarYear[] = [...years]
      .sort((a, b) => a - b)
      .map((year) => {
        const row = rows.find((r) => r.year === year);
        const confirmation = confirmations.find((r) => r.year === year);
        return {
          year,
          months: lengthsOf(year),
          packageMonths: packageBsYear(year),
          correction: row ? { source: row.source, updatedAt: row.updated_at, updatedBy: row.updated_by } : null,
          confirmation: confirmation
            ? {
                source: confirmation.source,
                confirmedAt: confirmation.confirmed_at,
                confirmedBy: confirmation.confirmed_by,
              }
            : null,
          forecast: isForecastYear(year, current, confirmed),
        };
      });
    return { years: list, lastYear: bsLastYear(), currentYear: current };
  }

  return {
    calendar,
    forecastBasis: () => forecastBasis(),

    /**
     * Records that `year`'s month lengths in use were checked against the printed government calendar named by
     * `source`: it is no longer a forecast. A year the calendar does not have yet is corrected first.
     */
    async confirm(actor: Actor, yearInput: number, input: BsConfirmInput): Promise<BsCalendar> {
      authorize(actor, 'calendar.edit');
      const year = valid(BsCorrectionYearSchema, yearInput);
      const { source } = valid(BsConfirmInputSchema, input);
      if (year > bsLastYear()) {
        throw badRequest(
          'validation',
          `Year: enter the month lengths of ${year} B.S. from the government's calendar first (Correct ${year}).`,
        );
      }
      await db.transaction().execute(async (trx) => {
        const now = clock.now();
        const changes = await setConfirmation(trx, actor, year, source, now);
        await audit(trx, actor, { kind: 'calendar-confirmed', subject: `${year} B.S.`, changes }, now);
      });
      return calendar();
    },

    /** Gives `year` these twelve lengths (replacing its correction, if any); a year after the table must follow it. */
    async correct(actor: Actor, yearInput: number, input: BsCorrectionInput): Promise<BsCalendar> {
      authorize(actor, 'calendar.edit');
      const year = valid(BsCorrectionYearSchema, yearInput);
      const { months, source, confirm } = valid(BsCorrectionInputSchema, input);
      await change(async (trx, now) => {
        const rows = await repo.listCorrections(trx);
        const last = lastYearWith(new Set(rows.map((row) => row.year)));
        if (year > last + 1) {
          throw badRequest('validation', `Year: correct ${last + 1} B.S. first; the calendar ends with ${last} B.S.`);
        }
        const before = rows.find((row) => row.year === year);
        const by = auditNameOf(actor).name;
        await repo.writeCorrection(trx, {
          year,
          months: JSON.stringify(months),
          source,
          updated_at: now.toISOString(),
          updated_by: by,
        });
        const was = before ? (JSON.parse(before.months) as number[]).join(' ') : (packageBsYear(year)?.join(' ') ?? '');
        const changes = [
          { field: 'Month lengths', from: was, to: months.join(' ') },
          { field: 'Source', from: before?.source ?? '', to: source },
        ].filter((change) => change.from !== change.to);
        // A confirmation is of the lengths in use: new lengths keep it only when they are confirmed with it.
        if (confirm) changes.push(...(await setConfirmation(trx, actor, year, source, now)));
        else if (was !== months.join(' ')) changes.push(...(await setConfirmation(trx, actor, year, null, now)));
        await audit(trx, actor, { kind: 'calendar-changed', subject: `${year} B.S.`, changes }, now);
      });
      return calendar();
    },

    /** Withdraws the confirmation of `year` (one given by mistake): it is a forecast again if it is after this year. */
    async unconfirm(actor: Actor, yearInput: number): Promise<BsCalendar> {
      authorize(actor, 'calendar.edit');
      const year = valid(BsCorrectionYearSchema, yearInput);
      await db.transaction().execute(async (trx) => {
        const now = clock.now();
        const changes = await setConfirmation(trx, actor, year, null, now);
        if (changes.length === 0) throw notFound('confirmation');
        await audit(trx, actor, { kind: 'calendar-confirmed', subject: `${year} B.S.`, changes }, now);
      });
      return calendar();
    },

    /** Removes the correction of `year`: it has the package's lengths again (a year after the package's table leaves it). */
    async remove(actor: Actor, yearInput: number): Promise<BsCalendar> {
      authorize(actor, 'calendar.edit');
      const year = valid(BsCorrectionYearSchema, yearInput);
      await change(async (trx, now) => {
        const rows = await repo.listCorrections(trx);
        const before = rows.find((row) => row.year === year);
        if (!before) throw notFound('correction');
        const last = lastYearWith(new Set(rows.map((row) => row.year)));
        if (year > BS_PACKAGE_LAST_YEAR && year < last) {
          throw badRequest('validation', `Year: remove ${last} B.S. first; the calendar cannot have a gap.`);
        }
        await repo.deleteCorrection(trx, year);
        // The confirmation was of the corrected lengths: when the package's differ, it goes with them.
        const sameLengths = before.months === JSON.stringify(packageBsYear(year));
        const withdrawn = sameLengths ? [] : await setConfirmation(trx, actor, year, null, now);
        const changes = [
          {
            field: 'Month lengths',
            from: (JSON.parse(before.months) as number[]).join(' '),
            to: packageBsYear(year)?.join(' ') ?? '',
          },
          { field: 'Source', from: before.source, to: '' },
          ...withdrawn,
        ];
        await audit(trx, actor, { kind: 'calendar-changed', subject: `${year} B.S.`, changes }, now);
      });
      return calendar();
    },
  };
}
export type CalendarService = ReturnType<typeof createCalendarService>;
