import { latinDigits } from '#common/digits.ts';
import { type PaymentDetails, paymentFor } from '#common/admission/payment-details.ts';
import type { PaymentService } from '#server/modules/admission/seasons/payment.service.ts';
import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import {
  type ApplicationFieldErrors,
  type ApplicationForm,
  type ApplicationValues,
  applicationRefusalText,
  gpaHundredths,
  gradeField,
  readApplicationForm,
} from '#common/admission/application-form.ts';
import {
  APPLICATION_FILE_LIMITS as L,
  type ApplicationState,
  DOCUMENT_KINDS,
  type DocumentKind,
  documentKindsIn,
  type PaymentState,
  applicationReference,
  readReference,
} from '#common/admission/application.ts';
import { formatAccessKey } from '#common/admission/access-key.ts';
import { STORAGE_FULL, refusalOf } from '#common/api-error.ts';
import { eligibilityOf, eligibilitySentence } from '#common/admission/eligibility.ts';
import { NEB_GRADES, type NebGrade, SEE_SUBJECTS } from '#common/admission/admission-season.ts';
import { interfaceText } from '#common/i18n/catalogue.ts';
import { isUploadToken } from '#common/notices/notice-uploads.ts';
import type { SiteLanguage } from '#common/site-content/local-text.ts';
import { readReferencePrefix } from '#server/modules/content/index.ts';
import type { Clock } from '#server/clock.ts';
import type { Db } from '#server/db/db.ts';
import {
  type Actor,
  type ApplicantActor,
  type PublicActor,
  applicantActor,
  auditNameOf,
  authorize,
} from '#server/auth/actor.ts';
import { audit } from '#server/audit/audit.ts';
import { badRequest, conflict, insufficientStorage, refusal, tooManyRequests } from '#server/errors.ts';
import type { SeasonService } from '#server/modules/admission/seasons/season.service.ts';
import { createFormTokens } from '#server/modules/inquiries/index.ts';
import { hastyFormWait } from '#server/rate-limit/hasty-forms.ts';
import { limitKeyOf } from '#server/rate-limit/client-key.ts';
import { givePaceBack, hit, paceRoom, peek, takePace } from '#server/rate-limit/rate-limit.repository.ts';
import { isOutOfSpace, outOfSpaceChecked } from '#server/storage/out-of-space.ts';
import { storeBeforeCommit } from '#server/storage/store-with-commit.ts';
import type { Storage } from '#server/storage/storage.ts';
import { type ScreenedDocument, documentParts, screenDocument, tooManyPages } from './application-documents.ts';
import { documentVariants } from './application-files.ts';
import { type KeptDocument, createPendingDocuments } from './application-pending.ts';
import { accessKeyHash, accessKeyMatches, newAccessKey } from './access-keys.ts';
import { replaceDocumentsOf } from './application-corrections.ts';
import * as repo from './application-intake.repository.ts';
import { type ApplicationNotifier, queueApplicationNotice } from './application-notices.ts';

const HOUR_MS = 3_600_000;
/** Misses allowed on one application's look-ups: five back to back, then one every twelve minutes. */
const RECORD_MISSES = { perHour: 5, burst: 5 };
/** Requests for a new access key for one application: three back to back, then one every eight hours. */
const KEY_REQUESTS = { perHour: 1 / 8, burst: 3 };

const lookupsLimited = (waitMs: number) =>
  tooManyRequests('application/lookups-limited', 'Too many look-ups that found nothing.', waitMs / 1000);

export interface ApplicationIntakeDeps {
  db: Db;
  storage: Storage;
  log: FastifyBaseLogger;
  clock: Clock;
  seasons: Pick<SeasonService, 'publicSeason'>;
  /** Where a family pays, shown with the application's status. */
  payments: Pick<PaymentService, 'ofApplication'>;
  pdfTimeoutMs: number;
  /** Applications per client address per hour: generous, as a school lab or a cyber café sends many. */
  maxPerHour: number;
  /** Status look-ups that find nothing, per client address per hour: guessing dates of birth gets nowhere. */
  lookupFailuresPerHour: number;
  /** Tells the guardian of each step (the submission, a corrected document sent). */
  notices: ApplicationNotifier;
  /**
   * Whether an applicant may write this many bytes to the disk now (the reserve's room kept for the office:
   * Ballast.roomFor); absent when the files go to a bucket, which the site's disk does not hold.
   */
  roomFor?: (bytes: number) => Promise<boolean>;
  /** Wakes the document queue, which draws the pictures of the files accepted (document-queue.ts). */
  documentsQueued?: () => void;
}

