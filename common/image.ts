import { z } from 'zod';
import { formatMegabytes } from './bytes.ts';

/** What an image over the upload limit is told: by the browser before sending it, and by the server. */
export const imageTooLargeMessage = (maxBytes: number): string =>
  `The file is larger than ${formatMegabytes(maxBytes)}. Please choose a smaller image.`;

/**
 * What an image over the pixel limit is told, however small its file: it is refused for its pixels (which
 * take the memory when it is drawn), never called damaged or too large in megabytes.
 */
export const tooManyPixelsMessage = (maxPixels: number): string =>
  `The image has too many pixels: at most ${Math.floor(maxPixels / 1e6)} megapixels. Please resize it before uploading.`;

export const IMAGE_FOLDERS = ['gallery', 'featured'] as const;
export const ImageFolderSchema = z.enum(IMAGE_FOLDERS);
export type ImageFolder = z.infer<typeof ImageFolderSchema>;

/** Widths written for every uploaded image; the largest is capped at the original's width. */
export const IMAGE_WIDTHS = [400, 800, 1600] as const;
export const IMAGE_FORMATS = ['avif', 'webp', 'jpeg'] as const;
export type ImageFormat = (typeof IMAGE_FORMATS)[number];

export const ImageSchema = z.object({
  id: z.string(),
  folder: ImageFolderSchema,
  width: z.number().int().positive(),
  height: z.number().int().positive(),
  /** The JPEG fallback at a middle width, for plain <img src>. */
  src: z.string(),
  /** The largest JPEG, opened when a visitor clicks a gallery photo. */
  full: z.string(),
  srcset: z.object({ avif: z.string(), webp: z.string(), jpeg: z.string() }),
  createdAt: z.string(),
  /** The gallery album it belongs to (null for a featured photo uploaded straight to that folder). */
  albumId: z.string().nullable(),
  caption: z.object({ en: z.string(), ne: z.string() }),
  alt: z.object({ en: z.string(), ne: z.string() }),
});
export type Image = z.infer<typeof ImageSchema>;

export const ImageListSchema = z.object({ images: z.array(ImageSchema) });
