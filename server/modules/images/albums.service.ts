import { randomUUID } from 'node:crypto';
import type { Album, AlbumInput, AlbumWithPhotos, PhotoText } from '#common/gallery.ts';
import { ALBUMS_PER_PAGE, albumSlugFrom } from '#common/gallery.ts';
import type { Image } from '#common/image.ts';
import { FEATURED_MAX } from '#common/limits.ts';
import { audit } from '#server/audit/audit.ts';
import { type Actor, authorize } from '#server/auth/actor.ts';
import { changeContent } from '#server/cache/content-version.ts';
import type { Clock } from '#server/clock.ts';
import type { Db } from '#server/db/db.ts';
import type { AlbumRow, ImageRow } from '#server/db/schema.ts';
import { conflict, notFound, refusal } from '#server/errors.ts';
import { toImage } from '#server/images/variants.ts';
import * as repo from './albums.repository.ts';

export interface AlbumsServiceDeps {
  db: Db;
  urlFor: (key: string) => string;
  clock: Clock;
}

export interface AlbumPage {
  albums: Album[];
  /** 1-based. */
  page: number;
  pageCount: number;
  total: number;
}

const photoLabel = (row: Pick<ImageRow, 'id'>) => `photo ${row.id}`;

/**
 * Albums of the gallery and the photos in them: their order, words, cover, album and the featured folder.
 * Uploads and deletes are the images service's; every write here is audited and moves the content version.
 */
