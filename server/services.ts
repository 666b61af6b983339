import {
  createEntranceService,
  createApplicationOfficeService,
  createAdmissionService,
  createSeasonService,
  nextPublicSeasonChange,
  createPaymentService,
  createDocumentQueue,
  createApplicationIntake,
  restoreApplication,
  restorePlan,
  withdrawalConsequence,
  byReference,
  undoPlan,
  undoWithdrawal,
  createMeritService,
  createOfferVouchers,
  createResultsLookup,
  makeResultsNotice,
  createPendingDocuments,
} from '#server/modules/admission/index.ts';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from './db/db.ts';
import { type Clock, systemClock } from './clock.ts';
import type { Env } from './env.ts';
import { createAuditService } from './audit/audit.service.ts';
import {
  createAccountsService,
  createAuthService,
  createLoginThrottle,
  createTwoFactorService,
  loginThrottleOptions,
} from './modules/auth/index.ts';
import { ContentVersion, earliest } from './cache/content-version.ts';
import { createCalendarService, createLoadedCalendar } from './modules/calendar/index.ts';
import { createContentService } from './modules/content/index.ts';
import {
  createAlbumsService,
  createImagesService,
  createPhotoProcess,
  createPhotoQueue,
} from './modules/images/index.ts';
import { createInquiriesService } from './modules/inquiries/index.ts';
import { createMessagesService, createOutboxSender } from './modules/outbox/index.ts';
import { createTodayService } from './modules/today/index.ts';
import { createSettingsCipher } from './secrets/settings-key.ts';
import type { SmsProvider } from '#common/messages.ts';
import { createAttachmentsService, createNoticesService, nextNoticeChange } from './modules/notices/index.ts';
import { createDemoService } from './modules/demo/index.ts';
import { createFirstRunService } from './modules/first-run/index.ts';
import { createSearchService } from './modules/search/index.ts';
import { createImportRuns, createOldAddresses } from './modules/import/index.ts';
import { createAccountService, createStaffService } from './modules/staff/index.ts';
import { createVitalsService } from './modules/vitals/index.ts';
import type { Storage } from './storage/storage.ts';
import { backupSettings, createBackupService } from './backups/backup.service.ts';
import { createBackupAdmin } from './backups/backup-admin.ts';
import { createOffsite, offsiteOptions } from './backups/offsite.ts';
import { damageWatchOf } from './db/damage-watch.ts';
import { createBallast } from './storage/ballast.ts';
import { onOutOfSpace } from './storage/out-of-space.ts';

export interface ServiceDeps {
  db: Db;
  storage: Storage;
  env: Env;
  log: FastifyBaseLogger;
  /** The time for rules that depend on it; tests move it instead of waiting. */
  clock?: Clock;
  /** Where the SMS providers' APIs are; tests point them at a local stand-in. */
  smsBaseUrls?: Record<SmsProvider, string>;
}

/** URL at which a stored file is served to browsers: through the app (/media/...). */
export const mediaUrl = (key: string): string => `/media/${key}`;

/** With PUBLIC_ASSET_BASE_URL (a public bucket or a CDN), browsers fetch files from there instead. */
export const mediaUrlFor = (publicBase: string | undefined): ((key: string) => string) => {
  if (!publicBase) return mediaUrl;
  const base = publicBase.replace(/\/+$/u, '');
  return (key) => `${base}/${key}`;
};

/** The photo upload limits the settings give (a notice's scan, an album's photo). */
export const imageLimitsOf = (env: Pick<Env, 'UPLOAD_MAX_MB' | 'IMAGE_MAX_MEGAPIXELS'>) => ({
  maxBytes: env.UPLOAD_MAX_MB * 1024 * 1024,
  maxPixels: env.IMAGE_MAX_MEGAPIXELS * 1_000_000,
});

/**
 * When public pages next change by themselves: a scheduled notice appears or a pin ends, or a season's dates
 * move the admission status (the render cache learns the earliest).
 */
export const nextPublicChange = async (trx: Db, now: Date) =>
  earliest(await nextNoticeChange(trx, now), await nextPublicSeasonChange(trx, now));

