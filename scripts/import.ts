/**
 * npm run import -- wordpress <export.xml> [--uploads <wp-content/uploads folder, or it as .zip/.tar/.tar.gz>] [--from <old site address>] [--dry-run]
 *
 * Brings a WordPress site's published posts over as notices, with the PDFs and images they carry as their
 * attachments, and makes the old site's addresses of those posts and files answer with a 301 to the notices.
 * First it prints what becomes what, with counts; with --dry-run it stops there and writes nothing.
 * Running it again with the same export adds nothing (posts are found again by their WordPress GUID).
 * An uploads archive is unpacked under DATA_DIR/imports for the run and removed after it.
 */
// First: the files and folders it writes (a new database, uploads) are its user's alone (0600, 0700).
import '#server/startup/private-files.ts';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { pino } from 'pino';
import { systemClock } from '#server/clock.ts';
import { openDb } from '#server/db/db.ts';
import { migrateToLatest } from '#server/db/migrate.ts';
import { parseEnv } from '#server/env.ts';
import { redactingLoggerOptions } from '#server/log-redaction.ts';
import {
  ARCHIVE_NAME,
  type ArchiveLimits,
  type ArchiveProblem,
  ArchiveRefused,
  describePlan,
  describeReport,
  leftOutLines,
  planWordPressImport,
  runWordPressImport,
  unpackArchive,
  uploadsRoot,
} from '#server/modules/import/index.ts';
import { createAttachmentsService, createNoticesService } from '#server/modules/notices/index.ts';
import { createAlbumsService, createImagesService } from '#server/modules/images/index.ts';
import { imageLimitsOf, mediaUrlFor, nextPublicChange } from '#server/services.ts';
import { terminalLogStream } from '#server/startup/terminal.ts';
import { createStorage } from '#server/storage/create-storage.ts';
import { runScript } from './ops/embedded.ts';

const USAGE =
  'Usage: npm run import -- wordpress <export.xml> [--uploads <wp-content/uploads folder, .zip, .tar or .tar.gz>] [--from <old site address>] [--dry-run]';

/** What an uploads archive may unpack to here: far above any college's uploads, well below a zip bomb's. */
const CLI_ARCHIVE_LIMITS: ArchiveLimits = { bytes: 50 * 1024 ** 3, entries: 500_000 };

const ARCHIVE_PROBLEMS: Record<ArchiveProblem, string> = {
  unreadable: 'could not be read as a .zip, .tar or .tar.gz archive',
  unsafe: 'holds a link, or a path outside its folder (starting with / or holding ..)',
  encrypted: 'is protected by a password',
  'too-large': `unpacks to more than ${CLI_ARCHIVE_LIMITS.bytes / 1024 ** 3} GB or ${CLI_ARCHIVE_LIMITS.entries.toLocaleString('en')} files (unpack it yourself and give the folder)`,
};

/** Removes the archives unpacked by command-line imports whose process is gone (killed before it removed them). */
async function sweepKilledRuns(imports: string): Promise<void> {
  const names = await fs.readdir(imports).catch(() => []);
  for (const name of names) {
    const pid = /^command-line-(\d+)-/u.exec(name)?.[1];
    if (pid && !processRuns(Number(pid))) await fs.rm(path.join(imports, name), { recursive: true, force: true });
  }
}

function processRuns(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

async function main(): Promise<number> {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: { uploads: { type: 'string' }, from: { type: 'string' }, 'dry-run': { type: 'boolean' } },
  });
  const [source, exportFile] = positionals;
  if (source !== 'wordpress' || !exportFile || positionals.length > 2) {
    console.error(USAGE);
    return 2;
  }
  const env = parseEnv();
  // An archive is unpacked beside the data (not in a small /tmp), and removed however the import ends.
  const imports = path.join(env.dataDir, 'imports');
  await sweepKilledRuns(imports);
  const unpacked =
    values.uploads && ARCHIVE_NAME.test(values.uploads)
      ? path.join(imports, `command-line-${process.pid}-${randomUUID()}`)
      : null;
  const db = openDb({ dataDir: env.dataDir, databaseUrl: env.DATABASE_URL });
  try {
    let uploads = values.uploads;
    let leftOut: string[] = [];
    if (values.uploads && unpacked) {
      try {
        leftOut = await unpackArchive(values.uploads, unpacked, CLI_ARCHIVE_LIMITS);
      } catch (err) {
        if (!(err instanceof ArchiveRefused)) throw err;
        console.error(`The uploads archive ${ARCHIVE_PROBLEMS[err.problem]}: nothing was imported.`);
        return 1;
      }
      uploads = await uploadsRoot(unpacked);
    }
    await migrateToLatest(db);
    const plan = await planWordPressImport(db, exportFile, { uploads, from: values.from });
    for (const line of [...describePlan(plan), ...leftOutLines(leftOut)]) console.log(line);
    if (values['dry-run']) {
      console.log('Dry run: nothing was written.');
      return 0;
    }
    const log = pino({ ...redactingLoggerOptions, level: 'warn' }, terminalLogStream());
    const storage = createStorage(env);
    const urlFor = mediaUrlFor(env.PUBLIC_ASSET_BASE_URL);
    const attachments = createAttachmentsService({
      db,
      storage,
      log,
      imageLimits: imageLimitsOf(env),
      pdfTimeoutMs: env.PDF_TIME_LIMIT_MS,
      clock: systemClock,
    });
    const notices = createNoticesService(db, systemClock, attachments, nextPublicChange);
    const images = createImagesService({
      db,
      storage,
      log,
      urlFor,
      limits: imageLimitsOf(env),
      pageSize: env.GALLERY_PAGE_SIZE,
      clock: systemClock,
      queueMax: env.PHOTO_QUEUE_MAX,
      // The server's photo worker finds photos queued by another process (this one) on its own.
      queued: () => undefined,
    });
    const albums = createAlbumsService({ db, urlFor, clock: systemClock });
    const report = await runWordPressImport(
      {
        db,
        clock: systemClock,
        notices,
        attachments,
        albums,
        images,
        progress: (done, total) => {
          if (done % 50 === 0 || done === total) console.log(`… ${done} of ${total} posts and galleries`);
        },
      },
      plan,
    );
    for (const line of describeReport(report)) console.log(line);
    return 0;
  } finally {
    await db.destroy();
    if (unpacked) await fs.rm(unpacked, { recursive: true, force: true });
  }
}

runScript(main);
