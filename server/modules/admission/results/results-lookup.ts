import { hash, randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { type ResultOutcome, type ResultView, ResultsLookupSchema } from '#common/admission/results.ts';
import type { Clock } from '#server/clock.ts';
import type { Db } from '#server/db/db.ts';
import { badRequest, refusal, tooManyRequests } from '#server/errors.ts';
import { notePausedLookUps } from '#server/modules/admission/applications/application-intake.repository.ts';
import { limitKeyOf } from '#server/rate-limit/client-key.ts';
import { createMemoryPace } from '#server/rate-limit/memory-pace.ts';
import * as repo from './merit.repository.ts';

/** Addresses (and roll numbers) whose misses are remembered at once: about 100 bytes each, a few MB at most. */
const MAX_ADDRESSES = 50_000;
/**
 * Misses allowed on one roll number, from anywhere: five back to back, then one every twelve minutes. A date
 * of birth is one of about a thousand days: a walk on one roll number takes days and the office is told at
 * once; a parent who mistypes five times waits twelve minutes.
 */
const ROLL_MISSES = { perHour: 5, burst: 5 };
/**
 * The answer to every miss, made once: an unknown roll number and a wrong date of birth get this very object,
 * and a miss on results day's crowd costs no new error and no stack trace (the error handler only reads it).
 */
const MISS = refusal('results/not-found', 'No result matches this roll number and date of birth.');

export interface ResultsLookupDeps {
  db: Db;
  clock: Clock;
  log: Pick<FastifyBaseLogger, 'error'>;
  /**
   * Look-ups that find nothing per address (an IPv6 client's /64) per hour, paced: all of them back to back,
   * then one every hour / this. Successes are not counted (a school lab shares one address).
   */
  failuresPerHour: number;
}

function outcomeOf(published: string, state: string): ResultOutcome {
  if (published === 'not-selected') return 'not-selected';
  if (state === 'offered' || state === 'waitlisted' || state === 'admitted') return state;
  return 'withdrawn';
}

/**
 * The published results, held in memory for results day's crowd: keyed by a keyed hash of the roll number
 * with the date of birth, so a wrong date of birth and an unknown roll number are the same miss (the same
 * work, the same answer) and no date of birth sits in memory as text. Rebuilt when results are published or
 * an offer changes, and by the schedule when another process changed them.
 */
export function createResultsLookup({ db, clock, log, failuresPerHour }: ResultsLookupDeps) {
  const secret = randomBytes(32).toString('base64url');
  // A keyed hash: SHA-256 of this process's random secret followed by the roll number and the date of birth
  // (digits and a date, fixed in form). The keys never leave the process, so nothing can be appended to a
  // known one; one SHA-256 costs an eighth of an HMAC's two, on every look-up of results day (decision 0037).
  const keyOf = (roll: number, birthDate: string) => hash('sha256', `${secret}|${roll}|${birthDate}`, 'base64url');
  let index = new Map<string, ResultView>();
  let version: string | null = null;
  let building: Promise<void> | null = null;
  /**
   * Misses per address and per roll number in this process's memory, so neither a look-up nor a miss waits on
   * the database (a miss written to SQLite one by one held results day's crowd back). The limits are per
   * process: with P processes behind one address's requests, a script gets at most P × the allowance (one
   * process with SQLite; several behind a load balancer with PostgreSQL: decision 0031).
   */
  const misses = createMemoryPace({ perHour: failuresPerHour, burst: failuresPerHour }, MAX_ADDRESSES);
  const rollMisses = createMemoryPace(ROLL_MISSES, MAX_ADDRESSES);
  /** The application of each published roll number, to tell the office of a walk on it. */
  let applicationOfRoll = new Map<number, string>();

  /**
   * Once per pause, a line in the history of the application with this roll number (the office reads it);
   * written after the answer, so a crowd's look-ups never wait on it. Nothing of the applicant is logged.
   */
  function tellOfficeOfPausedLookUps(roll: number, now: number): void {
    const applicationId = applicationOfRoll.get(roll);
    if (!applicationId) return;
    const text = `${ROLL_MISSES.burst} results look-ups of this roll number with a wrong date of birth: its look-ups wait ${Math.round(60 / ROLL_MISSES.perHour)} minutes between tries.`;
    notePausedLookUps(db, applicationId, new Date(now), text).catch((err: unknown) =>
      log.error({ err }, 'recording paused results look-ups failed'),
    );
  }

  async function build(): Promise<void> {
    const seen = await repo.resultsVersion(db);
    const rows = await repo.publishedResults(db);
    const next = new Map<string, ResultView>();
    const applications = new Map<number, string>();
    for (const r of rows) {
      applications.set(Number(r.roll_number), r.application_id);
      const outcome = outcomeOf(r.outcome, r.state);
      const shown = Number(r.show_marks) === 1;
      next.set(keyOf(Number(r.roll_number), r.birth_date), {
        rollNumber: Number(r.roll_number),
        programme: { en: r.name_en, ne: r.name_ne || r.name_en },
        outcome,
        waitlistPosition: outcome === 'waitlisted' ? Number(r.waitlist_position) : null,
        marksHundredths: shown && r.marks_hundredths !== null ? Number(r.marks_hundredths) : null,
        fullMarksHundredths: shown ? Number(r.full_marks_hundredths) : null,
        deadline: outcome === 'offered' ? r.deadline : null,
      });
    }
    index = next;
    applicationOfRoll = applications;
    version = seen;
  }

  /** Builds again now (one build at a time; a call during one waits for a fresh one after it). */
  async function rebuild(): Promise<void> {
    while (building) await building;
    building = build().finally(() => (building = null));
    await building;
  }

  return {
    rebuild,
    /** Builds again when the results changed in the database (another process published or moved an offer). */
    async refreshIfChanged(): Promise<void> {
      if (version === null || (await repo.resultsVersion(db)) !== version) await rebuild();
    },
    /** Marks the index out of date; the next look-up builds it first. */
    invalidate(): void {
      version = null;
      void rebuild().catch((err: unknown) => log.error({ err }, 'rebuilding the results look-up failed'));
    },
    /** Forgets addresses and roll numbers whose allowance is full again, so an idle process holds none. */
    sweep(): void {
      const now = clock.now().getTime();
      misses.sweep(now);
      rollMisses.sweep(now);
    },
    /**
     * A roll number's allowance comes first: once a walk used it up, every look-up of that roll number waits,
     * the right date too. A right answer is never refused because others behind the same address mistyped;
     * misses count against the address, paced, so a mistyping parent waits minutes, not an hour.
     */
    async lookUp(input: unknown, clientIp: string): Promise<ResultView> {
      const now = clock.now().getTime();
      const limited = (waitMs: number) =>
        tooManyRequests('results/lookups-limited', 'Too many look-ups that found nothing.', waitMs / 1000);
      const parsed = ResultsLookupSchema.safeParse(input);
      if (!parsed.success) throw badRequest('validation', parsed.error.issues[0]?.message);
      const roll = parsed.data.rollNumber;
      const rollWait = rollMisses.wait(String(roll), now);
      if (rollWait > 0) throw limited(rollWait);
      if (version === null) await rebuild();
      // A wrong date of birth and an unknown roll number are the same miss of the same key: the same work.
      const found = index.get(keyOf(roll, parsed.data.birthDate));
      if (found) return found;
      const addressWait = misses.take(limitKeyOf(clientIp), now);
      rollMisses.take(String(roll), now);
      if (rollMisses.wait(String(roll), now) > 0) tellOfficeOfPausedLookUps(roll, now);
      if (addressWait > 0) throw limited(addressWait);
      throw MISS;
    },
  };
}
export type ResultsLookup = ReturnType<typeof createResultsLookup>;
