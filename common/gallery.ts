import { z } from 'zod';
import { BsDateStringSchema } from './dates/bs-date-string.ts';
import { ImageSchema } from './image.ts';
import type { LocalText } from './site-content/local-text.ts';

/** Albums per page of /gallery. */
export const ALBUMS_PER_PAGE = 12;
/** Photos one bulk action (move, delete) may name at once: an album's worth of a bulk upload. */
export const BULK_PHOTOS_MAX = 100;

const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/u;

const SlugSchema = z
  .string()
  .trim()
  .min(1, 'Give the album an address.')
  .max(80, 'The address is at most 80 characters.')
  .regex(SLUG, 'The address uses lower-case letters, digits and single hyphens, e.g. saraswati-puja-2082.');

/**
 * The address an album's English title suggests: 'Saraswati Pūjā 2082!' → 'saraswati-puja-2082'. A title with
 * no Latin letter or digit (or none) suggests 'album', or 'album-<B.S. day>' when the event's day is known.
 */
export function albumSlugFrom(title: string, heldOn = ''): string {
  const words = title
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/gu, '-')
    .replace(/^-+|-+$/gu, '');
  const cut = words.length <= 60 ? words : words.slice(0, 60).replace(/-[^-]*$/u, '') || words.slice(0, 60);
  return cut || (heldOn ? `album-${heldOn}` : 'album');
}

/** What the office types for an album; the slug is its address, /gallery/<slug> ('': made from the title). */
export const AlbumInputSchema = z.object({
  slug: z.union([z.literal(''), SlugSchema]),
  titleEn: z.string().trim().min(1, 'Give the album a title in English.').max(200),
  titleNe: z.string().trim().max(200),
  /** The B.S. day of the event, or '' when not known. */
  heldOn: z.union([z.literal(''), BsDateStringSchema]),
  descriptionEn: z.string().trim().max(1000, 'The description is at most 1,000 characters.'),
  descriptionNe: z.string().trim().max(1000, 'The description is at most 1,000 characters.'),
  published: z.boolean(),
});
export type AlbumInput = z.infer<typeof AlbumInputSchema>;

export const AlbumSchema = AlbumInputSchema.extend({
  slug: SlugSchema,
  id: z.string(),
  cover: ImageSchema.nullable(),
  photoCount: z.number().int().nonnegative(),
});
export type Album = z.infer<typeof AlbumSchema>;

export const AlbumListSchema = z.object({
  albums: z.array(AlbumSchema),
  page: z.number().int().positive(),
  pageCount: z.number().int().positive(),
  total: z.number().int().nonnegative(),
});

/** Where an uploaded album photo is: processed in the background, then shown ('ready') or refused ('failed'). */
export const PHOTO_STATES = ['processing', 'ready', 'failed'] as const;
export const PhotoStateSchema = z.object({
  id: z.string(),
  state: z.enum(PHOTO_STATES),
  /** Why it failed, in plain words; '' unless failed. */
  failure: z.string(),
});
export type PhotoState = z.infer<typeof PhotoStateSchema>;

/** The office's view of an upload not shown yet: still processing, or failed with its reason. */
export const UnreadyPhotoSchema = PhotoStateSchema.extend({ createdAt: z.string() });
export type UnreadyPhoto = z.infer<typeof UnreadyPhotoSchema>;

/** An album and its ready photos; `unready` lists the uploads still processing or failed (the office's view only). */
export const AlbumWithPhotosSchema = z.object({
  album: AlbumSchema,
  photos: z.array(ImageSchema),
  unready: z.array(UnreadyPhotoSchema),
});
export type AlbumWithPhotos = z.infer<typeof AlbumWithPhotosSchema>;

/** A photo's words: alt text describes it for someone who cannot see it; the caption is shown under it. */
export const PhotoTextSchema = z.object({
  captionEn: z.string().trim().max(300, 'A caption is at most 300 characters.'),
  captionNe: z.string().trim().max(300, 'A caption is at most 300 characters.'),
  altEn: z.string().trim().max(300, 'Alt text is at most 300 characters.'),
  altNe: z.string().trim().max(300, 'Alt text is at most 300 characters.'),
});
export type PhotoText = z.infer<typeof PhotoTextSchema>;

export const PhotoIdsSchema = z
  .array(z.string().uuid())
  .min(1, 'Choose at least one photo.')
  .max(BULK_PHOTOS_MAX, `Choose at most ${BULK_PHOTOS_MAX} photos at once.`);

/** An album's whole order: every photo of it once, however many it holds. */
export const AlbumOrderSchema = PhotoIdsSchema.max(100_000);

export interface DefaultAlbum {
  slug: string;
  titleEn: string;
  titleNe: string;
}

/**
 * The album a gallery photo goes to when it is uploaded without one (the single-photo page, the folder API),
 * made when first needed and named after the college's stored short name: 'Life at Sunrise' at
 * /gallery/life-at-sunrise, 'सनराइजको जीवन' (the English name where there is no Nepali one). Migration 0021
 * put the photos from before albums in the demo college's.
 */
export function defaultAlbum(shortName: LocalText): DefaultAlbum {
  const en = shortName.en.trim();
  const ne = shortName.ne.trim() || en;
  return { slug: albumSlugFrom(`life at ${en}`), titleEn: `Life at ${en}`, titleNe: `${ne}को जीवन` };
}