/** A file posted for a document. */
export interface SentFile {
  kind: DocumentKind;
  name: string;
  body: Buffer;
}

export interface ApplyRequest {
  values: ApplicationValues;
  files: SentFile[];
  /** The keys of kept files the form still lists (ticked). */
  keep: string[];
  /** The form's upload token, under which refused forms' files wait ('' for a new form). */
  uploadToken: string;
  formToken: string;
  /** The hidden field only bots fill in. */
  honeypot: string;
  lang: SiteLanguage;
  clientIp: string;
}

export interface Named {
  en: string;
  ne: string;
}

export interface Confirmation {
  reference: string;
  /** The family's access key, grouped for reading: shown on this confirmation only, never again. */
  accessKey: string;
  nameEn: string;
  nameNe: string;
  /** The date of birth as sent ('YYYY-MM-DD' B.S.), shown on the applicant's own confirmation. */
  birthDate: string;
  programme: Named;
  secondChoice: Named | null;
  submittedAt: string;
  amount: number;
  late: boolean;
  /** The eligibility warning when the first choice's minimum is not met ('' when it is): the office decides. */
  warning: string;
  /** Where to pay: the first choice's own account, else the season's. */
  payment: PaymentDetails;
}

export type ApplyOutcome =
  | { ok: true; confirmation: Confirmation }
  | {
      ok: false;
      status: number;
      code: string;
      message: string;
      fieldErrors: ApplicationFieldErrors;
      /** The files waiting on the server for the corrected form, and the token they wait under. */
      kept: KeptDocument[];
      uploadToken: string;
      /** The token the corrected form carries (a fresh one when this one was used). */
      formToken: string;
      /** The eligibility warning for the grades typed ('' when met or not readable). */
      warning: string;
    };

export interface ApplicationStatus {
  reference: string;
  nameEn: string;
  state: ApplicationState;
  correction: string;
  /** The documents the office asked to be sent again with the correction (none named: any may be sent). */
  correctionDocuments: DocumentKind[];
  programme: Named;
  secondChoice: Named | null;
  payment: { state: PaymentState; amount: number; method: string };
  submittedAt: string;
  /** The photo as the office sees it, its smallest picture as a data: URI (never an address); '' until drawn. */
  photo: string;
  /** Documents accepted and still being prepared, and the kinds the office could not read (it asks for them again). */
  documents: { preparing: number; unreadable: DocumentKind[] };
  /** Where to pay: the first choice's own account, else the season's. */
  paymentDetails: PaymentDetails;
}

/** Which unique rule an insert broke: the active candidate (symbol number and date of birth), or the number. */
function uniqueClash(err: unknown): 'candidate' | 'number' | null {
  const e = err as { code?: unknown; constraint?: unknown; message?: unknown };
  const text = `${String(e.constraint ?? '')} ${String(e.message ?? '')}`;
  const unique = e.code === '23505' || (typeof e.code === 'string' && e.code.startsWith('SQLITE_CONSTRAINT'));
  if (!unique) return null;
  if (/active_candidate|symbol_number/u.test(text)) return 'candidate';
  if (/season_number|reference|applications\.number/u.test(text)) return 'number';
  return null;
}

/** A write refused for want of space: as the file system or database says it, or as the storage answered it. */
const isFull = (err: unknown) => isOutOfSpace(err) || refusalOf(err)?.code === STORAGE_FULL.code;

const exists = () => conflict('application/exists', 'An application with this symbol number and date of birth exists.');

/** No application for the reference, key or id given: one answer, so a miss never tells which part was wrong. */
const noSuchApplication = () => refusal('application/not-found', 'No application matches.');

/**
 * The applicant's side of online admission: the application (while the public season is open or late), the
 * status look-up, and the replacement of documents the office asked to be corrected. Nothing of an applicant
 * goes to the log: only ids and storage keys do.
 */
