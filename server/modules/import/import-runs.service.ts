import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import {
  ARCHIVE_REFUSALS,
  IMPORT_ERRORS,
  IMPORT_LIMITS,
  type ImportRunView,
  type ImportStatus,
} from '#common/import.ts';
import { pageWindow } from '#common/paging.ts';
import { audit } from '#server/audit/audit.ts';
import { type Actor, auditNameOf, authorize } from '#server/auth/actor.ts';
import { changeContent } from '#server/cache/content-version.ts';
import type { Clock } from '#server/clock.ts';
import type { Db } from '#server/db/db.ts';
import type { ImportRunsTable } from '#server/db/schema.ts';
import { badRequest, conflict, notFound, payloadTooLarge, refusal } from '#server/errors.ts';
import type { AttachmentsService, NoticesService } from '#server/modules/notices/index.ts';
import type { AlbumsService, ImagesService } from '#server/modules/images/index.ts';
import {
  anyImportRunning,
  countOldAddresses,
  deletePlannedRuns,
  deleteOldAddress,
  findImportRun,
  insertImportRun,
  latestImportRun,
  moveImportRun,
  oldAddressesPage,
  setImportProgress,
  stopInterruptedRuns,
} from './import.repository.ts';
import { ARCHIVE_NAME, ArchiveRefused, leftOutLines, unpackArchive, uploadsRoot } from './uploads-archive.ts';
import { runWordPressImport } from './wordpress-import.ts';
import { WORDPRESS_SOURCE, planWordPressImport } from './wordpress-plan.ts';
import { describePlan, describeReport } from './wordpress-report.ts';
import { WxrError } from './wxr-reader.ts';

/**
 * An import from WordPress started in the admin. The owner's upload is kept under DATA_DIR/imports/<run>
 * (the export, and the uploads archive unpacked), planned at once (the dry run, which writes nothing but
 * the run's own row), and carried out after the answer to the request, one post at a time: each post's
 * notice commits whole or not at all (wordpress-import.ts), and the run's row says how far it went. A
 * server that stops during an import finds the run 'running' when it starts again and marks it 'stopped';
 * importing the same files again brings over the rest, as posts already imported are found by their GUID.
 */

interface Deps {
  db: Db;
  clock: Clock;
  log: FastifyBaseLogger;
  dataDir: string;
  notices: NoticesService;
  attachments: AttachmentsService;
  albums: AlbumsService;
  images: ImagesService;
}

export interface ImportUpload {
  exportFile: Uint8Array;
  /** The wp-content/uploads folder as a .zip, .tar or .tar.gz archive, with its file name. */
  archive?: { name: string; bytes: Uint8Array };
}

/** What a run is started from: its dry run, or a run the server's stop (or a fault) ended half-way. */
const STARTABLE: readonly ImportStatus[] = ['planned', 'stopped', 'failed'];

const present = (row: ImportRunsTable): ImportRunView => ({
  id: row.id,
  status: row.status as ImportStatus,
  hasUploads: row.has_uploads === 1,
  planLines: JSON.parse(row.plan_lines) as string[],
  toImport: row.to_import,
  done: row.done,
  total: row.total,
  reportLines: row.report_lines === null ? null : (JSON.parse(row.report_lines) as string[]),
  createdAt: row.created_at,
  finishedAt: row.finished_at,
});

