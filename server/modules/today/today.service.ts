import type { ApplicationState } from '#common/admission/application.ts';
import { isForecastYear, seasonForecastYears } from '#common/dates/bs-forecast.ts';
import { nepalToday } from '#common/dates/nepal-time.ts';
import { decide, type Action } from '#common/policy.ts';
import { nextSeasonDay, type SeasonDay } from '#common/admission/season-next-day.ts';
import type { Checklist } from '#common/site-content/site.ts';
import type { Actor, StaffActor } from '#server/auth/actor.ts';
import type { Clock } from '#server/clock.ts';

/** Where the office's applications wait, step by step, in the newest season. */
export interface TodayApplications {
  season: { id: string; name: string } | null;
  counts: Record<ApplicationState, number>;
  /** Applicants' documents accepted and not yet drawn. */
  documentsBeingPrepared: number;
}

/** What needs doing today, for one person: each part only for a role that may act on it (null otherwise). */
export interface Today {
  applications: TodayApplications | null;
  inquiries: { unanswered: number } | null;
  messages: { waitingForSetUp: { email: number; sms: number }; failed: number } | null;
  season: { name: string; next: SeasonDay | null } | null;
  backups: {
    lastGoodAt: string | null;
    offsite: { bucket: string; lastCopyAt: string | null } | null;
    lastDrill: { at: string; ok: boolean } | null;
    disk: { freeBytes: number; totalBytes: number };
    warnings: string[];
  } | null;
  checklist: Checklist | null;
  /**
   * The B.S. calendar: the next year while it is a forecast (not yet checked against the government's
   * calendar), and each season with dates in a forecast year.
   */
  calendar: {
    unconfirmedYear: number | null;
    seasons: { id: string; name: string; years: number[] }[];
    mayConfirm: boolean;
  } | null;
}

/** The services Today reads; each answers for its own part and checks its own permission. */
interface TodaySources {
  clock: Clock;
  applicationOffice: { stateCounts(actor: Actor): Promise<Omit<TodayApplications, 'documentsBeingPrepared'>> };
  documentQueue: { depth(): Promise<{ waiting: number }> };
  inquiries: { countUnhandled(): Promise<number> };
  messages: {
    waitingForSetUp(): Promise<{ email: number; sms: number }>;
    failedCount(actor: Actor): Promise<number>;
  };
  seasons: {
    publicState(): Promise<{ season: { id: string; name: string } & Parameters<typeof nextSeasonDay>[0] } | null>;
    list(actor: Actor): Promise<({ id: string; name: string } & Parameters<typeof nextSeasonDay>[0])[]>;
  };
  calendar: { forecastBasis(): Promise<{ currentYear: number; confirmed: ReadonlySet<number> }> };
  backups: {
    status(actor: Actor): Promise<{
      lastGood: { finishedAt: string } | null;
      offsite: { bucket: string; lastCopyAt: string | null } | null;
      lastDrill: { at: string; ok: boolean } | null;
      disk: { freeBytes: number; totalBytes: number };
      warnings: { message: string }[];
    }>;
  };
  content: { checklist(): Promise<Checklist> };
}

/**
 * The office's first page: how many applications wait at each step, unanswered inquiries, messages that cannot
 * leave or failed, the season's next date, the backups and the disk, and the setup checklist. Each part is read
 * only for a role the policy lets act on it, and all parts are read at once.
 */
export function createTodayService(sources: TodaySources) {
  return {
    async forActor(actor: StaffActor): Promise<Today> {
      const may = (action: Action) => decide(actor, action) === 'allowed';
      const when = <T>(action: Action, read: () => Promise<T>): Promise<T | null> =>
        may(action) ? read() : Promise.resolve(null);
      const [applications, inquiries, messages, season, backups, checklist, calendar] = await Promise.all([
        when('applications.read', async () => {
          const [counts, documents] = await Promise.all([
            sources.applicationOffice.stateCounts(actor),
            sources.documentQueue.depth(),
          ]);
          return { ...counts, documentsBeingPrepared: documents.waiting };
        }),
        when('inquiries.handle', async () => ({ unanswered: await sources.inquiries.countUnhandled() })),
        when('messages.manage', async () => {
          const [waitingForSetUp, failed] = await Promise.all([
            sources.messages.waitingForSetUp(),
            sources.messages.failedCount(actor),
          ]);
          return { waitingForSetUp, failed };
        }),
        when('applications.read', async () => {
          const published = await sources.seasons.publicState();
          if (!published) return null;
          const today = nepalToday(sources.clock.now());
          return { name: published.season.name, next: nextSeasonDay(published.season, today) };
        }),
        when('backups.manage', async () => {
          const s = await sources.backups.status(actor);
          return {
            lastGoodAt: s.lastGood?.finishedAt ?? null,
            offsite: s.offsite,
            lastDrill: s.lastDrill ? { at: s.lastDrill.at, ok: s.lastDrill.ok } : null,
            disk: s.disk,
            warnings: s.warnings.map((w) => w.message),
          };
        }),
        when('admission.edit', () => sources.content.checklist()),
        when('applications.read', async () => {
          // Every season for those who edit seasons; the published one for the others.
          const [basis, seasons] = await Promise.all([
            sources.calendar.forecastBasis(),
            may('seasons.edit')
              ? sources.seasons.list(actor)
              : sources.seasons.publicState().then((p) => (p ? [p.season] : [])),
          ]);
          const { currentYear, confirmed } = basis;
          return {
            unconfirmedYear: isForecastYear(currentYear + 1, currentYear, confirmed) ? currentYear + 1 : null,
            seasons: seasons
              .map((s) => ({ id: s.id, name: s.name, years: seasonForecastYears(s, currentYear, confirmed) }))
              .filter((s) => s.years.length > 0),
            mayConfirm: may('calendar.edit'),
          };
        }),
      ]);
      return { applications, inquiries, messages, season, backups, checklist, calendar };
    },
  };
}
export type TodayService = ReturnType<typeof createTodayService>;
