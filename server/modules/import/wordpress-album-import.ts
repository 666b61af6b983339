import fs from 'node:fs/promises';
import type { Album } from '#common/gallery.ts';
import type { Actor } from '#server/auth/actor.ts';
import { changeContent } from '#server/cache/content-version.ts';
import type { Clock } from '#server/clock.ts';
import type { Db } from '#server/db/db.ts';
import { AppError } from '#server/errors.ts';
import type { AlbumsService } from '#server/modules/images/albums.service.ts';
import type { ImagesService } from '#server/modules/images/images.service.ts';
import { albumPath, recordImported } from './import.repository.ts';
import type { PlannedAlbum } from './wordpress-albums-plan.ts';
import { WORDPRESS_SOURCE } from './wordpress-plan.ts';

/**
 * Makes a planned album through the albums service and queues its photos, in their order and with their
 * captions and alt texts, through the images service as an office's upload is (the photo process makes their
 * sizes in the background; the original is never served). Then the gallery's GUID, its photos' GUIDs and the
 * old addresses leading to it are recorded together, so a second import finds it and adds nothing.
 */

export interface AlbumImportDeps {
  db: Db;
  clock: Clock;
  albums: AlbumsService;
  images: ImagesService;
}

export interface AlbumImportOutcome {
  created: { oldId: number; title: string; albumId: string; slug: string; photos: number }[];
  alreadyImported: number;
  failed: { oldId: number; title: string; reason: string }[];
  photoProblems: { album: string; name: string; problem: string }[];
}

const albumActor: Actor = { kind: 'system', job: 'WordPress import' };

/** Its old slug when no album has it, else one made from its title (numbered past the albums that have it). */
async function createAlbum(albums: AlbumsService, planned: PlannedAlbum): Promise<Album> {
  try {
    return await albums.create(albumActor, planned.input);
  } catch (err) {
    if (!(err instanceof AppError) || err.code !== 'album/slug-taken') throw err;
    return albums.create(albumActor, { ...planned.input, slug: '' });
  }
}

export async function importAlbum(
  deps: AlbumImportDeps,
  planned: PlannedAlbum,
  outcome: AlbumImportOutcome,
): Promise<void> {
  // An album of no photo is not made (nor recorded): imported again with the uploads, it comes whole.
  if (!planned.photos.some((p) => p.file && !p.problem)) {
    for (const photo of planned.photos)
      outcome.photoProblems.push({ album: planned.title, name: photo.name, problem: photo.problem ?? 'not found' });
    outcome.failed.push({ oldId: planned.oldId, title: planned.title, reason: 'none of its photos could be taken' });
    return;
  }
  let album: Album;
  try {
    album = await createAlbum(deps.albums, planned);
  } catch (err) {
    if (!(err instanceof AppError)) throw err;
    outcome.failed.push({ oldId: planned.oldId, title: planned.title, reason: err.message });
    return;
  }
  const queued: { guid: string; oldId: number; id: string; oldPaths: string[] }[] = [];
  for (const photo of planned.photos) {
    if (photo.problem || !photo.file) {
      outcome.photoProblems.push({ album: planned.title, name: photo.name, problem: photo.problem ?? 'not found' });
      continue;
    }
    try {
      const { id } = await deps.images.enqueue(
        albumActor,
        album.id,
        await fs.readFile(photo.file),
        { captionEn: photo.captionEn, captionNe: photo.captionNe, altEn: photo.altEn, altNe: photo.altNe },
        { pastQueueLimit: true },
      );
      queued.push({ guid: photo.guid, oldId: photo.oldId, id, oldPaths: photo.oldPaths });
    } catch (err) {
      if (!(err instanceof AppError)) throw err;
      outcome.photoProblems.push({ album: planned.title, name: photo.name, problem: err.message });
    }
  }
  const at = deps.clock.now().toISOString();
  await changeContent(deps.db, deps.clock.now(), async (trx) => {
    await recordImported(trx, WORDPRESS_SOURCE, at, {
      target: albumPath(album.slug),
      targetId: album.id,
      items: [
        { guid: planned.guid, kind: 'album', oldId: planned.oldId, targetId: album.id },
        ...queued.map((p) => ({ guid: p.guid, kind: 'photo', oldId: p.oldId, targetId: p.id })),
      ],
      oldPaths: [...planned.oldPaths, ...queued.flatMap((p) => p.oldPaths)],
    });
  });
  outcome.created.push({
    oldId: planned.oldId,
    title: album.titleEn,
    albumId: album.id,
    slug: album.slug,
    photos: queued.length,
  });
}
