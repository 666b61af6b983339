import type { FastifyBaseLogger } from 'fastify';
import { type DemoCounts, type DemoKind, demoTotal, describeDemoCounts } from '#common/demo.ts';
import type { ContentSection } from '#common/site-content/site.ts';
import type { Role } from '#common/roles.ts';
import { decide } from '#common/policy.ts';
import { type AccountAtDoor, audit } from '#server/audit/audit.ts';
import { forbidden } from '#server/errors.ts';
import { findUserById } from '#server/modules/auth/index.ts';
import { type Actor, authorize } from '#server/auth/actor.ts';
import { changeContent, scheduleNextChange } from '#server/cache/content-version.ts';
import type { Clock } from '#server/clock.ts';
import type { Db } from '#server/db/db.ts';
import type { ImageRow } from '#server/db/schema.ts';
import type { Storage } from '#server/storage/storage.ts';
import {
  clearCover,
  deleteAlbum,
  deleteImage,
  fileKeys,
  findAlbum,
  findImages,
  photoCounts,
} from '#server/modules/images/index.ts';
import { type AttachmentsService, deleteNotice } from '#server/modules/notices/index.ts';
import {
  defaultSections,
  readAllSections,
  replaceSection,
  type StoredSections,
} from '#server/modules/content/index.ts';
import { demoTextRemoval } from './demo-texts.ts';
import * as repo from './demo.repository.ts';

export interface DemoServiceDeps {
  db: Db;
  storage: Storage;
  log: Pick<FastifyBaseLogger, 'error'>;
  clock: Clock;
  attachments: Pick<AttachmentsService, 'removeRowsOf'>;
  /** When public pages next change by themselves (a scheduled notice, a pin ending), read in the transaction. */
  nextPublicChange: (trx: Db, now: Date) => Promise<string | null>;
}

/**
 * The demo content a fresh install is seeded with, known by the seeder's own record of what it made (never by
 * titles): a seeded notice the office has edited since is the office's and stays; a seeded photo stays demo.
 * The default texts (the about text, messages, testimonials, courses, the demo's address and phones, the
 * placeholder prospectus) are demo while they are exactly as the site shipped them (demo-texts.ts).
 */
