import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { ApplicationState } from '#common/admission/application.ts';
import { formatBs, toBsDate } from '#common/dates/bs-date.ts';
import {
  DEFAULT_MERIT_RULES,
  type MeritCandidate,
  type MeritEntry,
  type MeritRule,
  computeMerit,
  nextFromWaitlist,
  normaliseRules,
  tieBrokenBy,
} from '#common/admission/merit.ts';
import { endOfNepalDay, nepalToday } from '#common/dates/nepal-time.ts';
import { MeritSettingsSchema, PublishSchema } from '#common/admission/results.ts';
import { audit } from '#server/audit/audit.ts';
import { type Actor, authorize } from '#server/auth/actor.ts';
import type { Clock } from '#server/clock.ts';
import type { Db } from '#server/db/db.ts';
import type { ApplicationRow, MeritSettingsRow } from '#server/db/schema.ts';
import { badRequest, conflict, notFound, refusal } from '#server/errors.ts';
import * as office from '#server/modules/admission/applications/application-office.repository.ts';
import { documentVariants } from '#server/modules/admission/applications/application-files.ts';
import { moveApplication } from '#server/modules/admission/applications/application-move.ts';
import type { ApplicationNotifier } from '#server/modules/admission/applications/application-notices.ts';
import { askBeforeEntrance, beforeEntranceOf } from '#server/modules/admission/entrance/before-entrance.ts';
import type { z } from 'zod';
import * as repo from './merit.repository.ts';

/** Results are published and offers lapse as the server itself, with nobody signed in. */
export const RESULTS_ACTOR: Actor = { kind: 'system', job: 'results' };

const DAY_MS = 86_400_000;

/**
 * A voucher document's file the office opens: the PDF as sent, or its largest picture ('' while a photo's
 * pictures are being drawn: a photo as received is never opened), with its state in the document queue.
 */
function voucherFileOf(
  row:
    | { id: string; format: string; file_key: string | null; variants: string; state: string; failure: string }
    | undefined,
) {
  if (!row) return null;
  const sent = row.format === 'pdf' ? row.file_key : null;
  const key = sent ?? documentVariants(row).sort((a, b) => b.width - a.width)[0]?.key;
  return {
    documentId: row.id,
    file: key ? key.slice(key.lastIndexOf('/') + 1) : '',
    state: row.state === 'processing' || row.state === 'failed' ? row.state : ('ready' as const),
    failure: row.failure,
  };
}

export interface MeritSettings {
  rules: MeritRule[];
  passMarkHundredths: number;
  fullMarksHundredths: number;
  showMarks: boolean;
  listNames: boolean;
  autoOffer: boolean;
  confirmDays: number;
  publishAt: string | null;
  publishedAt: string | null;
  noticeId: string | null;
}

export interface MeritDeps {
  db: Db;
  clock: Clock;
  log: Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;
  notices: ApplicationNotifier;
  /** Called after results or offers change, so every reader (the look-up) sees the new answer. */
  changed: () => void;
}

function parse<T extends z.ZodType>(schema: T, input: unknown): z.output<T> {
  const parsed = schema.safeParse(input);
  if (!parsed.success) throw badRequest('validation', parsed.error.issues[0]?.message);
  return parsed.data;
}

const json = <T>(text: string, fallback: T): T => {
  try {
    return JSON.parse(text) as T;
  } catch {
    return fallback;
  }
};

export function settingsOf(row: MeritSettingsRow | undefined): MeritSettings {
  return {
    rules: normaliseRules(row ? json<string[]>(row.rules, []) : [...DEFAULT_MERIT_RULES]),
    passMarkHundredths: Number(row?.pass_mark_hundredths ?? 0),
    fullMarksHundredths: Number(row?.full_marks_hundredths ?? 10000),
    showMarks: Number(row?.show_marks ?? 0) === 1,
    listNames: Number(row?.list_names ?? 1) === 1,
    autoOffer: Number(row?.auto_offer ?? 1) === 1,
    confirmDays: Number(row?.confirm_days ?? 7),
    publishAt: row?.publish_at ?? null,
    publishedAt: row?.published_at ?? null,
    noticeId: row?.notice_id ?? null,
  };
}

