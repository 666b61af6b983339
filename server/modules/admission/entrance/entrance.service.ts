import { randomBytes, randomUUID } from 'node:crypto';
import type { z } from 'zod';
import { toBsDate } from '#common/dates/bs-date.ts';
import { bsDateString, bsStringToAd } from '#common/dates/bs-date-string.ts';
import {
  type CheckedMarks,
  ENTRANCE_REFUSALS,
  EntranceSessionSchema,
  type MarksProblem,
  MarksGridSchema,
  checkMarks,
  marksText,
  readMarksCsv,
} from '#common/admission/entrance.ts';
import { isoToNepalLocal, nepalLocalToIso } from '#common/dates/nepal-time.ts';
import { audit } from '#server/audit/audit.ts';
import { type Actor, authorize } from '#server/auth/actor.ts';
import type { Clock } from '#server/clock.ts';
import type { Db } from '#server/db/db.ts';
import type { EntranceSessionRow } from '#server/db/schema.ts';
import { badRequest, conflict, notFound } from '#server/errors.ts';
import type { Storage } from '#server/storage/storage.ts';
import { documentVariants } from '#server/modules/admission/applications/application-files.ts';
import {
  type ApplicationNotifier,
  queueApplicationNotice,
} from '#server/modules/admission/applications/application-notices.ts';
import { findSettings } from '#server/modules/admission/results/merit.repository.ts';
import { settingsOf } from '#server/modules/admission/results/merit.service.ts';
import { askBeforeEntrance, beforeEntranceOf } from './before-entrance.ts';
import * as repo from './entrance.repository.ts';

export interface EntranceDeps {
  db: Db;
  storage: Storage;
  clock: Clock;
  /** Tells each guardian that the admit card is ready. */
  notices: ApplicationNotifier;
}

function parse<T extends z.ZodType>(schema: T, input: unknown): z.output<T> {
  const parsed = schema.safeParse(input);
  if (!parsed.success) throw badRequest('validation', parsed.error.issues[0]?.message);
  return parsed.data;
}

/** The code an admit card's QR carries: 144 random bits, so that a card cannot be made up. */
const newCardCode = () => randomBytes(18).toString('base64url');

/** A session as the pages read it: its B.S. day and Nepal time beside the stored instant. */
function sessionView(row: EntranceSessionRow, programmes: string[]) {
  return {
    id: row.id,
    startsAt: row.starts_at,
    date: bsDateString(toBsDate(new Date(row.starts_at))),
    time: isoToNepalLocal(row.starts_at).slice(11, 16),
    minutes: Number(row.minutes),
    placeEn: row.place_en,
    placeNe: row.place_ne,
    capacity: Number(row.capacity),
    bringEn: row.bring_en,
    bringNe: row.bring_ne,
    programmes,
  };
}
export type EntranceSessionView = ReturnType<typeof sessionView>;

/** What the admit card and the print-all page show of one candidate. */
export interface AdmitCard {
  code: string;
  rollNumber: number;
  reference: string;
  nameEn: string;
  nameNe: string;
  programmeEn: string;
  programmeNe: string;
  season: string;
  session: EntranceSessionView;
  /** The applicant's photo as a data: address (never a public file), or '' when there is none. */
  photo: string;
}