export function createDemoService({ db, storage, log, clock, attachments, nextPublicChange }: DemoServiceDeps) {
  const countsIn = async (trx: Db): Promise<{ notices: string[]; photos: string[] }> => ({
    notices: await repo.demoNoticeIds(trx),
    photos: await repo.demoPhotoIds(trx),
  });
  /** The demo's texts still as the site shipped them, and what removing them stores. */
  const textsIn = async (trx: Db) =>
    demoTextRemoval(
      await readAllSections(trx, (section, err) =>
        log.error({ err, section }, 'a stored content section does not fit its schema; its defaults are shown'),
      ),
      defaultSections(),
    );
  const countAll = async (trx: Db): Promise<DemoCounts> => {
    const ids = await countsIn(trx);
    const { texts, people, downloads } = await textsIn(trx);
    return { notices: ids.notices.length, photos: ids.photos.length, texts, people, downloads };
  };

  /**
   * Deletes the files noted by removals, crossing each off once it is gone. One that fails stays noted and is
   * tried again by the next removal or start.
   */
  async function deleteRemovedFiles(): Promise<void> {
    for (const key of await repo.removedFiles(db)) {
      try {
        await storage.delete(key);
        await repo.crossOffRemovedFile(db, key);
      } catch (err) {
        log.error({ err, key }, 'could not delete a file of the removed demo content; it is tried again on start');
      }
    }
  }

  return {
    /** Records an item the seeder has just made, as it was then. */
    async recordSeeded(kind: DemoKind, itemId: string, fingerprint: string): Promise<void> {
      await repo.recordSeeded(db, { kind, itemId, fingerprint, seededAt: clock.now().toISOString() });
    },

    /** How many demo items are still on the site, for the setup checklist (which any editor reads). */
    async left(): Promise<number> {
      return demoTotal(await countAll(db));
    },

    /** What is left of the demo, by kind, for the first owner's choice (asked on the one-time link, before any account). */
    leftByKind: (): Promise<DemoCounts> => countAll(db),

    /** What 'Remove the demo content' would remove now. */
    async counts(actor: Actor): Promise<DemoCounts> {
      authorize(actor, 'demo.remove');
      return countAll(db);
    },

    /**
     * Removes every demo item still on the site in one transaction (with one audit entry naming the counts),
     * then their files. The record of the seed goes with them: what is left of it (edited notices) is the
     * office's, so a second removal removes nothing.
     */
    async remove(actor: Actor): Promise<DemoCounts> {
      authorize(actor, 'demo.remove');
      return removeAll(actor);
    },

    /**
     * The first owner's 'Start empty' at the end of the one-time link, before any session exists: the account
     * just created, asked for by its id, must be one the policy lets remove the demo.
     */
    async removeAsNewAccount(account: AccountAtDoor & { id: string }): Promise<DemoCounts> {
      const user = await findUserById(db, account.id);
      if (!user || decide({ role: user.role as Role, twoFactorPending: false }, 'demo.remove') !== 'allowed')
        throw forbidden('auth/forbidden');
      return removeAll(account);
    },

    /** Finishes a removal that ended before all its files were deleted (a process killed mid-way). */
    finishRemoval: deleteRemovedFiles,
  };

  /**
   * An album the removal left without a photo that was made for the demo's photos ('Life at Orbit') and never
   * edited since goes with them; an album the office named, described or chose a cover for stays.
   */
  async function removeEmptiedAlbums(trx: Db, removed: ImageRow[]): Promise<void> {
    const albumIds = [...new Set(removed.flatMap((photo) => (photo.album_id ? [photo.album_id] : [])))];
    const left = await photoCounts(trx, albumIds, true);
    for (const id of albumIds) {
      const album = await findAlbum(trx, id);
      if (album && !left.has(id) && album.updated_at === album.created_at) await deleteAlbum(trx, id);
    }
  }

  async function removeAll(actor: Actor | AccountAtDoor): Promise<DemoCounts> {
    const { counts, fileRemovals } = await changeContent(db, clock.now(), async (trx) => {
      const ids = await countsIn(trx);
      const removals: (() => Promise<void>)[] = [];
      let notices = 0;
      for (const id of ids.notices) {
        // An unedited demo notice has no attachments (adding one moves its updated_at); any rows go with it.
        removals.push(await attachments.removeRowsOf(trx, id));
        if (await deleteNotice(trx, id)) notices += 1;
      }
      // Counted by what this transaction deleted, so of two removals at once the second reports nothing.
      const photos: ImageRow[] = [];
      for (const photo of await findImages(trx, ids.photos)) if (await deleteImage(trx, photo.id)) photos.push(photo);
      await clearCover(trx, ids.photos);
      await removeEmptiedAlbums(trx, photos);
      await repo.noteRemovedFiles(trx, photos.flatMap(fileKeys), clock.now().toISOString());
      await repo.forgetSeeded(trx);
      // The default texts still as shipped: reset or taken out in the same transaction.
      const texts = await textsIn(trx);
      for (const [section, data] of Object.entries(texts.sections) as [
        ContentSection,
        StoredSections[ContentSection],
      ][])
        await replaceSection(trx, section, data, clock.now());
      const counts: DemoCounts = {
        notices,
        photos: photos.length,
        texts: texts.texts,
        people: texts.people,
        downloads: texts.downloads,
      };
      if (demoTotal(counts) > 0) {
        await scheduleNextChange(trx, await nextPublicChange(trx, clock.now()));
        await audit(trx, actor, { kind: 'demo-removed', subject: describeDemoCounts(counts) }, clock.now());
      }
      return { counts, fileRemovals: removals };
    });
    for (const removeFilesOf of fileRemovals) await removeFilesOf();
    await deleteRemovedFiles();
    return counts;
  }
}
export type DemoService = ReturnType<typeof createDemoService>;