export function createImportRuns(deps: Deps) {
  const { db, clock, log } = deps;
  const runDir = (id: string) => path.join(deps.dataDir, 'imports', id);
  const exportPath = (id: string) => path.join(runDir(id), 'export.xml');
  /** This process's import under way, if any (tests wait for it). */
  let carrying: Promise<void> | null = null;

  async function plan(id: string, hasUploads: boolean) {
    return planWordPressImport(
      db,
      exportPath(id),
      hasUploads ? { uploads: await uploadsRoot(path.join(runDir(id), 'archive')) } : {},
    );
  }

  async function prepare(actor: Actor, upload: ImportUpload): Promise<ImportRunView> {
    authorize(actor, 'import.manage');
    if (upload.exportFile.byteLength === 0) throw badRequest('import/missing', IMPORT_ERRORS.missing.message);
    if (upload.exportFile.byteLength > IMPORT_LIMITS.exportBytes)
      throw payloadTooLarge(IMPORT_ERRORS.exportTooLarge.message);
    const { archive } = upload;
    if (archive) {
      if (!ARCHIVE_NAME.test(archive.name)) throw refusal('import/archive-type', IMPORT_ERRORS.archiveType.message);
      if (archive.bytes.byteLength > IMPORT_LIMITS.archiveBytes)
        throw payloadTooLarge(IMPORT_ERRORS.archiveTooLarge.message);
    }
    const id = randomUUID();
    const dir = runDir(id);
    await fs.mkdir(dir, { recursive: true });
    try {
      await fs.writeFile(exportPath(id), upload.exportFile);
      const leftOut = archive ? await unpack(dir, archive) : [];
      const planned = await plan(id, archive !== undefined);
      // Posts to make notices and galleries to make albums.
      const toImport =
        planned.notices.filter((n) => !n.importedAs).length + planned.albums.filter((a) => !a.importedAs).length;
      const row: ImportRunsTable = {
        id,
        source: WORDPRESS_SOURCE,
        status: 'planned',
        has_uploads: archive ? 1 : 0,
        plan_lines: JSON.stringify([...describePlan(planned), ...leftOutLines(leftOut)]),
        to_import: toImport,
        done: 0,
        total: planned.notices.length + planned.albums.length,
        report_lines: null,
        created_by: auditNameOf(actor).name,
        created_at: clock.now().toISOString(),
        finished_at: null,
      };
      // A dry run never started is replaced by the newer one, files and all.
      for (const old of await deletePlannedRuns(db)) await fs.rm(runDir(old), { recursive: true, force: true });
      await insertImportRun(db, row);
      return present(row);
    } catch (err) {
      await fs.rm(dir, { recursive: true, force: true });
      if (err instanceof WxrError) throw badRequest('import/not-wxr', err.message);
      throw err;
    }
  }

  async function start(actor: Actor, id: string): Promise<ImportRunView> {
    authorize(actor, 'import.manage');
    const row = await findImportRun(db, id);
    if (!row) throw notFound('import');
    if (!STARTABLE.includes(row.status as ImportStatus))
      throw conflict('import/not-planned', IMPORT_ERRORS.notPlanned.message);
    if (carrying || (await anyImportRunning(db))) throw conflict('import/busy', IMPORT_ERRORS.busy.message);
    if (!(await moveImportRun(db, id, STARTABLE, { status: 'running', done: 0, finished_at: null })))
      throw conflict('import/not-planned', IMPORT_ERRORS.notPlanned.message);
    await audit(
      db,
      actor,
      {
        kind: 'import-started',
        subject: `WordPress export: ${row.to_import} posts and galleries to publish as notices and albums`,
      },
      clock.now(),
    );
    carrying = carry(actor, row).finally(() => (carrying = null));
    return present((await findImportRun(db, id))!);
  }

  /** The import itself, after the answer: never throws (a fault ends the run 'failed' and is logged). */
  async function carry(actor: Actor, row: ImportRunsTable): Promise<void> {
    const { id } = row;
    let progress: Promise<unknown> = Promise.resolve();
    try {
      const planned = await plan(id, row.has_uploads === 1);
      const report = await runWordPressImport(
        {
          db,
          clock,
          notices: deps.notices,
          attachments: deps.attachments,
          albums: deps.albums,
          images: deps.images,
          // One small write per post, in order: the page reads how far the import has gone.
          progress: (done, total) => {
            progress = progress.then(() => setImportProgress(db, id, done, total)).catch(() => undefined);
          },
        },
        planned,
      );
      await progress;
      const lines = describeReport(report);
      await moveImportRun(db, id, ['running'], {
        status: 'done',
        report_lines: JSON.stringify(lines),
        finished_at: clock.now().toISOString(),
      });
      await audit(db, actor, { kind: 'import-ended', subject: lines[0] ?? '' }, clock.now());
      await fs.rm(runDir(id), { recursive: true, force: true });
    } catch (err) {
      await progress;
      log.error({ err, importRun: id }, 'the import from WordPress failed');
      await moveImportRun(db, id, ['running'], {
        status: 'failed',
        report_lines: JSON.stringify([
          'The import stopped on a fault (written to the server log). Each post was imported whole or not at all: start it again to bring over the rest.',
        ]),
        finished_at: clock.now().toISOString(),
      }).catch(() => undefined);
    }
  }

  return {
    prepare,
    start,
    async latest(actor: Actor): Promise<ImportRunView | null> {
      authorize(actor, 'import.manage');
      const row = await latestImportRun(db);
      return row ? present(row) : null;
    },
    /** Marks the runs a stopped process left 'running' as 'stopped' (at start-up, before anything else runs one). */
    async stopInterrupted(): Promise<number> {
      return (await stopInterruptedRuns(db, clock.now().toISOString())).length;
    },
    /** Resolves when this process's import under way (if any) has ended. */
    async settled(): Promise<void> {
      await carrying;
    },
    /** One page of the old addresses and where each leads; null for a page past the last. */
    async oldAddresses(actor: Actor, page: number) {
      authorize(actor, 'import.manage');
      const total = await countOldAddresses(db);
      const window = pageWindow(total, page, IMPORT_LIMITS.oldAddressesPageSize);
      if (!window) return null;
      const rows = await oldAddressesPage(db, window.offset, IMPORT_LIMITS.oldAddressesPageSize);
      return {
        total,
        page,
        pageCount: window.pageCount,
        items: rows,
      };
    },
    /**
     * Deletes an old address: the move of the content version commits with it, so every process's map of
     * old addresses is read again before its next request, and the address stops answering at once.
     */
    async deleteOldAddress(actor: Actor, oldPath: string): Promise<void> {
      authorize(actor, 'import.manage');
      await changeContent(db, clock.now(), async (trx) => {
        if ((await deleteOldAddress(trx, oldPath)) === 0) throw notFound('old address');
        await audit(trx, actor, { kind: 'old-address-deleted', subject: oldPath }, clock.now());
      });
    },
  };
}

export type ImportRuns = ReturnType<typeof createImportRuns>;

/**
 * Unpacks an uploads archive into `<dir>/archive` within the admin's limits; a refusal says why. Answers the
 * entries left out (a tar's links).
 */
async function unpack(dir: string, archive: { name: string; bytes: Uint8Array }): Promise<string[]> {
  const file = path.join(dir, /\.zip$/iu.test(archive.name) ? 'uploads.zip' : 'uploads.tar');
  await fs.writeFile(file, archive.bytes);
  try {
    return await unpackArchive(file, path.join(dir, 'archive'), {
      bytes: IMPORT_LIMITS.archiveUnpackedBytes,
      entries: IMPORT_LIMITS.archiveEntries,
    });
  } catch (err) {
    if (!(err instanceof ArchiveRefused)) throw err;
    const { code, message } = ARCHIVE_REFUSALS[err.problem];
    throw refusal(code, message);
  } finally {
    await fs.rm(file, { force: true });
  }
}
