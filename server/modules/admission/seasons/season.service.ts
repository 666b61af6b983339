import { randomUUID } from 'node:crypto';
import { plural } from '#common/i18n/plural.ts';
import { nextSeasonChange, type SeasonState, seasonState } from '#common/admission/admission-phase.ts';
import {
  type CategoryInput,
  CategoryInputSchema,
  type Programme,
  type ProgrammeInput,
  ProgrammeInputSchema,
  QUOTA_NOTICE_DAYS,
  type QuotaSummary,
  type ScholarshipCategory,
  type Season,
  type SeasonInput,
  SeasonInputSchema,
  type SeasonOverride,
  SEASON_OVERRIDES,
  legalMinimumFreeSeats,
  sameItemName,
} from '#common/admission/admission-season.ts';
import { toBsDate } from '#common/dates/bs-date.ts';
import { bsDateString, bsStringToAd } from '#common/dates/bs-date-string.ts';
import { nepalToday } from '#common/dates/nepal-time.ts';
import { audit } from '#server/audit/audit.ts';
import { contentChanges } from '#server/audit/content-changes.ts';
import { type Actor, authorize } from '#server/auth/actor.ts';
import { changeContent, scheduleNextChange } from '#server/cache/content-version.ts';
import type { Clock } from '#server/clock.ts';
import type { Db } from '#server/db/db.ts';
import { badRequest, conflict, notFound } from '#server/errors.ts';
import type { z } from 'zod';
import * as repo from './season.repository.ts';
import { readPayment, toPaymentDetails, writePayment } from './payment-details.ts';
import type { PaymentDetails } from '#common/admission/payment-details.ts';

/** When public pages next change by themselves, over every module that schedules changes. */
export type NextPublicChange = (db: Db, now: Date) => Promise<string | null>;

/** A season and what hangs on it, as the admin edits it and the public page shows it. */
export interface SeasonView {
  season: Season;
  programmes: Programme[];
  categories: ScholarshipCategory[];
  quota: QuotaSummary;
  state: SeasonState;
  /** Where parents pay; a programme's own `payment`, when it has an account, wins for its applicants. */
  payment: PaymentDetails;
}

function parse<T extends z.ZodType>(schema: T, input: unknown): z.output<T> {
  const parsed = schema.safeParse(input);
  if (!parsed.success) throw badRequest('validation', parsed.error.issues[0]?.message);
  return parsed.data;
}

const toSeason = (row: repo.SeasonRow): Season => ({
  id: row.id,
  name: row.name,
  opensOn: row.opens_on,
  closesOn: row.closes_on,
  lateClosesOn: row.late_closes_on,
  lateFee: Number(row.late_fee),
  entranceOn: row.entrance_on,
  resultsOn: row.results_on,
  admissionDeadline: row.admission_deadline,
  expectedEnrolment: Number(row.expected_enrolment),
  documentsEn: row.documents_en,
  documentsNe: row.documents_ne,
  statusOverride: (SEASON_OVERRIDES as readonly string[]).includes(row.status_override)
    ? (row.status_override as SeasonOverride)
    : '',
  publishedAt: row.published_at,
  quotaPublishedOn: row.quota_published_on,
  updatedAt: row.updated_at,
});

const seasonColumns = (s: SeasonInput) => ({
  name: s.name,
  opens_on: s.opensOn,
  closes_on: s.closesOn,
  late_closes_on: s.lateClosesOn,
  late_fee: s.lateFee,
  entrance_on: s.entranceOn,
  results_on: s.resultsOn,
  admission_deadline: s.admissionDeadline,
  expected_enrolment: s.expectedEnrolment,
  documents_en: s.documentsEn,
  documents_ne: s.documentsNe,
});

/** Stored JSON that no longer reads is shown as empty rather than breaking the page. */
function json<T>(text: string, empty: T): T {
  try {
    return JSON.parse(text) as T;
  } catch {
    return empty;
  }
}

const toProgramme = (row: repo.ProgrammeRow): Programme => ({
  id: row.id,
  nameEn: row.name_en,
  nameNe: row.name_ne,
  stream: row.stream as Programme['stream'],
  seats: Number(row.seats),
  fees: json(row.fees, []),
  admissionFeeForContinuing: Boolean(Number(row.admission_fee_for_continuing)),
  feeApprovedBy: row.fee_approved_by,
  feeApprovedOn: row.fee_approved_on,
  feeReference: row.fee_reference,
  minGpa: Number(row.min_gpa_hundredths) / 100,
  minGrades: json(row.min_grades, []),
  scholarshipSeats: json(row.scholarship_seats, {}),
  applicationFee: Number(row.application_fee),
  payment: (({ qr: _, ...details }) => details)(readPayment(row.payment)),
});