export function createAlbumsService({ db, urlFor, clock }: AlbumsServiceDeps) {
  const image = (row: ImageRow): Image => toImage(row, urlFor);

  async function present(rows: AlbumRow[], executor: Db = db): Promise<Album[]> {
    const ids = rows.map((r) => r.id);
    const counts = await repo.photoCounts(executor, ids);
    const covers = new Map(
      (
        await repo.findImages(
          executor,
          rows.flatMap((r) => (r.cover_image_id ? [r.cover_image_id] : [])),
        )
      )
        .filter((row) => row.state === 'ready')
        .map((row) => [row.id, row]),
    );
    const withoutCover = rows.filter((r) => !r.cover_image_id || !covers.has(r.cover_image_id)).map((r) => r.id);
    const firsts = await repo.firstPhotos(executor, withoutCover);
    return rows.map((row) => {
      const cover = (row.cover_image_id && covers.get(row.cover_image_id)) || firsts.get(row.id);
      return {
        id: row.id,
        slug: row.slug,
        titleEn: row.title_en,
        titleNe: row.title_ne,
        heldOn: row.held_on,
        descriptionEn: row.description_en,
        descriptionNe: row.description_ne,
        published: row.published === 1,
        cover: cover ? image(cover) : null,
        photoCount: counts.get(row.id) ?? 0,
      };
    });
  }

  const toRow = (input: AlbumInput) => ({
    slug: input.slug,
    title_en: input.titleEn,
    title_ne: input.titleNe,
    held_on: input.heldOn,
    description_en: input.descriptionEn,
    description_ne: input.descriptionNe,
    published: input.published ? 1 : 0,
  });

  /**
   * The address an album is stored under: the one typed, refused when another album has it; none typed, the one its
   * English title suggests, numbered (-2, -3, …) past those other albums already have.
   */
  async function slugFor(trx: Db, input: AlbumInput, exceptId?: string): Promise<string> {
    if (input.slug) {
      if (await repo.slugTaken(trx, input.slug, exceptId)) throw refusal('album/slug-taken');
      return input.slug;
    }
    const base = albumSlugFrom(input.titleEn, input.heldOn);
    for (let n = 1; ; n += 1) {
      const slug = n === 1 ? base : `${base.slice(0, 75)}-${n}`;
      if (!(await repo.slugTaken(trx, slug, exceptId))) return slug;
    }
  }

  async function albumOrThrow(trx: Db, id: string): Promise<AlbumRow> {
    const album = await repo.findAlbum(trx, id);
    if (!album) throw notFound('album');
    return album;
  }

  async function photoOrThrow(trx: Db, id: string): Promise<ImageRow> {
    const [row] = await repo.findImages(trx, [id]);
    if (!row) throw notFound('photo');
    // A photo still processing (or failed) has no picture yet: it cannot be a cover, featured, captioned or moved in order.
    if (row.state !== 'ready') throw refusal('image/not-ready');
    return row;
  }

  /** Writes positions 1..n in the order given. */
  async function renumber(trx: Db, albumId: string, ids: string[]): Promise<void> {
    for (const [index, id] of ids.entries()) await repo.setPhotoPlace(trx, id, albumId, index + 1);
  }

  return {
    /** One page of albums, newest event first; null for a page past the last (page 1 always exists). */
    async listPage(page: number, publishedOnly = true): Promise<AlbumPage | null> {
      const total = await repo.countAlbums(db, publishedOnly);
      const pageCount = Math.max(1, Math.ceil(total / ALBUMS_PER_PAGE));
      if (!Number.isInteger(page) || page < 1 || page > pageCount) return null;
      const rows = await repo.listAlbums(db, {
        publishedOnly,
        limit: ALBUMS_PER_PAGE,
        offset: (page - 1) * ALBUMS_PER_PAGE,
      });
      return { albums: await present(rows), page, pageCount, total };
    },

    /** Every album, for the office's pages (hidden ones too). */
    async listAll(actor: Actor): Promise<Album[]> {
      authorize(actor, 'photos.edit');
      return present(await repo.listAlbums(db, { publishedOnly: false }));
    },

    /** An album and its photos in order; a hidden album only for the office (null otherwise). */
    async bySlug(slug: string, publishedOnly = true): Promise<AlbumWithPhotos | null> {
      const row = await repo.findAlbumBySlug(db, slug);
      if (!row || (publishedOnly && row.published !== 1)) return null;
      const [album] = await present([row]);
      return { album: album!, photos: (await repo.listAlbumPhotos(db, row.id)).map(image), unready: [] };
    },

    async byId(actor: Actor, id: string): Promise<AlbumWithPhotos> {
      authorize(actor, 'photos.edit');
      const row = await albumOrThrow(db, id);
      const [album] = await present([row]);
      const unready = (await repo.listUnreadyPhotos(db, row.id)).map((r) => ({
        id: r.id,
        state: r.state,
        failure: r.failure,
        createdAt: r.created_at,
      }));
      return { album: album!, photos: (await repo.listAlbumPhotos(db, row.id)).map(image), unready };
    },

    /** `alsoWrite` commits with the album (an import records what the album was made from). */
    async create(
      actor: Actor,
      input: AlbumInput,
      alsoWrite?: (trx: Db, album: { id: string; slug: string }) => Promise<void>,
    ): Promise<Album> {
      authorize(actor, 'photos.edit');
      const now = clock.now().toISOString();
      const id = randomUUID();
      let row: AlbumRow | undefined;
      await changeContent(db, clock.now(), async (trx) => {
        const slug = await slugFor(trx, input);
        row = { id, ...toRow({ ...input, slug }), cover_image_id: null, created_at: now, updated_at: now };
        await repo.insertAlbum(trx, row);
        await audit(trx, actor, { kind: 'album-created', subject: input.titleEn }, clock.now());
        await alsoWrite?.(trx, { id, slug });
      });
      return (await present([row!]))[0]!;
    },

    async update(actor: Actor, id: string, input: AlbumInput): Promise<Album> {
      authorize(actor, 'photos.edit');
      const row = await changeContent(db, clock.now(), async (trx) => {
        await albumOrThrow(trx, id);
        const slug = await slugFor(trx, input, id);
        await repo.updateAlbum(trx, id, { ...toRow({ ...input, slug }), updated_at: clock.now().toISOString() });
        await audit(trx, actor, { kind: 'album-changed', subject: input.titleEn }, clock.now());
        return albumOrThrow(trx, id);
      });
      return (await present([row]))[0]!;
    },

    /** Deletes an empty album; one that still holds photos is refused (its photos are never lost with it). */
    async remove(actor: Actor, id: string): Promise<void> {
      authorize(actor, 'photos.edit');
      await changeContent(db, clock.now(), async (trx) => {
        const album = await albumOrThrow(trx, id);
        await repo.lockAlbum(trx, id);
        if ((await repo.photoCounts(trx, [id], true)).get(id)) throw refusal('album/not-empty');
        await repo.deleteAlbum(trx, id);
        await audit(trx, actor, { kind: 'album-deleted', subject: album.title_en }, clock.now());
      });
    },

    /** Sets the whole order of an album: `ids` must name each of its photos once (else 409, nothing changes). */
    async reorder(actor: Actor, albumId: string, ids: string[]): Promise<void> {
      authorize(actor, 'photos.edit');
      await changeContent(db, clock.now(), async (trx) => {
        const album = await albumOrThrow(trx, albumId);
        await repo.lockAlbum(trx, albumId);
        const current = (await repo.listAlbumPhotos(trx, albumId)).map((r) => r.id);
        const same =
          ids.length === current.length && new Set(ids).size === ids.length && ids.every((id) => current.includes(id));
        if (!same) throw refusal('album/order-mismatch');
        await renumber(trx, albumId, ids);
        await audit(trx, actor, { kind: 'photos-changed', subject: `order of ${album.title_en}` }, clock.now());
      });
    },

    /** Moves one photo a place earlier or later in its album (the buttons beside each photo). */
    async step(actor: Actor, photoId: string, direction: 'earlier' | 'later'): Promise<void> {
      authorize(actor, 'photos.edit');
      await changeContent(db, clock.now(), async (trx) => {
        const photo = await photoOrThrow(trx, photoId);
        if (!photo.album_id) throw refusal('album/photo-elsewhere');
        await repo.lockAlbum(trx, photo.album_id);
        const ids = (await repo.listAlbumPhotos(trx, photo.album_id)).map((r) => r.id);
        const at = ids.indexOf(photoId);
        const to = direction === 'earlier' ? at - 1 : at + 1;
        if (to < 0 || to >= ids.length) return; // already first or last: nothing to do
        [ids[at], ids[to]] = [ids[to]!, ids[at]!];
        await renumber(trx, photo.album_id, ids);
        await audit(
          trx,
          actor,
          { kind: 'photos-changed', subject: `${photoLabel(photo)} moved ${direction}` },
          clock.now(),
        );
      });
    },

    /**
     * Orders an album by when its photos were taken (the capture date read from each photo before its
     * metadata was removed), earliest first; photos without one follow, in their present order.
     */
    async orderByCaptureDate(actor: Actor, albumId: string): Promise<void> {
      authorize(actor, 'photos.edit');
      await changeContent(db, clock.now(), async (trx) => {
        const album = await albumOrThrow(trx, albumId);
        await repo.lockAlbum(trx, albumId);
        const rows = await repo.listAlbumPhotos(trx, albumId);
        // Array.prototype.sort is stable: photos taken at the same moment, or never dated, keep their order.
        const ids = [...rows]
          .sort((a, b) => (a.taken_at ?? '\uffff').localeCompare(b.taken_at ?? '\uffff', 'en'))
          .map((r) => r.id);
        await renumber(trx, albumId, ids);
        await audit(
          trx,
          actor,
          { kind: 'photos-changed', subject: `order of ${album.title_en} by capture date` },
          clock.now(),
        );
      });
    },

    /** Moves photos to the end of another album, in the order given; all or none. */
    async move(actor: Actor, ids: string[], toAlbumId: string): Promise<void> {
      authorize(actor, 'photos.edit');
      const unique = [...new Set(ids)];
      await changeContent(db, clock.now(), async (trx) => {
        const target = await albumOrThrow(trx, toAlbumId);
        await repo.lockAlbum(trx, toAlbumId);
        const rows = await repo.findImages(trx, unique);
        if (rows.length !== unique.length) throw notFound('photo');
        let position = await repo.nextPosition(trx, toAlbumId);
        for (const id of unique) {
          const row = rows.find((r) => r.id === id)!;
          if (row.album_id === toAlbumId) continue;
          await repo.setPhotoPlace(trx, id, toAlbumId, position++);
        }
        // A photo that leaves its album stops being that album's cover.
        const left = rows.filter((r) => r.album_id !== toAlbumId).map((r) => r.id);
        await repo.clearCoverElsewhere(trx, left, toAlbumId);
        await audit(
          trx,
          actor,
          { kind: 'photos-changed', subject: `${left.length} photo(s) moved to ${target.title_en}` },
          clock.now(),
        );
      });
    },

    /** The album's cover: one of its own photos. */
    async setCover(actor: Actor, albumId: string, photoId: string): Promise<void> {
      authorize(actor, 'photos.edit');
      await changeContent(db, clock.now(), async (trx) => {
        const album = await albumOrThrow(trx, albumId);
        const photo = await photoOrThrow(trx, photoId);
        if (photo.album_id !== albumId) throw refusal('album/photo-elsewhere');
        await repo.updateAlbum(trx, albumId, { cover_image_id: photoId, updated_at: clock.now().toISOString() });
        await audit(trx, actor, { kind: 'album-changed', subject: `cover of ${album.title_en}` }, clock.now());
      });
    },

    async setText(actor: Actor, photoId: string, text: PhotoText): Promise<Image> {
      authorize(actor, 'photos.edit');
      return changeContent(db, clock.now(), async (trx) => {
        const photo = await photoOrThrow(trx, photoId);
        await repo.setPhotoText(trx, photoId, {
          caption_en: text.captionEn,
          caption_ne: text.captionNe,
          alt_en: text.altEn,
          alt_ne: text.altNe,
        });
        await audit(trx, actor, { kind: 'photos-changed', subject: `words of ${photoLabel(photo)}` }, clock.now());
        return image(await photoOrThrow(trx, photoId));
      });
    },

    /**
     * Promotes an album's photo to the featured photos (it stays in its album too), or takes it back.
     * The featured folder's limit holds across albums and processes: 409 when it is full.
     */
    async setFeatured(actor: Actor, photoId: string, featured: boolean): Promise<Image> {
      authorize(actor, 'photos.edit');
      return changeContent(db, clock.now(), async (trx) => {
        const photo = await photoOrThrow(trx, photoId);
        if (featured && photo.folder !== 'featured') {
          if (!photo.album_id) throw refusal('album/photo-elsewhere');
          if (!(await repo.featureWithinLimit(trx, photoId, FEATURED_MAX))) {
            throw conflict(
              'image/folder-full',
              `The featured folder already holds ${FEATURED_MAX} images. Delete one first.`,
            );
          }
        } else if (!featured && photo.folder === 'featured') {
          if (!photo.album_id) throw refusal('album/not-in-album');
          await repo.setFolder(trx, photoId, 'gallery');
        }
        await audit(
          trx,
          actor,
          { kind: 'photos-changed', subject: `${photoLabel(photo)} ${featured ? 'featured' : 'no longer featured'}` },
          clock.now(),
        );
        return image(await photoOrThrow(trx, photoId));
      });
    },
  };
}
export type AlbumsService = ReturnType<typeof createAlbumsService>;