export function createEntranceService({ db, storage, clock, notices }: EntranceDeps) {
  /** The season's full marks (its merit settings; 100 until the office sets them): the marks' range. */
  const fullMarksOf = async (trx: Db, seasonId: string) =>
    settingsOf(await findSettings(trx, seasonId)).fullMarksHundredths / 100;

  async function mustSeason(trx: Db, id: string) {
    const season = await repo.findSeason(trx, id);
    if (!season) throw notFound('season');
    return season;
  }

  async function mustSession(trx: Db, id: string) {
    const session = await repo.findSession(trx, id);
    if (!session) throw notFound('session');
    return session;
  }

  /** The checked session as its row's fields, with programmes only of the session's own season. */
  async function sessionFields(trx: Db, seasonId: string, input: unknown) {
    const s = parse(EntranceSessionSchema, input);
    const startsAt = nepalLocalToIso(`${bsStringToAd(s.date)}T${s.time}`);
    if (!startsAt) throw badRequest('validation', 'Enter a real date and time.');
    const own = new Set((await repo.programmesOf(trx, seasonId)).map((p) => p.id));
    const programmes = [...new Set(s.programmes)];
    if (programmes.some((p) => !own.has(p))) throw badRequest('validation', 'Choose programmes of this season.');
    return {
      programmes,
      row: {
        starts_at: startsAt,
        minutes: s.minutes,
        place_en: s.placeEn,
        place_ne: s.placeNe,
        capacity: s.capacity,
        bring_en: s.bringEn,
        bring_ne: s.bringNe,
      },
    };
  }

  const describe = (row: { starts_at: string; place_en: string }) =>
    `${bsDateString(toBsDate(new Date(row.starts_at)))} ${isoToNepalLocal(row.starts_at).slice(11, 16)} ${row.place_en}`;

  async function sessionViews(trx: Db, seasonId: string) {
    const rows = await repo.sessionsOf(trx, seasonId);
    const links = await repo.sessionProgrammes(
      trx,
      rows.map((r) => r.id),
    );
    return rows.map((r) =>
      sessionView(
        r,
        links.filter((l) => l.session_id === r.id).map((l) => l.programme_id),
      ),
    );
  }

  /** Saves checked marks in one transaction, writing one audit entry that lists every roll number changed. */
  async function saveChecked(actor: Actor, seasonId: string, rows: CheckedMarks[], subject: string) {
    return db.transaction().execute(async (trx) => {
      const season = await mustSeason(trx, seasonId);
      const current = new Map((await repo.candidatesOf(trx, seasonId)).map((c) => [Number(c.roll_number), c]));
      const at = clock.now();
      const changes: { field: string; from: string; to: string }[] = [];
      for (const row of rows) {
        const before = current.get(row.rollNumber);
        if (!before) continue;
        const was = Number(before.absent) ? 'absent' : marksText(before.marks_hundredths);
        const now = row.absent ? 'absent' : marksText(row.marksHundredths);
        if (was === now) continue;
        await repo.setMarks(trx, seasonId, row.rollNumber, {
          marks_hundredths: row.absent ? null : row.marksHundredths,
          absent: row.absent ? 1 : 0,
          marks_updated_at: at.toISOString(),
        });
        changes.push({ field: `Roll number ${row.rollNumber}`, from: was, to: now });
      }
      if (changes.length) {
        await audit(
          trx,
          actor,
          { kind: 'entrance-marks-changed', subject: `Season ${season.name}: ${subject}`, changes },
          at,
        );
      }
      return { changed: changes.length };
    });
  }

  /**
   * Roll numbers, seats and admit cards for the season's applications awaiting them (or only one of them),
   * under the season's lock so that roll numbers stay unique however many offices verify at once.
   */
  async function assignIn(trx: Db, actor: Actor, seasonId: string, only?: string) {
    const season = await mustSeason(trx, seasonId);
    await repo.lockRollNumbers(trx, seasonId);
    const waiting = (await repo.awaitingRollNumbers(trx, seasonId)).filter((a) => !only || a.id === only);
    const sessions = await sessionViews(trx, seasonId);
    const counts = await repo.seatedCounts(trx, seasonId);
    const free = new Map(sessions.map((s) => [s.id, s.capacity - (counts.get(s.id)?.seated ?? 0)]));
    const programmeNames = new Map((await repo.programmesOf(trx, seasonId)).map((p) => [p.id, p.name_en]));
    let roll = await repo.lastRollNumber(trx, seasonId);
    const at = clock.now();
    const assigned: { reference: string; rollNumber: number; sessionId: string }[] = [];
    const unseated: { reference: string; programme: string; message: string }[] = [];
    for (const app of waiting) {
      const session = sessions.find((s) => s.programmes.includes(app.first_choice) && (free.get(s.id) ?? 0) > 0);
      if (!session) {
        unseated.push({
          reference: app.reference,
          programme: programmeNames.get(app.first_choice) ?? '',
          message: ENTRANCE_REFUSALS['no-room'],
        });
        continue;
      }
      roll += 1;
      free.set(session.id, free.get(session.id)! - 1);
      await repo.insertCandidate(trx, {
        application_id: app.id,
        season_id: seasonId,
        session_id: session.id,
        roll_number: roll,
        card_code: newCardCode(),
        created_at: at.toISOString(),
      });
      await queueApplicationNotice(trx, notices.siteUrl, app, 'admit-card', at);
      assigned.push({ reference: app.reference, rollNumber: roll, sessionId: session.id });
    }
    if (assigned.length) {
      await audit(
        trx,
        actor,
        {
          kind: 'roll-numbers-assigned',
          subject: `Season ${season.name}: ${assigned.length} roll numbers (${assigned[0]!.rollNumber}–${roll})`,
          changes: unseated.length
            ? [{ field: 'Without a seat', from: '', to: unseated.map((u) => u.reference).join(', ') }]
            : [],
        },
        at,
      );
    }
    return { assigned, unseated };
  }

  async function photoOf(row: { variants: string } | undefined): Promise<string> {
    if (!row) return '';
    const smallest = documentVariants(row)
      .filter((v) => v.format === 'jpeg')
      .sort((a, b) => a.width - b.width)[0];
    if (!smallest) return '';
    const stored = await storage.get(smallest.key);
    if (!stored) return '';
    const chunks: Buffer[] = [];
    for await (const chunk of stored.body) chunks.push(chunk as Buffer);
    return `data:image/jpeg;base64,${Buffer.concat(chunks).toString('base64')}`;
  }

  async function cardOf(
    candidate: { application_id: string; card_code: string; roll_number: number; session_id: string },
    session: EntranceSessionView,
    withPhoto: boolean,
  ): Promise<AdmitCard> {
    const { app, photo } = await repo.cardFacts(db, candidate.application_id);
    if (!app) throw notFound('application');
    return {
      code: candidate.card_code,
      rollNumber: Number(candidate.roll_number),
      reference: app.reference,
      nameEn: app.name_en,
      nameNe: app.name_ne,
      programmeEn: app.programme_en,
      programmeNe: app.programme_ne || app.programme_en,
      season: app.season,
      session,
      photo: withPhoto ? await photoOf(photo) : '',
    };
  }

  async function viewOfSession(trx: Db, id: string) {
    const row = await mustSession(trx, id);
    const links = await repo.sessionProgrammes(trx, [id]);
    return {
      row,
      view: sessionView(
        row,
        links.map((l) => l.programme_id),
      ),
    };
  }

  return {
    /** A season's sessions with their seats taken and cards opened, and how many applications await a roll number. */
    async overview(actor: Actor, seasonId?: string) {
      authorize(actor, 'entrance.manage');
      const seasons = await repo.listSeasons(db);
      const season = seasonId ? seasons.find((s) => s.id === seasonId) : seasons[0];
      if (seasonId && !season) throw notFound('season');
      if (!season) return { seasons, season: null, programmes: [], sessions: [], awaiting: 0, beforeEntrance: null };
      const [programmes, sessions, counts, awaiting] = await Promise.all([
        repo.programmesOf(db, season.id),
        sessionViews(db, season.id),
        repo.seatedCounts(db, season.id),
        repo.awaitingRollNumbers(db, season.id),
      ]);
      return {
        seasons,
        season,
        programmes: programmes.map((p) => ({ id: p.id, nameEn: p.name_en, nameNe: p.name_ne })),
        sessions: sessions.map((s) => ({ ...s, seated: 0, opened: 0, ...counts.get(s.id) })),
        awaiting: awaiting.length,
        /** The question asked before importing marks ahead of the entrance date (null: none to ask). */
        beforeEntrance: await beforeEntranceOf(db, season.id, clock.now(), 'import the marks'),
      };
    },

    async createSession(actor: Actor, seasonId: string, input: unknown): Promise<{ id: string }> {
      authorize(actor, 'entrance.manage');
      return db.transaction().execute(async (trx) => {
        const season = await mustSeason(trx, seasonId);
        const { row, programmes } = await sessionFields(trx, seasonId, input);
        const at = clock.now().toISOString();
        const id = randomUUID();
        await repo.insertSession(trx, { id, season_id: seasonId, ...row, created_at: at, updated_at: at });
        await repo.setSessionProgrammes(trx, id, programmes);
        await audit(
          trx,
          actor,
          { kind: 'entrance-session-created', subject: `Season ${season.name}: ${describe(row)}` },
          clock.now(),
        );
        return { id };
      });
    },

    /** Changes a session; its capacity may not go below the candidates already seated in it. */
    async updateSession(actor: Actor, id: string, input: unknown): Promise<void> {
      authorize(actor, 'entrance.manage');
      await db.transaction().execute(async (trx) => {
        const before = await mustSession(trx, id);
        const { row, programmes } = await sessionFields(trx, before.season_id, input);
        if (row.capacity < (await repo.countSeated(trx, id))) {
          throw conflict('entrance/session-seated', ENTRANCE_REFUSALS['below-seated']);
        }
        await repo.updateSession(trx, id, { ...row, updated_at: clock.now().toISOString() });
        await repo.setSessionProgrammes(trx, id, programmes);
        const changes = [
          { field: 'Starts', from: describe(before), to: describe(row) },
          { field: 'Capacity', from: String(before.capacity), to: String(row.capacity) },
        ].filter((c) => c.from !== c.to);
        await audit(trx, actor, { kind: 'entrance-session-changed', subject: describe(row), changes }, clock.now());
      });
    },

    /** Deletes a session in which nobody is seated. */
    async deleteSession(actor: Actor, id: string): Promise<void> {
      authorize(actor, 'entrance.manage');
      await db.transaction().execute(async (trx) => {
        const before = await mustSession(trx, id);
        if ((await repo.countSeated(trx, id)) > 0) throw conflict('entrance/session-seated', ENTRANCE_REFUSALS.seated);
        await repo.deleteSession(trx, id);
        await audit(trx, actor, { kind: 'entrance-session-deleted', subject: describe(before) }, clock.now());
      });
    },

    /**
     * Gives each application that may sit the entrance (documents verified, fee settled) and has none a roll
     * number (the season's next), a seat in the earliest session serving its first choice with room left,
     * and an admit card; each guardian is told in the same transaction. Those without a seat are listed.
     * The office's button, for re-runs: an application gets its roll number by itself when it is verified.
     */
    async assignRollNumbers(actor: Actor, seasonId: string) {
      authorize(actor, 'entrance.manage');
      const result = await db.transaction().execute((trx) => assignIn(trx, actor, seasonId));
      if (result.assigned.length) notices.queued();
      return result;
    },

    /**
     * Seats one application the moment it may sit the entrance (its documents, and fee when there is one,
     * verified), in the verifying transaction: a roll number and a card when a session of its programme has
     * room; otherwise it waits for a new session and the office's re-run. The caller wakes the outbox.
     */
    async seatWhenReady(trx: Db, actor: Actor, applicationId: string): Promise<boolean> {
      const app = await repo.seasonOfApplication(trx, applicationId);
      if (!app) return false;
      const { assigned } = await assignIn(trx, actor, app.season_id, applicationId);
      return assigned.length > 0;
    },

    /** One session's candidates by roll number: who has opened the card, and the marks. */
    async candidates(actor: Actor, sessionId: string) {
      authorize(actor, 'entrance.manage');
      const { row, view } = await viewOfSession(db, sessionId);
      const season = await mustSeason(db, row.season_id);
      const programmes = new Map((await repo.programmesOf(db, row.season_id)).map((p) => [p.id, p.name_en]));
      const rows = await repo.candidatesOf(db, row.season_id, sessionId);
      return {
        season,
        session: view,
        fullMarks: await fullMarksOf(db, row.season_id),
        /** The question asked before saving marks ahead of the entrance date (null: none to ask). */
        beforeEntrance: await beforeEntranceOf(db, row.season_id, clock.now(), 'save the marks'),
        candidates: rows.map((c) => ({
          applicationId: c.application_id,
          reference: c.reference,
          nameEn: c.name_en,
          nameNe: c.name_ne,
          programme: programmes.get(c.first_choice) ?? '',
          rollNumber: Number(c.roll_number),
          cardOpenedAt: c.card_opened_at,
          marks: marksText(c.marks_hundredths),
          absent: Boolean(Number(c.absent)),
        })),
      };
    },

    /**
     * The marks grid of a session, saved at once: every row is checked first (numbers within 0–full marks,
     * roll numbers of this session, none twice); one bad row and nothing is saved. Before the season's entrance
     * date they are saved only when confirmed, as an import is.
     */
    async saveMarks(actor: Actor, sessionId: string, input: unknown) {
      authorize(actor, 'entrance.manage');
      const { rows, confirmBeforeEntrance } = parse(MarksGridSchema, input);
      const session = await mustSession(db, sessionId);
      const known = new Set(
        (await repo.candidatesOf(db, session.season_id, sessionId)).map((c) => Number(c.roll_number)),
      );
      const checked = checkMarks(
        rows.map((r, i) => ({ line: i + 1, rollNumber: String(r.rollNumber), marks: r.marks, absent: r.absent })),
        known,
        await fullMarksOf(db, session.season_id),
      );
      if (checked.problems.length) throw marksRefused(checked.problems);
      await askBeforeEntrance(db, session.season_id, clock.now(), 'save the marks', confirmBeforeEntrance);
      return saveChecked(actor, session.season_id, checked.rows, `marks of ${describe(session)}`);
    },

    /**
     * A CSV file of marks (roll number, marks or 'absent'/'AB'; with a header, its columns found by name):
     * every bad row named; with `commit` and no bad row, all of it saved. A file with any bad row imports
     * nothing.
     */
    async importMarks(actor: Actor, seasonId: string, csv: string, commit: boolean, confirmBeforeEntrance = false) {
      authorize(actor, 'entrance.manage');
      await mustSeason(db, seasonId);
      const known = new Set((await repo.candidatesOf(db, seasonId)).map((c) => Number(c.roll_number)));
      const { rows: lines, problem } = readMarksCsv(csv);
      if (problem) return { rows: [], problems: [{ line: 1, rollNumber: '', message: problem }], imported: 0 };
      const checked = checkMarks(lines, known, await fullMarksOf(db, seasonId));
      const preview = {
        rows: checked.rows.map((r) => ({
          rollNumber: r.rollNumber,
          marks: r.absent ? 'absent' : marksText(r.marksHundredths),
        })),
        problems: checked.problems,
      };
      if (lines.length === 0) {
        return {
          ...preview,
          problems: [{ line: 1, rollNumber: '', message: 'The file has no rows of marks.' }],
          imported: 0,
        };
      }
      if (!commit || checked.problems.length) return { ...preview, imported: 0 };
      await askBeforeEntrance(db, seasonId, clock.now(), 'import the marks', confirmBeforeEntrance);
      const { changed } = await saveChecked(actor, seasonId, checked.rows, 'marks imported from a CSV file');
      return { ...preview, imported: changed };
    },

    /** Every admit card of a session, one a page, photos included; the opening of the photos is audited. */
    async printCards(actor: Actor, sessionId: string): Promise<{ cards: AdmitCard[] }> {
      authorize(actor, 'entrance.manage');
      const { row, view } = await viewOfSession(db, sessionId);
      const rows = await repo.candidatesOf(db, row.season_id, sessionId);
      const cards: AdmitCard[] = [];
      for (const c of rows) cards.push(await cardOf(c, view, true));
      await db.transaction().execute((trx) =>
        audit(
          trx,
          actor,
          {
            kind: 'application-document-opened',
            subject: `Admit cards with photos: ${describe(row)} (${rows.length})`,
          },
          clock.now(),
        ),
      );
      return { cards };
    },

    /**
     * The admit card of an application, for the applicant who proved it theirs (the status look-up); an
     * applicant of another application is refused. Null when it has none yet. Its first opening is recorded
     * for the office.
     */
    async admitCard(actor: Actor, applicationId: string): Promise<AdmitCard | null> {
      authorize(actor, 'application.own.read', { applicationId });
      const candidate = await repo.findCandidate(db, applicationId);
      if (!candidate) return null;
      const { view } = await viewOfSession(db, candidate.session_id);
      const card = await cardOf(candidate, view, true);
      await db.transaction().execute((trx) => repo.markCardOpened(trx, applicationId, clock.now().toISOString()));
      return card;
    },

    /** Whether an application (by its reference, after the applicant's look-up) has an admit card. */
    async hasAdmitCard(reference: string): Promise<boolean> {
      return Boolean(await repo.candidateOfReference(db, reference));
    },

    /** What a guard checking a card reads: its name, roll number, programme and session; null for a wrong code. */
    async checkCard(code: string): Promise<Omit<AdmitCard, 'photo' | 'reference'> | null> {
      if (!/^[\w-]{10,40}$/u.test(code)) return null;
      const candidate = await repo.findCandidateByCode(db, code);
      if (!candidate) return null;
      const { view } = await viewOfSession(db, candidate.session_id);
      const { photo: _photo, reference: _reference, ...card } = await cardOf(candidate, view, false);
      return card;
    },
  };
}
export type EntranceService = ReturnType<typeof createEntranceService>;

function marksRefused(problems: MarksProblem[]) {
  const listed = problems
    .slice(0, 10)
    .map((p) => p.message)
    .join(' ');
  return badRequest(
    'entrance/marks-refused',
    `Nothing was saved: ${problems.length === 1 ? '1 row is' : `${problems.length} rows are`} not right. ${listed}`,
  );
}
