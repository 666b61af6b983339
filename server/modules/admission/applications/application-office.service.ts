import { randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import type { FastifyBaseLogger } from 'fastify';
import {
  APPLICATION_STATES,
  type ApplicationState,
  CLOSED_STATES,
  documentKindsIn,
  STORED_DOCUMENT_KINDS,
  type StoredDocumentKind,
  type PaymentState,
  STATE_MOVES,
  stateMoveProblem,
} from '#common/admission/application.ts';
import {
  APPLICATIONS_PAGE_SIZE,
  type ApplicationDetail,
  type ApplicationFilters,
  ApplicationFiltersSchema,
  type ApplicationsPage,
  type ExportLayout,
  NoteSchema,
  PaymentDecisionSchema,
  RestoreSchema,
  type RestorePlan,
  UndoSchema,
  type UndoPlan,
  STATE_LABELS,
  REJECTION_CONSEQUENCE,
  STATE_REFUSALS,
  askedMove,
  type StateChangeResult,
  type ApplicationDocumentView,
  type StateChange,
  StateChangeSchema,
  type StateRefusal,
} from '#common/admission/application-office.ts';
import { bsStringToAd } from '#common/dates/bs-date-string.ts';
import { endOfNepalDay } from '#common/dates/nepal-time.ts';
import { audit } from '#server/audit/audit.ts';
import { type Actor, auditNameOf, authorize } from '#server/auth/actor.ts';
import type { Clock } from '#server/clock.ts';
import type { Db } from '#server/db/db.ts';
import type { ApplicationDocumentRow, ApplicationRow } from '#server/db/schema.ts';
import { type AppError, badRequest, conflict, notFound } from '#server/errors.ts';
import { type Storage, contentTypeForKey } from '#server/storage/storage.ts';
import type { z } from 'zod';
import { CSV_BOM, csvHeader, csvRow } from './application-csv.ts';
import { documentKeys, documentVariants } from './application-files.ts';
import { type MoveOptions, moveApplication } from './application-move.ts';
import * as repo from './application-office.repository.ts';
import { type ApplicationNotifier, queueApplicationNotice } from './application-notices.ts';

export interface ApplicationOfficeDeps {
  db: Db;
  storage: Storage;
  clock: Clock;
  log: Pick<FastifyBaseLogger, 'warn' | 'error'>;
  /** Days after the admission deadline that closed applications' documents are kept. */
  keepDays: number;
  /** Tells the guardian of each move and of the fee's decision. */
  notices: ApplicationNotifier;
  /**
   * The results' seats: an application that held one and moved (withdrawn, admitted, put back) closes its
   * offer and passes the seat on in the move's transaction; `changed` tells the look-up after the commit.
   */
  seats?: {
    left: NonNullable<MoveOptions['seatLeft']>;
    changed: () => void;
    /**
     * What withdrawing the application (or, with 'waitlisted', putting its offer back on the waiting list)
     * would do to its seat: the sentence its confirmation states.
     */
    withdrawal: (db: Db, app: ApplicationRow, move?: 'withdrawn' | 'waitlisted') => Promise<string>;
    /** What undoing its withdrawal would do (null: not withdrawn). */
    restorePlan: (db: Db, app: ApplicationRow) => Promise<RestorePlan | null>;
    /** Undoes its withdrawal in the caller's transaction: the state it went back to, or why it could not. */
    restore: (
      trx: Db,
      actor: Actor,
      app: ApplicationRow,
      at: Date,
      overSeats: boolean,
    ) => Promise<{ to: ApplicationState; beyondSeats: boolean } | { problem: string }>;
    /** Undo of the seat change that withdrew it, as its page shows it at `now` (null: none to undo). */
    undoPlan: (db: Db, app: ApplicationRow, now: Date) => Promise<UndoPlan | null>;
    /** The same in an error answer: its sentences name applications by reference only. */
    undoRefusal: (db: Db, app: ApplicationRow, now: Date) => Promise<UndoPlan | null>;
    /** Undoes it in the caller's transaction (decision 0053): the state it went back to, or why not. */
    undo: (
      trx: Db,
      actor: Actor,
      app: ApplicationRow,
      at: Date,
    ) => Promise<{ to: ApplicationState } | { problem: string }>;
  };
  /** Seats an application at the entrance (roll number, admit card) once verified, in the verifying transaction. */
  entrance?: { seatWhenReady: (trx: Db, actor: Actor, applicationId: string) => Promise<boolean> };
}

/** The scheduled deletion of closed applications' documents acts as the server itself. */
export const PURGE_ACTOR: Actor = { kind: 'system', job: 'application documents' };

const DAY_MS = 86_400_000;
/** Rows read per query by the export: memory stays flat whatever the number of applications. */
const EXPORT_PAGE = 200;

function parse<T extends z.ZodType>(schema: T, input: unknown): z.output<T> {
  const parsed = schema.safeParse(input);
  if (!parsed.success) throw badRequest('validation', parsed.error.issues[0]?.message);
  return parsed.data;
}

const fileOf = (key: string) => key.slice(key.lastIndexOf('/') + 1);

function documentView(row: ApplicationDocumentRow): ApplicationDocumentView {
  const pictures = documentVariants(row)
    .filter((v) => v.format === 'jpeg')
    .sort((a, b) => a.width - b.width)
    .map((v) => ({ file: fileOf(v.key), width: v.width, height: v.height }));
  const largest = pictures[pictures.length - 1];
  return {
    id: row.id,
    kind: row.kind as StoredDocumentKind,
    position: Number(row.position),
    format: row.format === 'pdf' ? ('pdf' as const) : ('image' as const),
    pages: row.pages === null ? null : Number(row.pages),
    width: Number(row.width),
    height: Number(row.height),
    pictures,
    // A photo as received is never opened (its metadata is only removed from its pictures): until they are
    // drawn it has nothing to open; a PDF opens as sent.
    full: row.format === 'pdf' && row.file_key ? fileOf(row.file_key) : (largest?.file ?? ''),
    state: row.state === 'processing' || row.state === 'failed' ? row.state : 'ready',
    failure: row.failure,
  };
}

/** The end of the day the season's documents may be deleted after: its admission deadline plus `keepDays`. */
export function purgeAfter(admissionDeadline: string, keepDays: number): Date {
  return new Date(Date.parse(endOfNepalDay(bsStringToAd(admissionDeadline))) + keepDays * DAY_MS);
}

export function createApplicationOfficeService({
  db,
  storage,
  clock,
  log,
  keepDays,
  notices,
  seats,
  entrance,
}: ApplicationOfficeDeps) {
  /** The season the filters name, or the newest when they name none. */
  async function seasonOf(filters: ApplicationFilters) {
    const seasons = await repo.listSeasons(db);
    const season = filters.season ? seasons.find((s) => s.id === filters.season) : seasons[0];
    if (filters.season && !season) throw notFound('season');
    return { seasons, season: season ?? null };
  }

  function refusal(reason: StateRefusal, reference: string, detail = ''): AppError {
    const message = `${reference}: ${STATE_REFUSALS[reason]}${detail ? ` ${detail}` : ''}`;
    if (reason === 'message-required') return badRequest('validation', STATE_REFUSALS[reason]);
    if (reason === 'not-found') return notFound('application');
    if (reason === 'confirm-withdrawal') return conflict('application/confirm-withdrawal', message);
    if (reason === 'confirm-move') return conflict('application/confirm-move', message);
    return conflict(reason === 'over-seats' ? 'application/over-seats' : 'application/move-refused', message);
  }

  /**
   * One application's move, in its own transaction: checked, saved, its history and the audit log written.
   * 'Withdrawn', 'Rejected' and an offer put back on the waiting list are made only once confirmed:
   * unconfirmed, the answer says what the move would do.
   */
  async function moveOne(
    actor: Actor,
    id: string,
    { to, message, documents, confirmOverSeats, confirmWithdrawal, confirmMove }: Omit<StateChange, 'ids'>,
  ): Promise<{ reference: string; refused: StateRefusal | null; detail?: string }> {
    return db.transaction().execute(async (trx) => {
      const app = await repo.findApplication(trx, id);
      if (!app) return { reference: '', refused: 'not-found' as const };
      if (to === 'withdrawn' && !confirmWithdrawal && STATE_MOVES[app.state as ApplicationState]?.includes(to)) {
        const detail = (await seats?.withdrawal(trx, app)) ?? '';
        return { reference: app.reference, refused: 'confirm-withdrawal' as const, detail };
      }
      const from = app.state as ApplicationState;
      if (askedMove(from, to) && !confirmMove && STATE_MOVES[from]?.includes(to)) {
        const detail =
          to === 'rejected' ? REJECTION_CONSEQUENCE : ((await seats?.withdrawal(trx, app, 'waitlisted')) ?? '');
        return { reference: app.reference, refused: 'confirm-move' as const, detail };
      }
      const refused = await moveApplication(trx, notices.siteUrl, actor, app, to, clock.now(), {
        message,
        documents,
        overSeats: confirmOverSeats,
        seatLeft: seats?.left,
      });
      if (!refused && (to === 'documents-verified' || to === 'fee-verified')) {
        await entrance?.seatWhenReady(trx, actor, app.id);
      }
      return { reference: app.reference, refused };
    });
  }

  async function recordEvent(
    trx: Db,
    actor: Actor,
    applicationId: string,
    at: Date,
    event: { kind: string; from_state?: string; to_state?: string; text?: string },
  ) {
    const who = auditNameOf(actor);
    await repo.insertEvent(trx, {
      id: randomUUID(),
      application_id: applicationId,
      at: at.toISOString(),
      user_id: who.id,
      actor_name: who.name,
      from_state: '',
      to_state: '',
      text: '',
      ...event,
    });
  }

  async function mustFind(trx: Db, id: string): Promise<ApplicationRow> {
    const app = await repo.findApplication(trx, id);
    if (!app) throw notFound('application');
    return app;
  }

  return {
    /** The newest season's applications counted by state, for the office's Today page; null season: none yet. */
    async stateCounts(
      actor: Actor,
    ): Promise<{ season: { id: string; name: string } | null; counts: Record<ApplicationState, number> }> {
      authorize(actor, 'applications.read');
      const counts = Object.fromEntries(APPLICATION_STATES.map((s) => [s, 0])) as Record<ApplicationState, number>;
      const [season] = await repo.listSeasons(db);
      if (!season) return { season: null, counts };
      for (const [state, n] of Object.entries(await repo.countStates(db, season.id)))
        if (state in counts) counts[state as ApplicationState] = n;
      return { season, counts };
    },
    async list(actor: Actor, input: unknown): Promise<ApplicationsPage> {
      authorize(actor, 'applications.read');
      const filters = parse(ApplicationFiltersSchema, input);
      const { seasons, season } = await seasonOf(filters);
      const counts = Object.fromEntries(APPLICATION_STATES.map((s) => [s, 0])) as Record<ApplicationState, number>;
      if (!season) {
        return {
          seasons,
          season: null,
          programmes: [],
          categories: [],
          filters,
          items: [],
          total: 0,
          page: 1,
          pageCount: 1,
          counts,
        };
      }
      const [options, total, byState] = await Promise.all([
        repo.seasonOptions(db, season.id),
        repo.countFiltered(db, season.id, filters),
        repo.countByState(db, season.id, filters),
      ]);
      const pageCount = Math.max(1, Math.ceil(total / APPLICATIONS_PAGE_SIZE));
      const page = Math.min(filters.page, pageCount);
      const rows = await repo.listRows(
        db,
        season.id,
        filters,
        (page - 1) * APPLICATIONS_PAGE_SIZE,
        APPLICATIONS_PAGE_SIZE,
      );
      const twins = await repo.sameSymbolNumber(
        db,
        season.id,
        rows.map((r) => r.id),
      );
      for (const [state, n] of Object.entries(byState)) {
        if (state in counts) counts[state as ApplicationState] = n;
      }
      return {
        seasons,
        season,
        ...options,
        filters: { ...filters, season: season.id, page },
        items: rows.map((r) => ({
          id: r.id,
          reference: r.reference,
          nameEn: r.name_en,
          nameNe: r.name_ne,
          programme: r.programme,
          gpa: Number(r.gpa_hundredths) / 100,
          eligible: Boolean(Number(r.eligible)),
          payment: r.payment as PaymentState,
          state: r.state as ApplicationState,
          late: Boolean(Number(r.late)),
          submittedAt: r.submitted_at,
          sameSymbolNumberAs: twins.get(r.id) ?? [],
        })),
        total,
        page,
        pageCount,
        counts,
      };
    },

    /**
     * One application with everything the applicant sent: its opening is written to the audit log first, as a
     * document's is (the subject names the reference, never the applicant).
     */
    async get(actor: Actor, id: string): Promise<ApplicationDetail> {
      authorize(actor, 'applications.read');
      const app = await mustFind(db, id);
      const at = clock.now();
      await db
        .transaction()
        .execute((trx) => audit(trx, actor, { kind: 'application-opened', subject: app.reference }, at));
      const programmeIds = [app.first_choice, ...(app.second_choice ? [app.second_choice] : [])];
      const [[season, programmes, category], documents, payment, events, programmeSeats, twins] = await Promise.all([
        repo.namesOf(db, app.season_id, programmeIds, app.category_id),
        repo.documentsOf(db, id),
        repo.findPayment(db, id),
        repo.eventsOf(db, id),
        repo.seatsOf(db, app.first_choice),
        repo.sameSymbolNumber(db, app.season_id, [id]),
      ]);
      const programmeName = (pid: string | null) => programmes.find((p) => p.id === pid)?.name_en ?? '';
      const state = app.state as ApplicationState;
      const paymentState = (payment?.state ?? 'unpaid') as PaymentState;
      return {
        id: app.id,
        reference: app.reference,
        seasonId: app.season_id,
        seasonName: season?.name ?? '',
        state,
        language: app.language,
        late: Boolean(Number(app.late)),
        nameEn: app.name_en,
        nameNe: app.name_ne,
        birthDate: app.birth_date,
        gender: app.gender,
        citizenship: app.citizenship,
        fatherName: app.father_name,
        motherName: app.mother_name,
        guardianName: app.guardian_name,
        guardianRelation: app.guardian_relation,
        guardianMobile: app.guardian_mobile,
        email: app.email,
        province: Number(app.province),
        district: app.district,
        municipality: app.municipality,
        ward: Number(app.ward),
        seeYear: Number(app.see_year),
        symbolNumber: app.symbol_number,
        sameSymbolNumberAs: twins.get(id) ?? [],
        school: app.school,
        schoolDistrict: app.school_district,
        gpa: Number(app.gpa_hundredths) / 100,
        grades: (() => {
          try {
            return JSON.parse(app.grades) as Record<string, string>;
          } catch {
            return {};
          }
        })(),
        firstChoice: programmeName(app.first_choice),
        secondChoice: programmeName(app.second_choice),
        category: category?.name_en ?? '',
        heardFrom: app.heard_from,
        eligible: Boolean(Number(app.eligible)),
        correction: app.correction,
        correctionDocuments: documentKindsIn(app.correction_documents),
        consentAt: app.consent_at,
        submittedAt: app.submitted_at,
        updatedAt: app.updated_at,
        documentsPurgedAt: app.documents_purged_at,
        documents: documents
          .map(documentView)
          .sort(
            (x, y) =>
              STORED_DOCUMENT_KINDS.indexOf(x.kind) - STORED_DOCUMENT_KINDS.indexOf(y.kind) || x.position - y.position,
          ),
        payment: payment
          ? {
              amount: Number(payment.amount),
              method: payment.method,
              state: paymentState,
              voucherNumber: payment.voucher_number,
              updatedAt: payment.updated_at,
            }
          : null,
        events: events.map((e) => ({
          id: e.id,
          at: e.at,
          actor: e.actor_name,
          kind: e.kind,
          from: e.from_state,
          to: e.to_state,
          text: e.text,
        })),
        seats: {
          ...programmeSeats,
          left: Math.max(0, programmeSeats.seats - programmeSeats.offered - programmeSeats.admitted),
        },
        moves: STATE_MOVES[state].filter((to) => stateMoveProblem(state, to, paymentState) === null),
        withdrawal: STATE_MOVES[state].includes('withdrawn') ? ((await seats?.withdrawal(db, app)) ?? '') : null,
        waitlisting:
          state === 'offered' && STATE_MOVES[state].includes('waitlisted')
            ? ((await seats?.withdrawal(db, app, 'waitlisted')) ?? '')
            : null,
        restore: (await seats?.restorePlan(db, app)) ?? null,
        undo: (await seats?.undoPlan(db, app, at)) ?? null,
      };
    },

    /**
     * One stored file of one document (only that document's own keys), written to the audit log before it
     * is served: the subject names the reference and the kind of document, never the applicant.
     */
    async openDocument(
      actor: Actor,
      applicationId: string,
      documentId: string,
      file: string,
    ): Promise<{ body: Readable; size: number; contentType: string }> {
      authorize(actor, 'applications.read');
      const app = await mustFind(db, applicationId);
      const document = await repo.findDocument(db, applicationId, documentId);
      // A photo as received (its metadata kept) is not one of the files the office opens.
      const received = document?.format === 'image' ? document.file_key : null;
      const key = document ? documentKeys(document).find((k) => fileOf(k) === file && k !== received) : undefined;
      if (!document || !key) throw notFound('document');
      const stored = await storage.get(key);
      if (!stored) throw notFound('document');
      const at = clock.now();
      try {
        await db
          .transaction()
          .execute((trx) =>
            audit(
              trx,
              actor,
              { kind: 'application-document-opened', subject: `${app.reference} ${document.kind}` },
              at,
            ),
          );
      } catch (err) {
        stored.body.destroy();
        throw err;
      }
      return {
        body: stored.body,
        size: stored.size,
        contentType:
          key === document.file_key && document.format === 'pdf' ? 'application/pdf' : contentTypeForKey(key),
      };
    },

    /**
     * Moves one application (refusals thrown with their reason) or a selection (each in its own transaction;
     * the answer lists which moved and which were refused and why).
     */
    async changeState(actor: Actor, input: unknown): Promise<StateChangeResult> {
      authorize(actor, 'applications.decide');
      const { ids, ...change } = parse(StateChangeSchema, input);
      const result: StateChangeResult = { moved: [], refused: [] };
      for (const id of [...new Set(ids)]) {
        const { reference, refused, detail } = await moveOne(actor, id, change);
        if (!refused) result.moved.push(id);
        else {
          const message = `${STATE_REFUSALS[refused]}${detail ? ` ${detail}` : ''}`;
          result.refused.push({ id, reference, reason: refused, message });
        }
      }
      if (result.moved.length > 0) {
        notices.queued();
        seats?.changed();
      }
      return result;
    },

    /** The same for one application: a refusal is an error (409 over the seats, unless confirmed). */
    async changeOne(actor: Actor, id: string, input: unknown): Promise<void> {
      authorize(actor, 'applications.decide');
      const { ids: _, ...change } = parse(StateChangeSchema, { ...(input as object), ids: [id] });
      const { reference, refused, detail } = await moveOne(actor, id, change);
      if (refused) throw refusal(refused, reference, detail);
      notices.queued();
      seats?.changed();
    },

    /**
     * Undoes a withdrawal (an offer declined or lapsed, the office's 'Withdrawn'): the rule of decision 0049,
     * which gives a seat back only while one is free unless the office confirms going beyond the seats.
     */
    async restore(actor: Actor, id: string, input: unknown): Promise<{ to: ApplicationState; beyondSeats: boolean }> {
      authorize(actor, 'applications.decide');
      // It may give a seat back, which is the merit list's and the offers' business too.
      authorize(actor, 'merit.manage');
      const { confirmOverSeats } = parse(RestoreSchema, input);
      if (!seats) throw conflict('application/not-restorable', 'Restoring needs the results service.');
      const outcome = await db.transaction().execute(async (trx) => {
        const app = await mustFind(trx, id);
        return seats.restore(trx, actor, app, clock.now(), confirmOverSeats);
      });
      if ('problem' in outcome) throw conflict('application/not-restorable', outcome.problem);
      notices.queued();
      seats.changed();
      return outcome;
    },

    /**
     * Undoes the seat change that withdrew an application, within 24 hours and while nothing depends on it
     * (decision 0053): only once confirmed, as it moves a seat; refused with the reason otherwise.
     */
    async undo(actor: Actor, id: string, input: unknown): Promise<{ to: ApplicationState }> {
      authorize(actor, 'applications.decide');
      authorize(actor, 'merit.manage');
      const { confirmUndo } = parse(UndoSchema, input);
      if (!seats) throw conflict('application/not-undoable', 'Undo needs the results service.');
      if (!confirmUndo) {
        const plan = await seats.undoRefusal(db, await mustFind(db, id), clock.now());
        if (!plan || plan.refused)
          throw conflict('application/not-undoable', plan?.refused ?? 'There is no seat change to undo.');
        throw conflict('application/confirm-undo', `Undo the withdrawal? ${plan.consequence ?? ''}`);
      }
      const outcome = await db
        .transaction()
        .execute(async (trx) => seats.undo(trx, actor, await mustFind(trx, id), clock.now()))
        .catch((err: unknown) => {
          if (err instanceof Error && err.name === 'UndoRaced') return { problem: err.message };
          throw err;
        });
      if ('problem' in outcome) throw conflict('application/not-undoable', outcome.problem);
      notices.queued();
      seats.changed();
      return outcome;
    },

    /**
     * Verifies or refuses the fee's payment. A verified fee on an application whose documents are verified
     * moves it on to 'fee-verified'.
     */
    async setPayment(actor: Actor, id: string, input: unknown): Promise<void> {
      authorize(actor, 'applications.decide');
      const { decision, note } = parse(PaymentDecisionSchema, input);
      await db.transaction().execute(async (trx) => {
        const app = await mustFind(trx, id);
        const payment = await repo.findPayment(trx, id);
        if (!payment || payment.state === 'not-due') throw conflict('application/no-fee');
        const at = clock.now();
        const iso = at.toISOString();
        await repo.setPaymentState(trx, id, decision, iso);
        await recordEvent(trx, actor, id, at, {
          kind: 'payment',
          text: `${decision === 'verified' ? 'Fee verified' : 'Payment refused'}${note ? `: ${note}` : ''}`,
        });
        const changes: { field: string; from: string; to: string }[] = [
          { field: 'Payment', from: payment.state, to: decision },
        ];
        if (decision === 'verified' && app.state === 'documents-verified') {
          await repo.moveState(trx, id, app.state, { state: 'fee-verified', updated_at: iso });
          await recordEvent(trx, actor, id, at, { kind: 'state', from_state: app.state, to_state: 'fee-verified' });
          changes.push({ field: 'State', from: STATE_LABELS['documents-verified'], to: STATE_LABELS['fee-verified'] });
        } else {
          await repo.touch(trx, id, iso);
        }
        await audit(trx, actor, { kind: 'application-changed', subject: app.reference, changes }, at);
        // The fee's decision is told to the guardian in the same transaction.
        await queueApplicationNotice(
          trx,
          notices.siteUrl,
          app,
          decision === 'verified' ? 'fee-verified' : 'fee-refused',
          at,
        );
        if (decision === 'verified') await entrance?.seatWhenReady(trx, actor, id);
      });
      notices.queued();
    },

    async addNote(actor: Actor, id: string, input: unknown): Promise<void> {
      authorize(actor, 'applications.decide');
      const { text } = parse(NoteSchema, input);
      await db.transaction().execute(async (trx) => {
        const app = await mustFind(trx, id);
        const at = clock.now();
        await recordEvent(trx, actor, id, at, { kind: 'note', text });
        await repo.touch(trx, id, at.toISOString());
        // The note's words stay in the application's history; the log records only that one was written.
        await audit(
          trx,
          actor,
          { kind: 'application-changed', subject: app.reference, changes: [{ field: 'Note', from: '', to: 'added' }] },
          at,
        );
      });
    },

    /**
     * The filtered list as CSV (a byte-order mark, a header, a line per application), produced a page of
     * rows at a time. The export is audited with its filters and the rows sent, also when it is cut short.
     */
    async exportCsv(
      actor: Actor,
      input: unknown,
      layout: ExportLayout,
    ): Promise<{ filename: string; chunks: AsyncIterable<string> }> {
      authorize(actor, 'applications.read');
      const filters = parse(ApplicationFiltersSchema, input);
      const { season } = await seasonOf(filters);
      const filename = `applications-${(season?.name ?? 'none').replace(/\//gu, '-')}-${layout}.csv`;
      async function* chunks(): AsyncGenerator<string> {
        let rows = 0;
        let complete = false;
        try {
          yield CSV_BOM + csvHeader(layout);
          let after = 0;
          while (season) {
            const page = await repo.exportRows(db, season.id, filters, after, EXPORT_PAGE);
            if (page.length === 0) break;
            rows += page.length;
            after = Number(page[page.length - 1]!.number);
            yield page.map((row) => csvRow(layout, row)).join('');
            if (page.length < EXPORT_PAGE) break;
          }
          complete = true;
        } finally {
          const shown = Object.entries({ ...filters, season: season?.name ?? '', page: '' })
            .filter(([, v]) => v !== '')
            .map(([k, v]) => `${k}=${String(v)}`)
            .join(' ');
          await db
            .transaction()
            .execute((trx) =>
              audit(
                trx,
                actor,
                {
                  kind: 'applications-exported',
                  subject: `${rows} application${rows === 1 ? '' : 's'} (${layout} layout)${complete ? '' : ', cut short'}`,
                  changes: [{ field: 'Filter', from: '', to: shown || 'none' }],
                },
                clock.now(),
              ),
            )
            .catch((err: unknown) =>
              log.error({ err }, 'an export of applications could not be written to the audit log'),
            );
        }
      }
      return { filename, chunks: chunks() };
    },

    /**
     * Deletes the documents of rejected and withdrawn applications once their season's admission deadline
     * plus `days` has passed: the rows first, then their files; the application row stays, with the day in
     * documents_purged_at and an entry in its history. One audit entry per run that deleted anything.
     */
    async purgeDocuments(now: Date = clock.now(), days: number = keepDays) {
      const seasons = (await repo.seasonDeadlines(db)).filter((s) => {
        try {
          return purgeAfter(s.admission_deadline, days).getTime() <= now.getTime();
        } catch (err) {
          log.warn({ err, season: s.id }, 'a season deadline outside the B.S. calendar: its documents are kept');
          return false;
        }
      });
      const candidates = await repo.purgeCandidates(
        db,
        seasons.map((s) => s.id),
        CLOSED_STATES,
      );
      let files = 0;
      const failed: string[] = [];
      for (const app of candidates) {
        const rows = await db.transaction().execute(async (trx) => {
          const deleted = await repo.deleteDocumentsOf(trx, app.id, now.toISOString());
          await recordEvent(trx, PURGE_ACTOR, app.id, now, {
            kind: 'purged',
            text: `${deleted.length} document${deleted.length === 1 ? '' : 's'} deleted`,
          });
          return deleted;
        });
        for (const key of rows.flatMap(documentKeys)) {
          try {
            await storage.delete(key);
            files++;
          } catch (err) {
            // The row is gone: the storage sweep removes the file later as one no row refers to.
            failed.push(key);
            log.warn({ err }, 'a deleted application document file could not be removed; the storage sweep will');
          }
        }
      }
      if (candidates.length > 0) {
        await db.transaction().execute((trx) =>
          audit(
            trx,
            PURGE_ACTOR,
            {
              kind: 'application-documents-deleted',
              subject: `Documents of ${candidates.length} rejected or withdrawn application${candidates.length === 1 ? '' : 's'}`,
              changes: [{ field: 'Files', from: String(files + failed.length), to: String(failed.length) }],
            },
            now,
          ),
        );
      }
      return { applications: candidates.length, files, failed: failed.length };
    },
  };
}
export type ApplicationOfficeService = ReturnType<typeof createApplicationOfficeService>;
