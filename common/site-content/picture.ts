import { z } from 'zod';

/** Ids of pictures, slides, cards and list items: made by the server, safe in a URL path. */
export const ItemIdSchema = z
  .string()
  .min(1)
  .max(64)
  .regex(/^[a-z0-9][a-z0-9-]*$/u, 'This item does not exist. Reload to see the latest version.');

/** A picture as the pages show it: the site's own drawings, or a photo the office uploaded. */
export const SitePictureSchema = z.object({
  id: z.string(),
  /** For a plain <img src>: a JPEG at a middle width, or the drawing itself. */
  src: z.string(),
  width: z.number().int().positive(),
  height: z.number().int().positive(),
  /** The responsive variants of an uploaded photo; null for a drawing (one SVG, sharp at any size). */
  srcset: z.object({ avif: z.string(), webp: z.string(), jpeg: z.string() }).nullable(),
  /** One of the drawings the site ships with, not yet replaced by the college's own photo. */
  isDefault: z.boolean(),
});
export type SitePicture = z.infer<typeof SitePictureSchema>;

/** A text as stored and served: both versions present, the Nepali one possibly empty. */
export const LocalTextSchema = z.object({ en: z.string(), ne: z.string() });

/** In an update, what becomes of an item's uploaded picture: kept as it is, or removed. */
export const KeepOrRemoveSchema = z.enum(['keep', 'none'], {
  error: "Say whether to keep the picture ('keep') or remove it ('none').",
});