/** The end of the Nepal day `days` after `at`: an offer made today with 7 days runs to midnight a week on. */
export const offerDeadline = (at: Date, days: number): string =>
  endOfNepalDay(nepalToday(new Date(at.getTime() + days * DAY_MS)));

export function createMeritService({ db, clock, log, notices, changed }: MeritDeps) {
  async function seasonExists(seasonId: string) {
    if (!(await repo.seasonExists(db, seasonId))) throw notFound('season');
  }

  /** Every programme's computed list under the season's settings, as it would be published now. */
  async function compute(trx: Db, seasonId: string, settings: MeritSettings) {
    const [programmes, rows] = await Promise.all([repo.programmesOf(trx, seasonId), repo.candidatesOf(trx, seasonId)]);
    return programmes.map((p) => {
      const candidates: MeritCandidate[] = rows
        .filter((r) => r.first_choice === p.id)
        .map((r) => ({
          applicationId: r.id,
          number: Number(r.number),
          rollNumber: Number(r.roll_number),
          marksHundredths: r.marks_hundredths === null ? null : Number(r.marks_hundredths),
          absent: Number(r.absent) === 1,
          gpaHundredths: Number(r.gpa_hundredths),
          grades: json<Record<string, string>>(r.grades, {}),
          birthDate: r.birth_date,
          categoryId: r.category_id,
        }));
      const seats = { seats: Number(p.seats), scholarship: json<Record<string, number>>(p.scholarship_seats, {}) };
      return {
        programme: { id: p.id, nameEn: p.name_en, nameNe: p.name_ne || p.name_en },
        seats,
        entries: computeMerit(candidates, settings, seats),
        candidates,
        missingMarks: candidates.filter((c) => !c.absent && c.marksHundredths === null).length,
      };
    });
  }

  /** One application's move by the results (publishing, the waiting list, an offer closed): the office's one way. */
  async function move(trx: Db, actor: Actor, app: ApplicationRow, to: ApplicationState, at: Date): Promise<boolean> {
    return (await moveApplication(trx, notices.siteUrl, actor, app, to, at, { overSeats: true })) === null;
  }

  async function offer(trx: Db, app: ApplicationRow, seasonId: string, seat: string, days: number, at: Date) {
    await repo.insertOffer(trx, {
      id: randomUUID(),
      application_id: app.id,
      season_id: seasonId,
      programme_id: app.first_choice,
      seat,
      deadline: offerDeadline(at, days),
      state: 'open',
      created_at: at.toISOString(),
      closed_at: null,
    });
  }

  /** Offers the seat an offer gave up to the next on its programme's waiting list, when the season says so. */
  async function offerNext(trx: Db, seasonId: string, programmeId: string, seat: string, at: Date): Promise<void> {
    const settings = settingsOf(await repo.findSettings(trx, seasonId));
    if (!settings.autoOffer) return;
    const waiting = await repo.waitingList(trx, programmeId, seasonId);
    for (let list = waiting; list.length > 0;) {
      const pick = nextFromWaitlist(list, seat);
      if (!pick) return;
      const app = await office.findApplication(trx, pick.next.id);
      if (app && (await move(trx, RESULTS_ACTOR, app, 'offered', at))) {
        await offer(trx, app, seasonId, pick.seat, settings.confirmDays, at);
        return;
      }
      list = list.filter((w) => w.id !== pick.next.id);
    }
  }

  /** Ends an open offer (lapsed, declined) and passes its seat on. */
  async function giveUp(trx: Db, actor: Actor, offerId: string, applicationId: string, how: 'lapsed' | 'declined') {
    const at = clock.now();
    const row = await repo.findOffer(trx, offerId);
    if (!row || !(await repo.closeOffer(trx, offerId, how, '', at.toISOString()))) return false;
    const app = await office.findApplication(trx, applicationId);
    if (app && app.state === 'offered') await move(trx, actor, app, 'withdrawn', at);
    await audit(trx, actor, { kind: 'offer-closed', subject: `${app?.reference ?? ''} ${how}` }, at);
    await offerNext(trx, row.season_id, row.programme_id, row.seat, at);
    return true;
  }

  /**
   * The office moved an application that held a seat (offered or admitted): its open offer is closed
   * (confirmed when admitted, withdrawn otherwise) and, unless it was admitted, the seat it held goes to the
   * next on the waiting list, in the office's transaction with each message queued.
   */
  async function seatLeft(trx: Db, app: ApplicationRow, to: ApplicationState, at: Date): Promise<void> {
    const open = await repo.openOfferOf(trx, app.id);
    const admitted = to === 'admitted';
    if (open) await repo.closeOffer(trx, open.id, admitted ? 'confirmed' : 'withdrawn', 'office', at.toISOString());
    if (admitted) return;
    const held = open ?? (await repo.confirmedOfferOf(trx, app.id));
    if (!held) return;
    await audit(trx, RESULTS_ACTOR, { kind: 'offer-closed', subject: `${app.reference} ${to}: seat passed on` }, at);
    await offerNext(trx, held.season_id, held.programme_id, held.seat, at);
  }

  async function publish(seasonId: string): Promise<boolean> {
    const at = clock.now();
    const done = await db.transaction().execute(async (trx) => {
      if (!(await repo.claimPublication(trx, seasonId, at.toISOString()))) return false;
      const settings = settingsOf(await repo.findSettings(trx, seasonId));
      const lists = await compute(trx, seasonId, settings);
      const entries: MeritEntry[] = [];
      for (const list of lists) {
        for (const e of list.entries) {
          entries.push(e);
          if (e.outcome === 'not-selected') continue;
          const app = await office.findApplication(trx, e.applicationId);
          if (!app) continue;
          const to = e.outcome === 'offered' ? 'offered' : 'waitlisted';
          if (app.state !== to && !(await move(trx, RESULTS_ACTOR, app, to, at))) {
            log.warn({ season: seasonId, state: app.state, to }, 'results: an application could not be moved');
            continue;
          }
          if (to === 'offered') await offer(trx, app, seasonId, e.seat ?? 'open', settings.confirmDays, at);
        }
      }
      await repo.insertEntries(
        trx,
        lists.flatMap((l) =>
          l.entries.map((e) => ({
            application_id: e.applicationId,
            season_id: seasonId,
            programme_id: l.programme.id,
            rank: e.rank,
            outcome: e.outcome,
            reason: e.reason,
            seat: e.seat,
            waitlist_position: e.waitlistPosition,
            created_at: at.toISOString(),
          })),
        ),
      );
      await audit(
        trx,
        RESULTS_ACTOR,
        {
          kind: 'results-published',
          subject: seasonId,
          changes: [
            { field: 'Offered', from: '', to: String(entries.filter((e) => e.outcome === 'offered').length) },
            { field: 'Waitlisted', from: '', to: String(entries.filter((e) => e.outcome === 'waitlisted').length) },
          ],
        },
        at,
      );
      return true;
    });
    if (done) {
      notices.queued();
      changed();
      log.info({ season: seasonId }, 'results published');
    }
    return done;
  }

  return {
    seatLeft,

    async get(actor: Actor, seasonId: string) {
      authorize(actor, 'merit.manage');
      await seasonExists(seasonId);
      const settings = settingsOf(await repo.findSettings(db, seasonId));
      const programmes = await compute(db, seasonId, settings);
      return { settings, programmes: programmes.map(({ candidates: _, ...p }) => p) };
    },

    /**
     * The office's review page: the seasons, the chosen one's settings and computed lists with each candidate's
     * name, marks, GPA and the rule that broke a tie with the one above, and every offer made so far.
     */
    async review(actor: Actor, seasonId?: string) {
      authorize(actor, 'merit.manage');
      const seasons = await repo.listSeasons(db);
      const season = seasonId ? seasons.find((s) => s.id === seasonId) : seasons[0];
      if (seasonId && !season) throw notFound('season');
      if (!season) {
        return {
          seasons,
          season: null,
          settings: settingsOf(undefined),
          programmes: [],
          offers: [],
          categories: [],
          beforeEntrance: null,
        };
      }
      const settings = settingsOf(await repo.findSettings(db, season.id));
      const [lists, people, offers, categories, vouchers] = await Promise.all([
        compute(db, season.id, settings),
        repo.reviewRowsOf(db, season.id),
        repo.offersOf(db, season.id),
        repo.categoriesOf(db, season.id),
        repo.offerVouchersOf(db, season.id),
      ]);
      // Each application's latest voucher photo, opened through the office's audited document route.
      const voucherOf = new Map(vouchers.map((v) => [v.application_id, v]));
      const person = new Map(people.map((p) => [p.id, p]));
      const programmes = lists.map(({ candidates, ...list }) => {
        const byId = new Map(candidates.map((c) => [c.applicationId, c]));
        return {
          ...list,
          entries: list.entries.map((e, i) => {
            const c = byId.get(e.applicationId)!;
            const above = i > 0 && e.rank !== null ? byId.get(list.entries[i - 1]!.applicationId) : undefined;
            return {
              ...e,
              nameEn: person.get(e.applicationId)?.name_en ?? '',
              reference: person.get(e.applicationId)?.reference ?? '',
              marksHundredths: c.marksHundredths,
              absent: c.absent,
              gpaHundredths: c.gpaHundredths,
              categoryId: c.categoryId,
              tieBrokenBy: above ? tieBrokenBy(settings.rules, above, c) : null,
            };
          }),
        };
      });
      return {
        seasons,
        season,
        settings,
        programmes,
        categories: categories.map((c) => ({ id: c.id, nameEn: c.name_en })),
        /** The question asked before publishing now, ahead of the entrance date (null: none to ask). */
        beforeEntrance: await beforeEntranceOf(db, season.id, clock.now(), 'publish the results'),
        offers: offers.map((o) => ({
          id: o.id,
          applicationId: o.application_id,
          programmeId: o.programme_id,
          seat: o.seat,
          deadline: o.deadline,
          state: o.state,
          confirmedHow: o.confirmed_how,
          createdAt: o.created_at,
          closedAt: o.closed_at,
          voucherNumber: o.voucher_number,
          voucherAt: o.voucher_at,
          voucherFile: voucherFileOf(voucherOf.get(o.application_id)),
          reference: o.reference,
          nameEn: o.name_en,
          rollNumber: Number(o.roll_number),
        })),
      };
    },

    /**
     * Seats left per programme of a season once offers exist: seats less confirmed and open offers. Empty
     * before the first offer (the page then shows the seats alone).
     */
    async seatsLeft(seasonId: string): Promise<Record<string, number>> {
      const held = await repo.seatsHeld(db, seasonId);
      if (held.length === 0) return {};
      const programmes = await repo.programmesOf(db, seasonId);
      const byProgramme = new Map(held.map((h) => [h.programme_id, Number(h.held)]));
      return Object.fromEntries(
        programmes.map((p) => [p.id, Math.max(0, Number(p.seats) - (byProgramme.get(p.id) ?? 0))]),
      );
    },

    /** Whether a season's entrance results are published (the public pages then point to the look-up). */
    async resultsPublished(seasonId: string): Promise<boolean> {
      return settingsOf(await repo.findSettings(db, seasonId)).publishedAt !== null;
    },

    /**
     * An application's published outcome for its status page (found by the reference the page has just looked up):
     * null before its season's results are out. An offer says whether it came from the waiting list (an earlier
     * offer lapsed or was declined).
     */
    async outcomeOf(reference: string) {
      const entry = await repo.entryOf(db, reference);
      if (!entry) return null;
      const offer = await repo.latestOfferOf(db, entry.id);
      return {
        outcome: entry.outcome as MeritEntry['outcome'],
        waitlistPosition: entry.waitlist_position === null ? null : Number(entry.waitlist_position),
        offer: offer
          ? {
              state: offer.state as 'open' | 'voucher-sent' | 'confirmed' | 'lapsed' | 'declined',
              deadline: offer.deadline,
              fromWaitlist: entry.outcome === 'waitlisted',
              voucherNumber: offer.state === 'voucher-sent' ? offer.voucher_number : '',
              // Open again after a voucher arrived: the office refused it, and another may be sent.
              voucherRefused: offer.state === 'open' && offer.voucher_at !== null,
            }
          : null,
      };
    },

    /**
     * The applicant declines their open offer from the status page (the caller proved the application theirs by
     * its reference and access key): the seat goes to the next on the list. The history and the audit log name
     * the applicant by the reference, and the audit log records the address the page was posted from.
     */
    async declineOwn(actor: Actor, applicationId: string): Promise<void> {
      authorize(actor, 'application.own.decline', { applicationId });
      await db.transaction().execute(async (trx) => {
        const open = await repo.openOfferOf(trx, applicationId);
        const app = open ? await office.findApplication(trx, applicationId) : undefined;
        if (!open || !app || !(await giveUp(trx, actor, open.id, applicationId, 'declined'))) {
          throw refusal('offer/not-open');
        }
      });
      notices.queued();
      changed();
    },

    async saveSettings(actor: Actor, seasonId: string, input: unknown): Promise<MeritSettings> {
      authorize(actor, 'merit.manage');
      const data = parse(MeritSettingsSchema, input);
      await seasonExists(seasonId);
      const at = clock.now();
      return db.transaction().execute(async (trx) => {
        const before = settingsOf(await repo.findSettings(trx, seasonId));
        if (before.publishedAt) throw refusal('merit/published');
        // The full marks are the range the marks were checked against: never below marks already entered.
        const highest = await repo.highestMarks(trx, seasonId);
        if (highest > Math.round(data.fullMarks * 100)) {
          throw badRequest('validation', `Full marks cannot be below the highest marks entered (${highest / 100}).`);
        }
        await repo.saveSettings(trx, {
          season_id: seasonId,
          rules: JSON.stringify(data.rules),
          pass_mark_hundredths: Math.round(data.passMark * 100),
          full_marks_hundredths: Math.round(data.fullMarks * 100),
          show_marks: data.showMarks ? 1 : 0,
          list_names: data.listNames ? 1 : 0,
          auto_offer: data.autoOffer ? 1 : 0,
          confirm_days: data.confirmDays,
          publish_at: before.publishAt,
          published_at: null,
          notice_id: null,
          updated_at: at.toISOString(),
        });
        const after = settingsOf(await repo.findSettings(trx, seasonId));
        const changes = (
          [
            ['Rules', before.rules.join(', '), after.rules.join(', ')],
            ['Pass mark', String(before.passMarkHundredths / 100), String(after.passMarkHundredths / 100)],
            ['Full marks', String(before.fullMarksHundredths / 100), String(after.fullMarksHundredths / 100)],
            ['Show marks', String(before.showMarks), String(after.showMarks)],
            ['Names on the list', String(before.listNames), String(after.listNames)],
            ['Offer from the waiting list', String(before.autoOffer), String(after.autoOffer)],
            ['Days to confirm', String(before.confirmDays), String(after.confirmDays)],
          ] as const
        )
          .filter(([, from, to]) => from !== to)
          .map(([field, from, to]) => ({ field, from, to }));
        await audit(trx, actor, { kind: 'merit-settings-changed', subject: seasonId, changes }, at);
        return after;
      });
    },

    /** Sets the publish time (Nepal time; none: now). Publishing itself is the schedule's, or now's. */
    async schedule(actor: Actor, seasonId: string, input: unknown): Promise<MeritSettings> {
      authorize(actor, 'merit.manage');
      const { at: when, confirmBeforeEntrance } = parse(PublishSchema, input);
      await seasonExists(seasonId);
      const now = clock.now();
      const publishAt = when ?? now.toISOString();
      await askBeforeEntrance(db, seasonId, new Date(publishAt), 'publish the results', confirmBeforeEntrance);
      await db.transaction().execute(async (trx) => {
        const settings = settingsOf(await repo.findSettings(trx, seasonId));
        if (settings.publishedAt) throw refusal('merit/published');
        const lists = await compute(trx, seasonId, settings);
        const missing = lists.reduce((n, l) => n + l.missingMarks, 0);
        if (missing > 0) {
          throw refusal('merit/not-ready', `${missing} candidate(s) have no marks and are not marked absent.`);
        }
        if (!(await repo.findSettings(trx, seasonId))) {
          await repo.saveSettings(trx, {
            season_id: seasonId,
            rules: JSON.stringify(settings.rules),
            updated_at: now.toISOString(),
            publish_at: null,
            published_at: null,
            notice_id: null,
          });
        }
        await repo.updateSettings(trx, seasonId, { publish_at: publishAt, updated_at: now.toISOString() });
        const bs = formatBs(toBsDate(new Date(publishAt)));
        await audit(
          trx,
          actor,
          {
            kind: 'results-scheduled',
            subject: seasonId,
            changes: [{ field: 'Publish at', from: settings.publishAt ?? '', to: `${bs} ${publishAt}` }],
          },
          now,
        );
      });
      if (Date.parse(publishAt) <= now.getTime()) await publish(seasonId);
      return settingsOf(await repo.findSettings(db, seasonId));
    },

    /** Publishes every season whose time has come; the schedule calls it, with nobody signed in. */
    async publishDue(): Promise<number> {
      const due = await repo.duePublications(db, clock.now().toISOString());
      let n = 0;
      for (const { season_id } of due) if (await publish(season_id)) n++;
      return n;
    },

    /** Lapses every open offer past its deadline, each in its own transaction, and passes its seat on. */
    async lapseDue(): Promise<number> {
      const due = await repo.openOffersDue(db, clock.now().toISOString());
      let n = 0;
      for (const o of due) {
        if (await db.transaction().execute((trx) => giveUp(trx, RESULTS_ACTOR, o.id, o.application_id, 'lapsed'))) n++;
      }
      if (n > 0) {
        notices.queued();
        changed();
      }
      return n;
    },

    /**
     * The office marks the admission fee paid (at the counter, or by the voucher the applicant sent, verified):
     * admitted.
     */
    async confirm(actor: Actor, applicationId: string, how: 'fee-paid' | 'voucher'): Promise<void> {
      authorize(actor, 'merit.manage');
      const at = clock.now();
      await db.transaction().execute(async (trx) => {
        const open = await repo.openOfferOf(trx, applicationId);
        const app = await office.findApplication(trx, applicationId);
        if (!open || !app) throw refusal('offer/not-open');
        // A voucher is verified only when one waits for the office; the fee paid at the counter confirms either.
        if (how === 'voucher' && open.state !== 'voucher-sent') throw refusal('offer/no-voucher');
        if (!(await repo.closeOffer(trx, open.id, 'confirmed', how, at.toISOString()))) throw refusal('offer/not-open');
        if (!(await move(trx, actor, app, 'admitted', at))) throw conflict('application/move-refused');
        await audit(trx, actor, { kind: 'offer-closed', subject: `${app.reference} confirmed (${how})` }, at);
      });
      notices.queued();
      changed();
    },

    /** The applicant declined (told the office): the seat goes to the next on the waiting list. */
    async decline(actor: Actor, applicationId: string): Promise<void> {
      authorize(actor, 'merit.manage');
      await db.transaction().execute(async (trx) => {
        const open = await repo.openOfferOf(trx, applicationId);
        if (!open || !(await giveUp(trx, actor, open.id, applicationId, 'declined'))) throw refusal('offer/not-open');
      });
      notices.queued();
      changed();
    },

    /** Seasons published whose results notice is still owed (made after the publishing commits). */
    noticesOwed: () => repo.noticesOwed(db),
    setNotice: (seasonId: string, noticeId: string) => repo.updateSettings(db, seasonId, { notice_id: noticeId }),
  };
}
export type MeritService = ReturnType<typeof createMeritService>;