const programmeColumns = (p: ProgrammeInput) => ({
  name_en: p.nameEn,
  name_ne: p.nameNe,
  stream: p.stream,
  seats: p.seats,
  fees: JSON.stringify(p.fees),
  admission_fee_for_continuing: p.admissionFeeForContinuing ? 1 : 0,
  fee_approved_by: p.feeApprovedBy,
  fee_approved_on: p.feeApprovedOn,
  fee_reference: p.feeReference,
  min_gpa_hundredths: Math.round(p.minGpa * 100),
  min_grades: JSON.stringify(p.minGrades),
  scholarship_seats: JSON.stringify(p.scholarshipSeats),
  application_fee: p.applicationFee,
  // Left as it is when a client sends no payment details.
  ...(p.payment ? { payment: writePayment({ ...p.payment, qr: null }) } : {}),
});

const toCategory = (row: repo.CategoryRow): ScholarshipCategory => ({
  id: row.id,
  nameEn: row.name_en,
  nameNe: row.name_ne,
  proofEn: row.proof_en,
  proofNe: row.proof_ne,
});

const DAY_MS = 86_400_000;
const daysBetween = (fromAd: string, toAd: string) => (Date.parse(toAd) - Date.parse(fromAd)) / DAY_MS;

/** The quota against the legal minimum, and what the office should be warned of before publishing. */
export function quotaOf(
  season: Season,
  programmes: Programme[],
  categories: ScholarshipCategory[],
  today: string,
): QuotaSummary {
  const totalSeats = programmes.reduce((sum, p) => sum + p.seats, 0);
  const enrolment = season.expectedEnrolment || totalSeats;
  const legalMinimum = legalMinimumFreeSeats(enrolment);
  const byCategory: Record<string, number> = {};
  for (const c of categories) byCategory[c.id] = 0;
  for (const p of programmes) {
    for (const [id, seats] of Object.entries(p.scholarshipSeats)) {
      if (id in byCategory) byCategory[id] = (byCategory[id] ?? 0) + seats;
    }
  }
  const declared = Object.values(byCategory).reduce((a, b) => a + b, 0);
  let daysPublicBeforeClosing: number | null = null;
  try {
    const from = season.quotaPublishedOn ? bsStringToAd(season.quotaPublishedOn) : today;
    daysPublicBeforeClosing = daysBetween(from, bsStringToAd(season.closesOn)) + 1;
  } catch {
    daysPublicBeforeClosing = null;
  }
  const warnings: string[] = [];
  if (declared < legalMinimum) {
    warnings.push(
      `The quota declares ${declared} free ${plural('en', declared, 'seat', 'seats')}; the law asks for at least ${legalMinimum} for an enrolment of ${enrolment}.`,
    );
  }
  if (daysPublicBeforeClosing !== null && daysPublicBeforeClosing < QUOTA_NOTICE_DAYS) {
    warnings.push(
      `The quota would be public for ${Math.max(daysPublicBeforeClosing, 0)} days before applications close; it should be up for at least ${QUOTA_NOTICE_DAYS}.`,
    );
  }
  return { totalSeats, enrolment, legalMinimum, declared, byCategory, daysPublicBeforeClosing, warnings };
}

/** The season's state today, or null when its dates no longer convert (a calendar year removed). */
function stateOf(season: Season, now: Date): SeasonState | null {
  try {
    return seasonState(season, nepalToday(now));
  } catch {
    return null;
  }
}

/** The first instant after `now` at which the public season changes by itself (for the render cache). */
export async function nextPublicSeasonChange(db: Db, now: Date): Promise<string | null> {
  const row = await repo.findPublicSeason(db);
  if (!row) return null;
  try {
    return nextSeasonChange(toSeason(row), now);
  } catch {
    return null;
  }
}

