import fs from 'node:fs/promises';
import { noticePath } from '#common/notices/notice-path.ts';
import type { Actor } from '#server/auth/actor.ts';
import { changeContent } from '#server/cache/content-version.ts';
import type { Clock } from '#server/clock.ts';
import type { Db } from '#server/db/db.ts';
import { AppError } from '#server/errors.ts';
import type { AttachmentsService, CheckedAttachment, NoticesService } from '#server/modules/notices/index.ts';
import type { AlbumsService, ImagesService } from '#server/modules/images/index.ts';
import { type AlbumImportOutcome, importAlbum } from './wordpress-album-import.ts';
import { recordImported } from './import.repository.ts';
import { type PlannedPage, SITE_PAGE_TARGET } from './wordpress-pages.ts';
import { type PlannedNotice, WORDPRESS_SOURCE, type WordPressPlan } from './wordpress-plan.ts';

/**
 * Carries out a plan: each published post not imported before becomes a notice through the notices service,
 * its files checked and processed by the attachments service as an upload is. The notice, its attachments,
 * the record of the post's GUID and its old addresses commit in one transaction, so a post is either
 * imported whole or not at all, and a second run finds it by its GUID and adds nothing. Then each gallery
 * becomes an album (wordpress-album-import.ts), and each page that names one of the site's pages has its old
 * addresses lead there (wordpress-pages.ts).
 */

export interface WordPressImportDeps {
  db: Db;
  clock: Clock;
  notices: NoticesService;
  attachments: AttachmentsService;
  albums: AlbumsService;
  images: ImagesService;
  /** Told after each post and each album (for a progress line). */
  progress?: (done: number, total: number) => void;
}

export interface WordPressImportReport {
  created: { oldId: number; title: string; noticeId: string; files: number }[];
  /** Posts an earlier import already brought over. */
  alreadyImported: number;
  /** Posts that could not be made notices, with why. */
  failed: { oldId: number; title: string; reason: string }[];
  /** Files not attached (missing, of another type, refused by the checks), with why. */
  fileProblems: { post: string; name: string; problem: string }[];
  /** The galleries made albums, and their photos not taken, with why. */
  albums: AlbumImportOutcome;
  /** Pages whose old addresses now lead to the site's page they name. */
  pages: { created: PlannedPage[]; alreadyImported: number };
}

/** The import, as the audit log names it: the system, on behalf of the post's WordPress author. */
const importActor = (author: string): Actor => ({
  kind: 'system',
  job: author ? `WordPress import, author ${author}` : 'WordPress import',
});

export async function runWordPressImport(
  deps: WordPressImportDeps,
  plan: WordPressPlan,
): Promise<WordPressImportReport> {
  const albums: AlbumImportOutcome = { created: [], alreadyImported: 0, failed: [], photoProblems: [] };
  const pages: WordPressImportReport['pages'] = { created: [], alreadyImported: 0 };
  const report: WordPressImportReport = {
    created: [],
    alreadyImported: 0,
    failed: [],
    fileProblems: [],
    albums,
    pages,
  };
  const total = plan.notices.length + plan.albums.length;
  let done = 0;
  for (const planned of plan.notices) {
    if (planned.importedAs) report.alreadyImported += 1;
    else await importOne(deps, planned, report);
    deps.progress?.((done += 1), total);
  }
  for (const planned of plan.albums) {
    if (planned.importedAs) albums.alreadyImported += 1;
    else await importAlbum(deps, planned, albums);
    deps.progress?.((done += 1), total);
  }
  for (const planned of plan.pages) {
    if (planned.importedAs) pages.alreadyImported += 1;
    else {
      await importPage(deps, planned);
      pages.created.push(planned);
    }
  }
  return report;
}

/**
 * Records the page and its old addresses, leading to the site's page it names, in one transaction that moves the
 * content version (so every server process reads the new addresses); a second import finds its GUID.
 */
async function importPage(deps: WordPressImportDeps, planned: PlannedPage): Promise<void> {
  const now = deps.clock.now();
  const targetId = `${SITE_PAGE_TARGET}${planned.becomes}`;
  await changeContent(deps.db, now, (trx) =>
    recordImported(trx, WORDPRESS_SOURCE, now.toISOString(), {
      target: planned.target,
      targetId,
      items: [{ guid: planned.guid, kind: 'page', oldId: planned.oldId, targetId }],
      oldPaths: planned.oldPaths,
    }),
  );
}

async function importOne(
  deps: WordPressImportDeps,
  planned: PlannedNotice,
  report: WordPressImportReport,
): Promise<void> {
  const actor = importActor(planned.author);
  const checked: CheckedAttachment[] = [];
  const carried: typeof planned.files = [];
  for (const file of planned.files) {
    if (file.problem || !file.file) {
      report.fileProblems.push({ post: planned.title, name: file.name, problem: file.problem ?? 'not found' });
      continue;
    }
    try {
      checked.push(await deps.attachments.check(actor, await fs.readFile(file.file)));
      carried.push(file);
    } catch (err) {
      if (!(err instanceof AppError)) throw err;
      report.fileProblems.push({ post: planned.title, name: file.name, problem: err.message });
    }
  }
  try {
    const notice = await deps.notices.createWithAttachments(actor, planned.notice.input, checked, async (trx, row) => {
      const at = deps.clock.now().toISOString();
      await recordImported(trx, WORDPRESS_SOURCE, at, {
        target: noticePath(row),
        targetId: row.id,
        items: [
          { guid: planned.guid, kind: 'post', oldId: planned.oldId, targetId: row.id },
          ...carried.map((f) => ({ guid: f.guid, kind: 'attachment', oldId: f.oldId, targetId: row.id })),
        ],
        oldPaths: [...planned.oldPaths, ...planned.files.flatMap((f) => f.oldPaths)],
      });
    });
    report.created.push({ oldId: planned.oldId, title: notice.title, noticeId: notice.id, files: checked.length });
  } catch (err) {
    if (!(err instanceof AppError)) throw err;
    report.failed.push({ oldId: planned.oldId, title: planned.title, reason: err.message });
  }
}
