import fs from 'node:fs/promises';
import type { Album } from '#common/gallery.ts';
import type { Actor } from '#server/auth/actor.ts';
import { changeContent } from '#server/cache/content-version.ts';
import type { Clock } from '#server/clock.ts';
import type { Db } from '#server/db/db.ts';
import { AppError } from '#server/errors.ts';
import type { AlbumsService, ImagesService } from '#server/modules/images/index.ts';
import {
  albumPath,
  finishAlbum,
  queuedAlbumPhotos,
  recordAlbumPhoto,
  recordAlbumStarted,
  recordImported,
  startedAlbum,
} from './import.repository.ts';
import type { PlannedAlbum } from './wordpress-albums-plan.ts';
import { WORDPRESS_SOURCE } from './wordpress-plan.ts';

/**
 * Makes a planned album through the albums service and queues its photos, in their order and with their
 * captions and alt texts, through the images service as an office's upload is (the photo process makes their
 * sizes in the background; the original is never served). A killed import never makes a second album: the
 * gallery's GUID is recorded in the album's own creation, and each photo's in its own queueing, so the next
 * import takes up the same album and queues only the photos it lacks. Once they are all queued, the gallery is
 * marked whole with its old addresses, and a later import finds it and adds nothing.
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

/** One photo of one gallery: the gallery's GUID and the photo's WordPress id (a photo may be in two galleries). */
const photoKey = (planned: PlannedAlbum, oldId: number) => `${planned.guid}#photo-${oldId}`;

/**
 * Its old slug when no album has it, else one made from its title (numbered past the albums that have it); the
 * gallery's GUID is recorded with it.
 */
async function createAlbum(deps: AlbumImportDeps, planned: PlannedAlbum): Promise<Album> {
  const started = (trx: Db, album: { id: string }) =>
    recordAlbumStarted(trx, WORDPRESS_SOURCE, deps.clock.now().toISOString(), {
      guid: planned.guid,
      oldId: planned.oldId,
      albumId: album.id,
    });
  try {
    return await deps.albums.create(albumActor, planned.input, started);
  } catch (err) {
    if (!(err instanceof AppError) || err.code !== 'album/slug-taken') throw err;
    return deps.albums.create(albumActor, { ...planned.input, slug: '' }, started);
  }
}

/** The album a stopped import made for this gallery, or a new one. */
async function albumFor(deps: AlbumImportDeps, planned: PlannedAlbum): Promise<Album> {
  const id = await startedAlbum(deps.db, WORDPRESS_SOURCE, planned.guid);
  return id ? (await deps.albums.byId(albumActor, id)).album : createAlbum(deps, planned);
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
    album = await albumFor(deps, planned);
  } catch (err) {
    if (!(err instanceof AppError)) throw err;
    outcome.failed.push({ oldId: planned.oldId, title: planned.title, reason: err.message });
    return;
  }
  const already = await queuedAlbumPhotos(deps.db, WORDPRESS_SOURCE, album.id);
  const queued: { guid: string; oldId: number; id: string; oldPaths: string[] }[] = [];
  for (const photo of planned.photos) {
    if (photo.problem || !photo.file) {
      outcome.photoProblems.push({ album: planned.title, name: photo.name, problem: photo.problem ?? 'not found' });
      continue;
    }
    const key = photoKey(planned, photo.oldId);
    const earlier = already.get(key);
    if (earlier) {
      queued.push({ guid: photo.guid, oldId: photo.oldId, id: earlier, oldPaths: photo.oldPaths });
      continue;
    }
    try {
      const { id } = await deps.images.enqueue(
        albumActor,
        album.id,
        await fs.readFile(photo.file),
        { captionEn: photo.captionEn, captionNe: photo.captionNe, altEn: photo.altEn, altNe: photo.altNe },
        {
          pastQueueLimit: true,
          alsoWrite: (trx, imageId) =>
            recordAlbumPhoto(trx, WORDPRESS_SOURCE, deps.clock.now().toISOString(), {
              key,
              oldId: photo.oldId,
              imageId,
            }),
        },
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
      items: queued.map((p) => ({ guid: p.guid, kind: 'photo', oldId: p.oldId, targetId: p.id })),
      oldPaths: [...planned.oldPaths, ...queued.flatMap((p) => p.oldPaths)],
    });
    await finishAlbum(trx, WORDPRESS_SOURCE, planned.guid);
  });
  outcome.created.push({
    oldId: planned.oldId,
    title: album.titleEn,
    albumId: album.id,
    slug: album.slug,
    photos: queued.length,
  });
}