/** Composes the services once; routes and page loaders (through the load context) share them. */
export function createServices({ db, storage, env, log, clock = systemClock, smsBaseUrls }: ServiceDeps) {
  const urlFor = mediaUrlFor(env.PUBLIC_ASSET_BASE_URL);
  const imageLimits = imageLimitsOf(env);
  // One reader of the shared content version for the render cache and the content service.
  const contentVersion = new ContentVersion(db, { clock, nextChangeAt: nextPublicChange });
  const seasons = createSeasonService(db, clock, nextPublicChange, urlFor);
  const payments = createPaymentService({ db, storage, log, clock, imageLimits, urlFor });
  const attachments = createAttachmentsService({
    db,
    storage,
    log,
    imageLimits,
    pdfTimeoutMs: env.PDF_TIME_LIMIT_MS,
    clock,
  });
  // Failed sign-ins and wrong current passwords on the Account page count against the same limits.
  const loginThrottle = createLoginThrottle(db, loginThrottleOptions(env), clock);
  const twoFactor = createTwoFactorService(db, clock, loginThrottle);
  // Every account's creation, password change and deletion, whichever way it comes.
  const accounts = createAccountsService(db, clock);
  // The B.S. month lengths this process converts dates with, read again whenever the content version moves.
  const calendarTable = createLoadedCalendar(db, contentVersion, log);
  const messages = createMessagesService(db, clock, {
    smtpUrl: env.SMTP_URL,
    mailFrom: env.MAIL_FROM,
    defaultMailAddress: `no-reply@${new URL(env.siteUrl).hostname}`,
    siteUrl: env.siteUrl,
    cipher: createSettingsCipher({ envKey: env.SETTINGS_KEY, dataDir: env.dataDir }),
    // Messages waiting for set-up leave as soon as it is saved (declared below; called only after a save).
    changed: () => outbox.wake(),
    officeEmails: (env.OFFICE_EMAIL ?? '')
      .split(',')
      .map((a) => a.trim())
      .filter(Boolean),
    ...(smsBaseUrls ? { smsBaseUrls } : {}),
  });
  // Started by server/main.ts; a test calls its runOnce with its own clock moved.
  const outbox = createOutboxSender({ db, clock, log, couriers: () => messages.couriers() });
  // The guardian's messages of an application's steps, queued with each step and sent in the background.
  const applicationNotices = { siteUrl: env.siteUrl, queued: () => outbox.wake() };
  const offsiteSettings = offsiteOptions(env);
  // A damaged database file met by any request: logged once, then health fails and owners are warned.
  const damage = damageWatchOf(db);
  damage?.onFound((found) => log.error({ detail: found.detail }, 'the database file is damaged: writes refused'));
  // The reserve of disk space, given back the moment any write finds the disk full.
  const ballast = createBallast(env.dataDir, env.BALLAST_MB * 1024 * 1024, log);
  const stopReleasing = onOutOfSpace(() => ballast.release());
  const backups = createBackupService(backupSettings(env), clock, log, {
    offsite: offsiteSettings ? createOffsite(offsiteSettings) : undefined,
    damage: () => damage?.found ?? null,
  });
  const notices = createNoticesService(db, clock, attachments, nextPublicChange);
  const staff = createStaffService(db, clock, accounts, {
    siteUrl: env.siteUrl,
    emailReady: async () => (await messages.ready()).email,
    queued: () => outbox.wake(),
  });
  const demo = createDemoService({ db, storage, log, clock, attachments, nextPublicChange });
  // Results day: the look-up answers from memory, rebuilt whenever the merit service changes the results.
  const resultsLookup = createResultsLookup({
    db,
    clock,
    log,
    failuresPerHour: env.RESULTS_LOOKUP_FAILURES_PER_HOUR,
  });
  const merit = createMeritService({
    db,
    clock,
    log,
    notices: applicationNotices,
    changed: () => resultsLookup.invalidate(),
  });
  const entrance = createEntranceService({ db, storage, clock, notices: applicationNotices });
  // One lowest-priority child process draws album photos and applicants' documents, one file at a time.
  const photoProcess = createPhotoProcess({ log });
  // Applicants' documents are accepted as received and drawn here afterwards (started by server/main.ts).
  const documentQueue = createDocumentQueue({
    db,
    storage,
    clock,
    log,
    photoProcess,
    pdfTimeoutMs: env.PDF_TIME_LIMIT_MS,
  });
  // An offer's admission-fee voucher, sent from the status page and checked by the office.
  const offerVouchers = createOfferVouchers({
    db,
    storage,
    clock,
    log,
    notices: applicationNotices,
    pdfTimeoutMs: env.PDF_TIME_LIMIT_MS,
    documentsQueued: () => documentQueue.wake(),
  });
  // Album photos are processed here, in the background, one at a time (started by server/main.ts; tests drain it).
  const photoQueue = createPhotoQueue({ db, storage, limits: imageLimits, clock, log, photoProcess });
  const content = createContentService({
    db,
    storage,
    log,
    urlFor,
    imageLimits,
    versions: contentVersion,
    clock,
    setupFacts: async () => ({
      seasonPublished: (await seasons.publicState()) !== null,
      demoItemsLeft: await demo.left(),
    }),
  });
  const images = createImagesService({
    db,
    storage,
    log,
    urlFor,
    limits: imageLimits,
    pageSize: env.GALLERY_PAGE_SIZE,
    clock,
    queueMax: env.PHOTO_QUEUE_MAX,
    queued: () => photoQueue.wake(),
  });
  const albums = createAlbumsService({ db, urlFor, clock });
  const services = {
    db,
    /** The services' clock: pages read 'now' from it too (tests move it). */
    clock,
    contentVersion,
    notices,
    attachments,
    /** The demo content of a fresh install: what the seeder made, and its removal in one step. */
    demo,
    /** An imported site's old addresses and where they now lead. */
    oldAddresses: createOldAddresses(db, contentVersion),
    /** Imports from WordPress started in the admin, run after the answer, and the old addresses' list. */
    importRuns: createImportRuns({ db, clock, log, dataDir: env.dataDir, notices, attachments, albums, images }),
    admission: createAdmissionService(db, clock, seasons),
    seasons,
    payments,
    calendarTable,
    calendar: createCalendarService(db, clock, calendarTable, nextPublicChange),
    images,
    photoQueue,
    documentQueue,
    albums,
    content,
    inquiries: createInquiriesService(db, clock, {
      maxPerHour: env.INQUIRY_MAX_PER_HOUR,
      maxPerEmailPerHour: env.INQUIRY_MAX_PER_EMAIL_PER_HOUR,
      officeRecipients: (trx) => messages.officeRecipients(trx),
      adminUrl: `${env.siteUrl}/admin/inquiries`,
      siteUrl: env.siteUrl,
      queued: () => outbox.wake(),
      channels: () => messages.ready(),
    }),
    // The applicant's side of online admission (the office's is applicationOffice).
    applicationIntake: createApplicationIntake({
      db,
      storage,
      log,
      clock,
      seasons,
      payments,
      pdfTimeoutMs: env.PDF_TIME_LIMIT_MS,
      maxPerHour: env.APPLICATION_MAX_PER_HOUR,
      lookupFailuresPerHour: env.APPLICATION_LOOKUP_FAILURES_PER_HOUR,
      notices: applicationNotices,
      documentsQueued: () => documentQueue.wake(),
      // Applicants' files stop short of the reserve on DATA_DIR's disk (a bucket is not on it).
      ...(env.S3_BUCKET ? {} : { roomFor: (bytes: number) => ballast.roomFor(bytes) }),
    }),
    /** Files refused application forms keep for the corrected form: swept within the hour, shown to owners. */
    keptFiles: createPendingDocuments({ db, storage, log, clock }),
    messages,
    outbox,
    auth: createAuthService(
      db,
      {
        sessionIdleMs: env.SESSION_IDLE_MINUTES * 60_000,
        sessionMaxMs: env.SESSION_MAX_HOURS * 3_600_000,
      },
      twoFactor,
      loginThrottle,
      clock,
    ),
    twoFactor,
    users: accounts,
    search: createSearchService(db),
    staff,
    /** The first run from the one-time owner link: the college, its logo and the first owner in one step. */
    firstRun: createFirstRunService({ db, storage, log, clock, staff }),
    account: createAccountService(accounts, loginThrottle),
    vitals: createVitalsService(db, {}, clock),
    audit: createAuditService(db, { keepDays: env.AUDIT_KEEP_DAYS }, clock),
    applicationOffice: createApplicationOfficeService({
      db,
      storage,
      clock,
      log,
      keepDays: env.APPLICATION_DOCUMENTS_KEEP_DAYS,
      notices: applicationNotices,
      seats: {
        left: merit.seatLeft,
        changed: () => resultsLookup.invalidate(),
        withdrawal: withdrawalConsequence,
        restorePlan,
        restore: (trx, actor, app, at, overSeats) =>
          restoreApplication(trx, applicationNotices.siteUrl, actor, app, at, overSeats),
        undoPlan: (db, app, now) => undoPlan(db, app, now),
        undoRefusal: (db, app, now) => undoPlan(db, app, now, byReference),
        undo: (trx, actor, app, at) => undoWithdrawal(trx, applicationNotices.siteUrl, actor, app, at),
      },
      entrance,
    }),
    entrance,
    ballast,
    /** Called when the app closes: the reserve no longer listens for full disks. */
    stopReleasing,
    /** Damage met in the SQLite file while running (undefined on PostgreSQL). */
    damage,
    merit,
    offerVouchers,
    resultsLookup,
    /** The results notice of a published season, with its pass list printed to PDF when Chromium is here. */
    makeResultsNotice: (seasonId: string) =>
      makeResultsNotice(
        { db, siteUrl: env.siteUrl, merit, notices, attachments, log, logo: () => content.printLogo() },
        seasonId,
      ),
    backups,
    backupAdmin: createBackupAdmin({ db, clock, backups }),
  };
  return { ...services, today: createTodayService(services) };
}
export type AppServices = ReturnType<typeof createServices>;