export function createSeasonService(
  db: Db,
  clock: Clock,
  nextPublicChange: NextPublicChange,
  urlFor: (key: string) => string = (key) => `/media/${key}`,
) {
  /** A write to admission: the content counter moves and the next scheduled change is recorded with it. */
  const write = <T>(run: (trx: Db, now: Date) => Promise<T>) =>
    changeContent(db, clock.now(), async (trx) => {
      const now = clock.now();
      const result = await run(trx, now);
      await scheduleNextChange(trx, await nextPublicChange(trx, now));
      return result;
    });

  async function seasonOrThrow(trx: Db, id: string): Promise<repo.SeasonRow> {
    const row = await repo.findSeason(trx, id);
    if (!row) throw notFound('season');
    return row;
  }

  async function viewOf(trx: Db, row: repo.SeasonRow): Promise<SeasonView> {
    const now = clock.now();
    const season = toSeason(row);
    const programmes = (await repo.listProgrammes(trx, row.id)).map(toProgramme);
    const categories = (await repo.listCategories(trx, row.id)).map(toCategory);
    const state = stateOf(season, now) ?? {
      status: 'ADMISSION ENQUIRY' as const,
      phase: 'upcoming' as const,
      closingSoonDays: null,
      overridden: false,
    };
    const quota = quotaOf(season, programmes, categories, nepalToday(now));
    return {
      season,
      programmes,
      categories,
      quota,
      state,
      payment: toPaymentDetails(readPayment(row.payment), urlFor),
    };
  }

  async function uniqueName(trx: Db, name: string, id?: string) {
    const other = await repo.findSeasonByName(trx, name);
    if (other && other.id !== id) throw conflict('admission/season-exists', `A season named ${name} already exists.`);
  }

  /** Refuses a programme named like another of the season (its English name), other than `id` itself. */
  async function uniqueProgramme(trx: Db, seasonId: string, data: ProgrammeInput, id?: string) {
    for (const other of await repo.listProgrammes(trx, seasonId)) {
      if (other.id === id) continue;
      if (sameItemName(other.name_en, data.nameEn)) {
        throw conflict('admission/programme-exists', `This season already has a programme named ${other.name_en}.`);
      }
    }
  }

  /** Refuses a scholarship category named like another of the season (its English name), other than `id`. */
  async function uniqueCategory(trx: Db, seasonId: string, data: CategoryInput, id?: string) {
    for (const other of await repo.listCategories(trx, seasonId)) {
      if (other.id === id) continue;
      if (sameItemName(other.name_en, data.nameEn)) {
        throw conflict('admission/category-exists', `This season already has a category named ${other.name_en}.`);
      }
    }
  }

  return {
    /**
     * The public season and its state today, without its programmes (the admission status on every page), or
     * null when none is published or its dates no longer convert.
     */
    async publicState(): Promise<{ season: Season; state: SeasonState } | null> {
      const row = await repo.findPublicSeason(db);
      if (!row) return null;
      const season = toSeason(row);
      const state = stateOf(season, clock.now());
      return state ? { season, state } : null;
    },

    /** The published season the public sees, or null (then the manual switch decides). */
    async publicSeason(): Promise<SeasonView | null> {
      const row = await repo.findPublicSeason(db);
      if (!row) return null;
      const view = await viewOf(db, row);
      return stateOf(view.season, clock.now()) ? view : null;
    },

    async list(actor: Actor): Promise<(Season & { state: SeasonState | null })[]> {
      authorize(actor, 'seasons.edit');
      const now = clock.now();
      return (await repo.listSeasons(db)).map(toSeason).map((s) => ({ ...s, state: stateOf(s, now) }));
    },

    async get(actor: Actor, id: string): Promise<SeasonView> {
      authorize(actor, 'seasons.edit');
      return viewOf(db, await seasonOrThrow(db, id));
    },

    async create(actor: Actor, input: SeasonInput): Promise<Season> {
      authorize(actor, 'seasons.edit');
      const data = parse(SeasonInputSchema, input);
      return write(async (trx, now) => {
        await uniqueName(trx, data.name);
        const at = now.toISOString();
        const id = randomUUID();
        await repo.insertSeason(trx, {
          id,
          ...seasonColumns(data),
          status_override: '',
          published_at: null,
          quota_published_on: '',
          created_at: at,
          updated_at: at,
        });
        await audit(trx, actor, { kind: 'season-created', subject: `Season ${data.name}` }, now);
        return toSeason(await seasonOrThrow(trx, id));
      });
    },

    async update(actor: Actor, id: string, input: SeasonInput): Promise<Season> {
      authorize(actor, 'seasons.edit');
      const data = parse(SeasonInputSchema, input);
      return write(async (trx, now) => {
        const before = toSeason(await seasonOrThrow(trx, id));
        await uniqueName(trx, data.name, id);
        await repo.updateSeason(trx, id, { ...seasonColumns(data), updated_at: now.toISOString() });
        const after = toSeason(await seasonOrThrow(trx, id));
        const { updatedAt: _b, ...was } = before;
        const { updatedAt: _a, ...is } = after;
        await audit(
          trx,
          actor,
          { kind: 'season-changed', subject: `Season ${after.name}`, changes: contentChanges(was, is) },
          now,
        );
        return after;
      });
    },

    /** Deletes a draft season with its programmes and categories; a published one stays on record. */
    async remove(actor: Actor, id: string): Promise<void> {
      authorize(actor, 'seasons.edit');
      await write(async (trx, now) => {
        const row = await seasonOrThrow(trx, id);
        if (row.published_at) {
          throw conflict('admission/season-published', `Season ${row.name} has been published and is kept on record.`);
        }
        await repo.deleteSeason(trx, id);
        await audit(trx, actor, { kind: 'season-deleted', subject: `Season ${row.name}` }, now);
      });
    },

    /**
     * Publishes a season: its dates then move the public status, and its quota goes public today. A quota
     * below the law's minimum is refused unless the office confirms it knows.
     */
    async publish(actor: Actor, id: string, options: { belowMinimum: boolean }): Promise<SeasonView> {
      authorize(actor, 'seasons.edit');
      return write(async (trx, now) => {
        const row = await seasonOrThrow(trx, id);
        const view = await viewOf(trx, row);
        if (view.programmes.length === 0) {
          throw conflict('admission/season-incomplete', 'Add at least one programme before publishing the season.');
        }
        if (view.quota.declared < view.quota.legalMinimum && !options.belowMinimum) {
          throw conflict('admission/quota-below-minimum', view.quota.warnings[0]);
        }
        await repo.updateSeason(trx, id, {
          published_at: row.published_at ?? now.toISOString(),
          quota_published_on: row.quota_published_on || bsDateString(toBsDate(now)),
          updated_at: now.toISOString(),
        });
        const subject = `Season ${row.name}`;
        const changes = view.quota.warnings.map((w) => ({ field: 'Warning', from: '', to: w }));
        await audit(trx, actor, { kind: 'season-published', subject, changes }, now);
        return viewOf(trx, await seasonOrThrow(trx, id));
      });
    },

    /**
     * Takes a published season off the public pages (published by mistake): the manual switch decides again,
     * and publishing it later makes its quota public from that day.
     */
    async withdraw(actor: Actor, id: string): Promise<Season> {
      authorize(actor, 'seasons.edit');
      return write(async (trx, now) => {
        const row = await seasonOrThrow(trx, id);
        if (!row.published_at) return toSeason(row);
        await repo.updateSeason(trx, id, { published_at: null, quota_published_on: '', updated_at: now.toISOString() });
        await audit(trx, actor, { kind: 'season-withdrawn', subject: `Season ${row.name}` }, now);
        return toSeason(await seasonOrThrow(trx, id));
      });
    },

    /** An owner sets the public status instead of the dates ('' to follow the dates again). */
    async override(actor: Actor, id: string, status: SeasonOverride): Promise<Season> {
      authorize(actor, 'seasons.override');
      if (!(SEASON_OVERRIDES as readonly string[]).includes(status)) {
        throw badRequest('validation', 'Choose a status, or follow the dates.');
      }
      return write(async (trx, now) => {
        const before = await seasonOrThrow(trx, id);
        await repo.updateSeason(trx, id, { status_override: status, updated_at: now.toISOString() });
        const label = (s: string) => s || 'Follow the dates';
        await audit(
          trx,
          actor,
          {
            kind: 'season-override',
            subject: `Season ${before.name}`,
            changes: [{ field: 'Public status', from: label(before.status_override), to: label(status) }],
          },
          now,
        );
        return toSeason(await seasonOrThrow(trx, id));
      });
    },

    async addProgramme(actor: Actor, seasonId: string, input: ProgrammeInput): Promise<Programme> {
      authorize(actor, 'seasons.edit');
      const data = parse(ProgrammeInputSchema, input);
      return write(async (trx, now) => {
        const season = await seasonOrThrow(trx, seasonId);
        await knownCategories(trx, seasonId, data);
        await uniqueProgramme(trx, seasonId, data);
        const at = now.toISOString();
        const id = randomUUID();
        const position = await repo.nextPosition(trx, 'admission_programmes', seasonId);
        await repo.insertProgramme(trx, {
          id,
          season_id: seasonId,
          position,
          ...programmeColumns(data),
          created_at: at,
          updated_at: at,
        });
        await audit(
          trx,
          actor,
          { kind: 'season-changed', subject: `Season ${season.name}: programme ${data.nameEn} added` },
          now,
        );
        return toProgramme((await repo.findProgramme(trx, id))!);
      });
    },

    async updateProgramme(actor: Actor, id: string, input: ProgrammeInput): Promise<Programme> {
      authorize(actor, 'seasons.edit');
      const data = parse(ProgrammeInputSchema, input);
      return write(async (trx, now) => {
        const row = await repo.findProgramme(trx, id);
        if (!row) throw notFound('programme');
        await knownCategories(trx, row.season_id, data);
        await uniqueProgramme(trx, row.season_id, data, id);
        const season = await seasonOrThrow(trx, row.season_id);
        await repo.updateProgramme(trx, id, { ...programmeColumns(data), updated_at: now.toISOString() });
        const after = toProgramme((await repo.findProgramme(trx, id))!);
        const { id: _b, ...was } = toProgramme(row);
        const { id: _a, ...is } = after;
        await audit(
          trx,
          actor,
          {
            kind: 'season-changed',
            subject: `Season ${season.name}: programme ${after.nameEn}`,
            changes: contentChanges(was, is),
          },
          now,
        );
        return after;
      });
    },

    async removeProgramme(actor: Actor, id: string): Promise<void> {
      authorize(actor, 'seasons.edit');
      await write(async (trx, now) => {
        const row = await repo.findProgramme(trx, id);
        if (!row) throw notFound('programme');
        const season = await seasonOrThrow(trx, row.season_id);
        await repo.deleteProgramme(trx, id);
        await audit(
          trx,
          actor,
          { kind: 'season-changed', subject: `Season ${season.name}: programme ${row.name_en} removed` },
          now,
        );
      });
    },

    async addCategory(actor: Actor, seasonId: string, input: CategoryInput): Promise<ScholarshipCategory> {
      authorize(actor, 'seasons.edit');
      const data = parse(CategoryInputSchema, input);
      return write(async (trx, now) => {
        const season = await seasonOrThrow(trx, seasonId);
        await uniqueCategory(trx, seasonId, data);
        const id = randomUUID();
        const position = await repo.nextPosition(trx, 'scholarship_categories', seasonId);
        await repo.insertCategory(trx, {
          id,
          season_id: seasonId,
          position,
          name_en: data.nameEn,
          name_ne: data.nameNe,
          proof_en: data.proofEn,
          proof_ne: data.proofNe,
        });
        await audit(
          trx,
          actor,
          { kind: 'season-changed', subject: `Season ${season.name}: scholarship ${data.nameEn} added` },
          now,
        );
        return toCategory((await repo.findCategory(trx, id))!);
      });
    },

    async updateCategory(actor: Actor, id: string, input: CategoryInput): Promise<ScholarshipCategory> {
      authorize(actor, 'seasons.edit');
      const data = parse(CategoryInputSchema, input);
      return write(async (trx, now) => {
        const row = await repo.findCategory(trx, id);
        if (!row) throw notFound('scholarship category');
        await uniqueCategory(trx, row.season_id, data, id);
        const season = await seasonOrThrow(trx, row.season_id);
        await repo.updateCategory(trx, id, {
          name_en: data.nameEn,
          name_ne: data.nameNe,
          proof_en: data.proofEn,
          proof_ne: data.proofNe,
        });
        const { id: _, ...was } = toCategory(row);
        await audit(
          trx,
          actor,
          {
            kind: 'season-changed',
            subject: `Season ${season.name}: scholarship ${data.nameEn}`,
            changes: contentChanges(was, data),
          },
          now,
        );
        return toCategory((await repo.findCategory(trx, id))!);
      });
    },

    /** Removes a category and its seats from every programme of the season. */
    async removeCategory(actor: Actor, id: string): Promise<void> {
      authorize(actor, 'seasons.edit');
      await write(async (trx, now) => {
        const row = await repo.findCategory(trx, id);
        if (!row) throw notFound('scholarship category');
        const season = await seasonOrThrow(trx, row.season_id);
        for (const p of await repo.listProgrammes(trx, row.season_id)) {
          const seats = json<Record<string, number>>(p.scholarship_seats, {});
          if (id in seats) {
            delete seats[id];
            await repo.updateProgramme(trx, p.id, { scholarship_seats: JSON.stringify(seats) });
          }
        }
        await repo.deleteCategory(trx, id);
        await audit(
          trx,
          actor,
          { kind: 'season-changed', subject: `Season ${season.name}: scholarship ${row.name_en} removed` },
          now,
        );
      });
    },
  };

  async function knownCategories(trx: Db, seasonId: string, data: ProgrammeInput) {
    const ids = new Set((await repo.listCategories(trx, seasonId)).map((c) => c.id));
    for (const id of Object.keys(data.scholarshipSeats)) {
      if (!ids.has(id)) throw badRequest('validation', 'Scholarship seats name a category this season does not have.');
    }
  }
}

export type SeasonService = ReturnType<typeof createSeasonService>;