export function createApplicationIntake(deps: ApplicationIntakeDeps) {
  const { db, storage, log, clock, seasons } = deps;
  const formTokens = createFormTokens(db, clock, 'application');
  const pending = createPendingDocuments({ db, storage, log, clock });

  async function openSeason() {
    const view = await seasons.publicSeason();
    if (!view || (view.state.phase !== 'open' && view.state.phase !== 'late')) return null;
    return view;
  }

  /**
   * An address's (limitKeyOf) hourly allowances: `maxPerHour` applications taken, and twice as many forms
   * refused after their documents were checked (each check draws pictures: a script sending refused forms
   * would keep the cores busy). Answers a 429 when either is used up; `take` counts one application first
   * (atomically: two sent at once never both take the last).
   */
  async function withinLimit(address: string, take?: 'application'): Promise<void> {
    const now = clock.now();
    const counted = (kind: string) => `application:${kind}:${address}`;
    const applications = take
      ? await hit(db, counted('ip'), HOUR_MS, now)
      : await peek(db, counted('ip'), now).then((h) => ({ ...h, count: h.count + 1 }));
    const refusals = await peek(db, counted('refused'), now);
    const over = [
      applications.count > deps.maxPerHour ? applications.resetAt : null,
      refusals.count >= deps.maxPerHour * 2 ? refusals.resetAt : null,
    ].filter((at): at is Date => at !== null);
    if (over.length > 0) {
      const wait = (Math.max(...over.map((at) => at.getTime())) - now.getTime()) / 1000;
      throw tooManyRequests('application/too-many-requests', 'Too many applications from this address.', wait);
    }
  }

  /** A form refused after its documents were checked: one of the address's refused forms this hour. */
  const countRefusal = (address: string) => hit(db, `application:refused:${address}`, HOUR_MS, clock.now());

  /**
   * The application a reference and its access key open. A record's own allowance of misses comes first: once
   * a walk on it used that up, every look-up of it waits, the right key too, and the office is told (a key has
   * 140 random bits, so only a leaked key with a typo, or a script, misses five times). A right key is never
   * refused because others behind the same address mistyped; misses count against the address (its /64 for
   * IPv6), paced, so a script is slowed and the parents behind a shared address wait minutes, not an hour.
   */
  async function lookUp(referenceText: string, keyText: string, clientIp: string) {
    const now = clock.now();
    const reference = readReference(referenceText);
    const recordKey = `application:key-misses:${reference ?? ''}`;
    // A try is taken from the record's allowance before the key is compared, atomically, and given back when
    // the key was right: look-ups sent together cannot all pass a check made before any of them counted.
    const record = reference ? await takePace(db, recordKey, RECORD_MISSES, now) : undefined;
    if (record && record.waitMs > 0) throw lookupsLimited(record.waitMs);
    const row = reference ? await repo.findByReference(db, reference) : undefined;
    if (row && accessKeyMatches(keyText, row.access_key_hash)) {
      if (record?.taken) await givePaceBack(db, record.taken);
      return row;
    }
    if (row && (await paceRoom(db, recordKey, RECORD_MISSES, now)).waitMs > 0) {
      await tellOfficeOfPausedLookUps(row.id, now);
    }
    const addressKey = `application:lookup-misses:${limitKeyOf(clientIp)}`;
    const addressPace = { perHour: deps.lookupFailuresPerHour, burst: deps.lookupFailuresPerHour };
    const address = await takePace(db, addressKey, addressPace, now);
    if (address.waitMs > 0) throw lookupsLimited(address.waitMs);
    // The same answer for an unknown reference and a wrong key: neither tells the other.
    throw noSuchApplication();
  }

  /** Once per pause: a line in the application's history, which the office reads (nothing is logged). */
  async function tellOfficeOfPausedLookUps(applicationId: string, now: Date): Promise<void> {
    await repo.notePausedLookUps(
      db,
      applicationId,
      now,
      `${RECORD_MISSES.burst} look-ups of this application with a wrong access key: its look-ups wait ${Math.round(60 / RECORD_MISSES.perHour)} minutes between tries. If the family did not do this, send them a new key.`,
    );
  }

  /** The documents' progress for the status page, and the photo once drawn (its smallest picture, inline). */
  async function documentsOf(applicationId: string): Promise<Pick<ApplicationStatus, 'photo' | 'documents'>> {
    const rows = await repo.documentStates(db, applicationId);
    const photoRow = rows.find((r) => r.kind === 'photo' && r.state === 'ready');
    const smallest = photoRow
      ? documentVariants(photoRow)
          .filter((v) => v.format === 'jpeg')
          .sort((a, b) => a.width - b.width)[0]
      : undefined;
    const object = smallest ? await storage.get(smallest.key) : null;
    const photo = object ? Buffer.concat((await object.body.toArray()) as Buffer[]) : null;
    return {
      photo: photo ? `data:image/jpeg;base64,${photo.toString('base64')}` : '',
      documents: {
        preparing: rows.filter((r) => r.state === 'processing').length,
        unreadable: [...new Set(rows.filter((r) => r.state === 'failed').map((r) => r.kind as DocumentKind))],
      },
    };
  }

  async function namesOf(ids: (string | null)[]): Promise<Map<string, Named>> {
    const rows = await repo.programmeNames(
      db,
      ids.filter((id): id is string => id !== null),
    );
    return new Map(rows.map((r) => [r.id, { en: r.name_en, ne: r.name_ne || r.name_en }]));
  }

  /** Checks every file of the form (kept ones again, then new ones), collecting each refusal by document. */
  async function checkAll(token: string, keep: KeptDocument[], files: SentFile[], t: ReturnType<typeof interfaceText>) {
    const docs: { checked: ScreenedDocument; kept?: KeptDocument; sent?: SentFile }[] = [];
    const refused: Partial<Record<DocumentKind, string[]>> = {};
    const note = (kind: DocumentKind, line: string) => (refused[kind] ??= []).push(line);
    for (const k of keep) {
      const body = await pending.read(token, k.key);
      if (!body) {
        note(k.kind, `${k.name}: ${t.apply.refusals.keptGone}`);
        continue;
      }
      docs.push({ checked: await screenDocument(k.kind, body, deps.pdfTimeoutMs), kept: k });
    }
    for (const f of files) {
      try {
        docs.push({ checked: await screenDocument(f.kind, f.body, deps.pdfTimeoutMs), sent: f });
      } catch (err) {
        const r = refusalOf(err);
        if (!r) throw err;
        note(f.kind, `${f.name}: ${applicationRefusalText(r.code, t.apply)}`);
      }
    }
    return { docs, refused };
  }

  async function store(
    view: NonNullable<Awaited<ReturnType<typeof openSeason>>>,
    form: ApplicationForm,
    docs: ScreenedDocument[],
    lang: SiteLanguage,
    amount: number,
  ): Promise<{ reference: string; key: string }> {
    const at = clock.now().toISOString();
    const id = randomUUID();
    // The family's key: shown once on the confirmation and sent in its messages; only its hash is kept.
    const key = newAccessKey();
    const first = view.programmes.find((p) => p.id === form.firstChoice)!;
    const positions = new Map<DocumentKind, number>();
    const parts = docs.map((d) => {
      const position = (positions.get(d.kind) ?? 0) + 1;
      positions.set(d.kind, position);
      return documentParts(d, id, position, at);
    });
    // An applicant's files stop short of the reserve kept for the office (nothing written, the 507 answered).
    const bytes = parts.reduce((sum, p) => sum + p.files.reduce((n, f) => n + f.body.length, 0), 0);
    if (deps.roomFor && !(await deps.roomFor(bytes))) throw insufficientStorage();
    const paymentState: PaymentState =
      amount === 0 ? 'not-due' : form.paymentMethod === 'bank' ? 'voucher-sent' : 'unpaid';
    const seasonYear = Number(view.season.name.slice(0, 4));
    // The files are written once, before the row: the document queue may claim its rows the moment they commit.
    return storeBeforeCommit(
      storage,
      parts.flatMap((p) => p.files),
      async () => {
        for (let attempt = 1; ; attempt++) {
          try {
            return await db.transaction().execute(async (trx) => {
              const number = await repo.nextNumber(trx, view.season.id);
              // The college's prefix as saved now; applications made before keep the references they have.
              const reference = applicationReference(await readReferencePrefix(trx), seasonYear, number);
              await repo.insertApplication(trx, {
                id,
                season_id: view.season.id,
                reference,
                number,
                state: 'submitted',
                language: lang,
                late: view.state.phase === 'late' ? 1 : 0,
                name_en: form.nameEn,
                name_ne: form.nameNe,
                birth_date: form.birthDate,
                access_key_hash: accessKeyHash(key),
                gender: form.gender,
                citizenship: form.citizenship,
                father_name: form.fatherName,
                mother_name: form.motherName,
                guardian_name: form.guardianName,
                guardian_relation: form.guardianRelation,
                guardian_mobile: form.guardianMobile,
                email: form.email,
                province: form.province,
                district: form.district,
                municipality: form.municipality,
                ward: form.ward,
                see_year: form.seeYear,
                symbol_number: form.symbolNumber,
                school: form.school,
                school_district: form.schoolDistrict,
                gpa_hundredths: form.gpaHundredths,
                grades: JSON.stringify(form.grades),
                first_choice: form.firstChoice,
                second_choice: form.secondChoice,
                category_id: form.category,
                heard_from: form.heardFrom,
                eligible: eligibilityOf(first, form.gpaHundredths, form.grades) ? 1 : 0,
                correction: '',
                consent_at: at,
                submitted_at: at,
                updated_at: at,
              });
              await repo.insertPayment(trx, {
                application_id: id,
                amount,
                method: form.paymentMethod,
                state: paymentState,
                voucher_number: form.paymentMethod === 'bank' ? form.voucherNumber : '',
                updated_at: at,
              });
              await repo.insertEvent(trx, {
                id: randomUUID(),
                application_id: id,
                at,
                user_id: null,
                actor_name: 'Applicant',
                kind: 'submitted',
                from_state: '',
                to_state: 'submitted',
                text: '',
              });
              for (const p of parts) await repo.insertDocument(trx, p.row);
              // The guardian is told in the submission's own transaction: no application without its message.
              await queueApplicationNotice(
                trx,
                deps.notices.siteUrl,
                {
                  id,
                  reference,
                  language: lang,
                  name_en: form.nameEn,
                  name_ne: form.nameNe,
                  guardian_mobile: form.guardianMobile,
                  email: form.email,
                },
                'submitted',
                new Date(at),
                '',
                key,
              );
              return { reference, key };
            });
          } catch (err) {
            const clash = uniqueClash(err);
            if (clash === 'candidate') throw exists();
            // Two applications numbered at once in the same season: the later one takes the next number.
            if (clash === 'number' && attempt < 5) continue;
            throw err;
          }
        }
      },
      log,
    );
  }

  /** Replaces the key and queues it to the guardian, in one transaction: no new key without its message. */
  async function giveNewKey(
    row: NonNullable<Awaited<ReturnType<typeof repo.findById>>>,
    actorName: string,
    userId: string | null,
    now: Date,
    /** The office's actor, audited; absent when the family asked on the status page (the history says so). */
    office?: Actor,
  ): Promise<void> {
    const key = newAccessKey();
    await db.transaction().execute(async (trx) => {
      if (office) await audit(trx, office, { kind: 'application-key-sent', subject: row.reference }, now);
      await repo.setAccessKeyHash(trx, row.id, accessKeyHash(key));
      await repo.insertEvent(trx, {
        id: randomUUID(),
        application_id: row.id,
        at: now.toISOString(),
        user_id: userId,
        actor_name: actorName,
        kind: 'access-key',
        from_state: '',
        to_state: '',
        text: "Sent to the guardian's mobile and e-mail on the application; the key given before no longer opens it.",
      });
      // Asked on the status page: capped per recipient like every message a visitor causes; the office's is not.
      await queueApplicationNotice(trx, deps.notices.siteUrl, row, 'access-key', now, '', key, userId === null);
    });
    deps.notices.queued();
  }

  return {
    /** A token for an application form shown now (the page's loader writes it into the form). */
    issueFormToken: async (): Promise<string> => (await formTokens.issue()).token,

    /** The season the form applies to, when it takes applications now (open or late); null otherwise. */
    openSeason,

    /**
     * Takes an application. The cheap checks come first, before a byte of a file is written or a document
     * drawn: the form's token and hidden field, the hasty-form pace and the address's hourly allowances. Then
     * the fields (readApplicationForm), the documents (checked by content, kept ones and new ones) and the
     * one-active-application rule; then the row, its payment, its history and its documents are stored
     * together with their files. A form refused after that answers every refused field and keeps its accepted
     * files on the server for the retry, within the caps of application-pending.ts. A full disk is answered
     * with the 507's words and the typed form, like any refusal.
     */
    async apply(req: ApplyRequest, actor: Actor): Promise<ApplyOutcome> {
      authorize(actor, 'application.submit');
      const t = interfaceText(req.lang);
      const view = await openSeason();
      const token = isUploadToken(req.uploadToken) ? req.uploadToken : randomUUID();
      const refused = (
        status: number,
        code: string,
        message: string,
        fieldErrors: ApplicationFieldErrors,
        kept: KeptDocument[],
        formToken = req.formToken,
      ): ApplyOutcome => ({
        ok: false,
        status,
        code,
        message,
        fieldErrors,
        kept,
        uploadToken: token,
        formToken,
        warning,
      });
      let warning = '';
      if (!view) return refused(409, 'application/closed', t.apply.refusals.closed, {}, []);

      const address = limitKeyOf(req.clientIp);
      const listed = await pending.list(token);
      const ticked = new Set(req.keep);
      const files = req.files.filter((f) => f.body.length > 0 && DOCUMENT_KINDS.includes(f.kind));
      // A photo chosen again replaces the one kept: an application has one photo.
      const newPhoto = files.some((f) => f.kind === 'photo');
      const keep = listed.filter((k) => ticked.has(k.key) && !(k.kind === 'photo' && newPhoto));
      const photos = files.filter((f) => f.kind === 'photo');
      const sent = [...files.filter((f) => f.kind !== 'photo'), ...photos.slice(-1)];

      // The cheap checks: a form refused by them has nothing of it written and no document drawn (the files it
      // kept before stay for the corrected form). A form sent too soon, or past the address's allowances,
      // takes nothing of them either.
      let claims: Awaited<ReturnType<typeof formTokens.check>>;
      try {
        claims = await formTokens.check(req.formToken);
        if (req.honeypot) throw badRequest('inquiry/form-invalid', 'The form could not be checked.');
        const hastyWait = await hastyFormWait(
          db,
          'application',
          deps.maxPerHour,
          req.clientIp,
          claims.issuedAt,
          clock.now(),
        );
        if (hastyWait > 0)
          throw tooManyRequests(
            'application/too-many-requests',
            'Too many applications from this address.',
            hastyWait / 1000,
          );
        await withinLimit(address);
      } catch (err) {
        const r = refusalOf(err);
        if (!r) throw err;
        const message = applicationRefusalText(r.code, t.apply, Number(r.headers['retry-after'] ?? 0));
        const stale = r.code === 'inquiry/form-expired';
        return refused(r.status, r.code, message, {}, keep, stale ? await this.issueFormToken() : req.formToken);
      }

      await pending.drop(listed.filter((k) => !keep.includes(k)).map((k) => k.key));
      const { docs, refused: fileRefusals } = await checkAll(token, keep, sent, t);
      const choices = {
        programmes: view.programmes.map((p) => p.id),
        categories: view.categories.map((c) => c.id),
      };
      const { form, fieldErrors } = readApplicationForm(req.values, choices, t.apply);
      const errors: ApplicationFieldErrors = { ...fieldErrors };
      for (const [kind, lines] of Object.entries(fileRefusals)) errors[kind] = lines.join(' ');

      // The warning is given whenever the first choice and the GPA can be read, even if other fields are refused.
      const chosen = view.programmes.find((p) => p.id === req.values.first_choice);
      const gpa = gpaHundredths(req.values.gpa ?? '');
      if (chosen && gpa !== null) {
        const grades = Object.fromEntries(
          SEE_SUBJECTS.map((s) => [s, req.values[gradeField(s)]]).filter((e): e is [string, NebGrade] =>
            (NEB_GRADES as readonly string[]).includes(e[1] ?? ''),
          ),
        );
        if (!eligibilityOf(chosen, gpa, grades)) {
          const others = view.programmes.filter((p) => p.id !== chosen.id);
          warning = eligibilitySentence(chosen, others, gpa, grades, req.lang, t.apply);
        }
      }

      let amount = 0;
      if (form) {
        const first = view.programmes.find((p) => p.id === form.firstChoice)!;
        amount = first.applicationFee + (view.state.phase === 'late' ? view.season.lateFee : 0);
        const seasonYear = Number(view.season.name.slice(0, 4));
        if (form.seeYear > seasonYear) errors.see_year = t.apply.errors.seeYear;
        const bank = form.paymentMethod === 'bank' && amount > 0;
        if (bank && !form.voucherNumber) errors.voucher_number = t.apply.errors.voucherNumber;
        const needed: DocumentKind[] = ['photo', 'grade-sheet', 'character'];
        if (form.category) needed.push('proof');
        if (bank) needed.push('voucher');
        for (const kind of needed) {
          const ofKind = docs.filter((d) => d.checked.kind === kind);
          const pages = ofKind.reduce((sum, d) => sum + d.checked.pages, 0);
          if (ofKind.length === 0) errors[kind] ??= t.apply.refusals.missing(t.apply.fields[kind]);
          else if (pages > L.pages) errors[kind] ??= applicationRefusalText(tooManyPages().code, t.apply);
        }
      }

      /**
       * Counts the refusal against the address, keeps this post's accepted files for the corrected form (within
       * the form's and the address's caps, and never into the reserve kept for the office: a file not kept is
       * asked for again) and answers the refusal; the 507's words when the disk had no room for them.
       */
      const refuseKeeping = async (
        status: number,
        code: string,
        message: string,
        formToken?: string,
      ): Promise<ApplyOutcome> => {
        const kept = docs.filter((d) => d.kept).map((d) => d.kept!);
        let full = false;
        try {
          await countRefusal(address);
          await pending.touch(kept.map((k) => k.key));
          for (const d of docs) {
            if (!d.sent) continue;
            const room = !deps.roomFor || (await deps.roomFor(d.sent.body.length));
            const one = room ? await pending.keep(token, address, d.sent.kind, d.sent.name, d.sent.body) : null;
            if (!room) full = true;
            if (one) kept.push(one);
            else
              errors[d.sent.kind] = [errors[d.sent.kind], `${d.sent.name}: ${t.apply.refusals.notKept}`]
                .filter(Boolean)
                .join(' ');
          }
        } catch (err) {
          if (!isFull(err)) throw err;
          full = true;
        }
        if (full) return refused(507, STORAGE_FULL.code, t.apply.refusals.storageFull, errors, kept, formToken);
        return refused(status, code, message, errors, kept, formToken);
      };

      if (!form || Object.keys(errors).length > 0) {
        return refuseKeeping(400, 'validation', t.apply.correctFields);
      }
      let spent = false;
      try {
        return await outOfSpaceChecked<ApplyOutcome>(async () => {
          await withinLimit(address, 'application');
          if (await repo.activeCandidateExists(db, view.season.id, form.symbolNumber, form.birthDate)) throw exists();
          await formTokens.spend(claims);
          spent = true;
          const needed = new Set(['photo', 'grade-sheet', 'character']);
          if (form.category) needed.add('proof');
          if (form.paymentMethod === 'bank' && amount > 0) needed.add('voucher');
          const stored = docs.filter((d) => needed.has(d.checked.kind));
          const { reference, key } = await store(
            view,
            form,
            stored.map((d) => d.checked),
            req.lang,
            amount,
          );
          deps.notices.queued();
          deps.documentsQueued?.();
          await pending.drop(listed.map((k) => k.key));
          const names = await namesOf([form.firstChoice, form.secondChoice]);
          return {
            ok: true,
            confirmation: {
              reference,
              accessKey: formatAccessKey(key),
              nameEn: form.nameEn,
              nameNe: form.nameNe,
              birthDate: form.birthDate,
              programme: names.get(form.firstChoice)!,
              secondChoice: form.secondChoice ? (names.get(form.secondChoice) ?? null) : null,
              submittedAt: clock.now().toISOString(),
              amount,
              late: view.state.phase === 'late',
              warning,
              payment: paymentFor(view.payment, view.programmes.find((p) => p.id === form.firstChoice)?.payment),
            },
          };
        });
      } catch (err) {
        const r = refusalOf(err);
        if (!r) throw err;
        const wait = Number(r.headers['retry-after'] ?? 0);
        const message = applicationRefusalText(r.code, t.apply, wait);
        // A used token cannot send the form again: the corrected form gets a fresh one.
        const formToken = spent || r.code === 'inquiry/form-used' ? await this.issueFormToken() : req.formToken;
        if (r.code === 'application/exists') {
          await pending.drop([...listed.map((k) => k.key)]);
          return refused(r.status, r.code, message, {}, [], formToken);
        }
        // A full disk saved nothing of the form and nothing more is written for it: the typed form comes back.
        if (r.code === STORAGE_FULL.code) return refused(r.status, r.code, message, errors, keep, formToken);
        return refuseKeeping(r.status, r.code, message, formToken);
      }
    },

    /**
     * The applicant a reference and access key prove (posting from `clientIp`): the actor the policy lets act
     * on that application only. 404 for either wrong, 429 past a limit.
     */
    async applicantOf(referenceText: string, key: string, clientIp: string): Promise<ApplicantActor> {
      const row = await lookUp(referenceText, key, clientIp);
      return applicantActor(row.id, row.reference, clientIp);
    },

    /**
     * Where an application stands, for the applicant who proved it theirs (applicantOf); an applicant of another
     * application is refused.
     */
    async status(actor: Actor, applicationId: string): Promise<ApplicationStatus> {
      authorize(actor, 'application.own.read', { applicationId });
      const row = await repo.findById(db, applicationId);
      if (!row) throw noSuchApplication();
      const payment = await repo.findPayment(db, row.id);
      const names = await namesOf([row.first_choice, row.second_choice]);
      return {
        reference: row.reference,
        nameEn: row.name_en,
        state: row.state as ApplicationState,
        correction: row.state === 'needs-correction' ? row.correction : '',
        correctionDocuments: row.state === 'needs-correction' ? documentKindsIn(row.correction_documents) : [],
        programme: names.get(row.first_choice) ?? { en: '', ne: '' },
        secondChoice: row.second_choice ? (names.get(row.second_choice) ?? null) : null,
        payment: {
          state: (payment?.state ?? 'unpaid') as PaymentState,
          amount: Number(payment?.amount ?? 0),
          method: payment?.method ?? '',
        },
        submittedAt: row.submitted_at,
        ...(await documentsOf(row.id)),
        paymentDetails: await deps.payments.ofApplication(row.id),
      };
    },

    /**
     * Replaces a document the office asked to be corrected (any kind may be sent while a correction is asked):
     * the new files replace the old ones, the application goes back to 'submitted' for the office, and both
     * steps are in its history. The old files are deleted once the change is committed.
     */
    async replaceDocuments(
      actor: Actor,
      applicationId: string,
      kind: DocumentKind,
      files: SentFile[],
    ): Promise<ApplicationStatus> {
      authorize(actor, 'application.own.correct', { applicationId });
      const row = await repo.findById(db, applicationId);
      if (!row) throw noSuchApplication();
      if (row.state !== 'needs-correction') {
        throw conflict('application/not-correctable', 'This application is not waiting for a correction.');
      }
      const checked: ScreenedDocument[] = [];
      for (const f of files.filter((file) => file.body.length > 0)) {
        checked.push(await screenDocument(kind, f.body, deps.pdfTimeoutMs));
      }
      if (checked.length === 0) throw badRequest('validation', 'Choose the corrected document.');
      if (kind === 'photo' && checked.length > 1) throw tooManyPages();
      if (checked.reduce((sum, d) => sum + d.pages, 0) > L.pages) throw tooManyPages();
      await replaceDocumentsOf({ db, storage, log, clock, siteUrl: deps.notices.siteUrl }, row, kind, checked);
      deps.notices.queued();
      deps.documentsQueued?.();
      return this.status(actor, applicationId);
    },

    /**
     * A new access key for a family that lost theirs, asked with the reference and the date of birth: when both
     * match, a new key replaces the old one and goes to the guardian's mobile and e-mail on the application
     * (never to the asker). The answer is the same whether or not they matched, so asking tells nothing; asks
     * are paced per application and per the visitor's address, and a miss counts against the application's
     * look-ups.
     */
    async sendNewKey(visitor: PublicActor, referenceText: string, birthDate: string): Promise<void> {
      authorize(visitor, 'application.key.request');
      const now = clock.now();
      const addressPace = { perHour: deps.lookupFailuresPerHour, burst: deps.lookupFailuresPerHour };
      const address = await takePace(db, `application:key-requests:${limitKeyOf(visitor.address)}`, addressPace, now);
      if (address.waitMs > 0) throw lookupsLimited(address.waitMs);
      const reference = readReference(referenceText);
      const row = reference ? await repo.findByReference(db, reference) : undefined;
      if (!row) return;
      if (row.birth_date !== latinDigits(birthDate)) {
        await takePace(db, `application:key-misses:${row.reference}`, RECORD_MISSES, now);
        return;
      }
      const asked = await takePace(db, `application:key-requests:${row.reference}`, KEY_REQUESTS, now);
      if (asked.waitMs > 0) throw lookupsLimited(asked.waitMs);
      await giveNewKey(row, 'Applicant (asked on the status page)', null, now);
    },

    /**
     * A new access key sent to the guardian by the office (the family lost theirs, or the office was told of a
     * walk on its look-ups): the office never sees the key, which goes only to the contacts on the application.
     */
    async sendNewKeyFromOffice(actor: Actor, applicationId: string): Promise<void> {
      authorize(actor, 'applications.decide');
      const row = await repo.findById(db, applicationId);
      if (!row) throw noSuchApplication();
      const who = auditNameOf(actor);
      await giveNewKey(row, who.name, who.id, clock.now(), actor);
    },
  };
}
export type ApplicationIntake = ReturnType<typeof createApplicationIntake>;
