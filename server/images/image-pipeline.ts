import { createHash } from 'node:crypto';
import sharp, { type OutputInfo, type Sharp, type SharpOptions } from 'sharp';
import { IMAGE_WIDTHS, type ImageFormat, imageTooLargeMessage, tooManyPixelsMessage } from '#common/image.ts';
import { refusal } from '#server/errors.ts';
import { captureDateFromExif } from './exif-date.ts';
import { decodeHeic } from './heic.ts';
import { isHeif, sniffImageFormat } from './sniff.ts';

export interface ImageLimits {
  maxBytes: number;
  maxPixels: number;
}

export interface EncodedVariant {
  format: ImageFormat;
  width: number;
  height: number;
  body: Buffer;
}

export interface ProcessedImage {
  width: number;
  height: number;
  /** First 16 hex characters of the SHA-256 of the upload: variant names change when content does. */
  hash: string;
  /**
   * When the photo was taken, from its own EXIF (read before the metadata is dropped): local wall-clock time
   * without a zone, "2024-03-05T10:11:12", or null when the photo does not say.
   */
  takenAt: string | null;
  variants: EncodedVariant[];
}

// libvips keeps recent operations and their pixels for reuse (up to 50 MB): every upload is a new picture, so
// nothing is ever reused, and the memory is better left to the next upload.
sharp.cache(false);
// One libvips thread per image: an image in hand takes one core, not all of them, so pages keep a core while
// photos and documents are drawn (how many at once is each caller's limit). libvips's default is one per core.
sharp.concurrency(1);

const unsupported = (message: string) => refusal('image/unsupported', message);

/** 413 for an image over the upload limit, in the words the browser's own check uses. */
export const imageTooLarge = (maxBytes: number) => refusal('image/too-large', imageTooLargeMessage(maxBytes));

const ENCODE: Record<ImageFormat, (s: Sharp) => Sharp> = {
  avif: (s) => s.avif({ quality: 50, effort: 2 }),
  webp: (s) => s.webp({ quality: 72, effort: 4 }),
  jpeg: (s) => s.flatten({ background: '#ffffff' }).jpeg({ quality: 78, mozjpeg: true }),
};

export interface EncodeOptions {
  /**
   * The formats to encode, in order (all three by default, for public pages that offer each browser the
   * smallest it reads). Pictures only the office's pages show need JPEG alone: AVIF costs the most to encode.
   */
  formats?: readonly ImageFormat[];
}

const ALL_FORMATS: readonly ImageFormat[] = ['avif', 'webp', 'jpeg'];

/**
 * Checks that `input` really is a JPEG, PNG, WebP, AVIF or HEIC image within the limits, applies its EXIF
 * orientation, drops all metadata, and encodes it at every width of IMAGE_WIDTHS up to its own width.
 */
export async function processImage(
  input: Buffer,
  limits: ImageLimits,
  { formats = ALL_FORMATS }: EncodeOptions = {},
): Promise<ProcessedImage> {
  if (input.length > limits.maxBytes) {
    throw imageTooLarge(limits.maxBytes);
  }
  // HEIC (iPhone photos) is decoded apart, in a thread of its own (heic.ts); the rest is the same.
  const heif = sniffImageFormat(input) === null && isHeif(input);
  if (!heif && sniffImageFormat(input) === null) {
    throw unsupported('The file is not a JPEG, PNG, WebP, AVIF or HEIC image.');
  }
  const options: SharpOptions = { limitInputPixels: limits.maxPixels, failOn: 'error', sequentialRead: true };

  let decoded: { data: Buffer; info: Pick<OutputInfo, 'width' | 'height' | 'channels'> };
  let width: number;
  let height: number;
  let takenAt: string | null;
  try {
    // The header alone; the capture date is taken from it now, since no variant keeps the photo's metadata.
    const meta = await sharp(input, options).metadata();
    takenAt = captureDateFromExif(meta.exif);
    if (heif) {
      decoded = await decodeHeic(input, { maxPixels: limits.maxPixels });
      ({ width, height } = decoded.info);
    } else {
      if (meta.width * meta.height > limits.maxPixels) throw new Error('pixel limit');
      // The picture's size as it is seen (after its EXIF orientation), which the stored image keeps.
      ({ width, height } = meta.autoOrient);
      // Decoded only as large as the largest variant: resizing in the same pipeline lets a JPEG decode at a half,
      // quarter or eighth of its size (shrink-on-load), so a 12-megapixel phone photo never lies in memory whole.
      decoded = await sharp(input, options)
        .rotate()
        .resize({ width: Math.min(width, Math.max(...IMAGE_WIDTHS)), withoutEnlargement: true })
        .toColourspace('srgb')
        .raw()
        .toBuffer({ resolveWithObject: true });
    }
  } catch (err) {
    if (err instanceof Error && /pixel limit/iu.test(err.message)) {
      throw refusal('image/too-many-pixels', tooManyPixelsMessage(limits.maxPixels));
    }
    throw unsupported('The image could not be read: it may be damaged or incomplete.');
  }

  const raw = { raw: { width: decoded.info.width, height: decoded.info.height, channels: decoded.info.channels } };
  const widths = [...new Set(IMAGE_WIDTHS.map((w) => Math.min(w, width)))];
  const variants: EncodedVariant[] = [];
  for (const targetWidth of widths) {
    const resized = await sharp(decoded.data, raw)
      .resize({ width: targetWidth, withoutEnlargement: true })
      .raw()
      .toBuffer({ resolveWithObject: true });
    const source = { raw: { width: resized.info.width, height: resized.info.height, channels: resized.info.channels } };
    for (const format of formats) {
      const body = await ENCODE[format](sharp(resized.data, source)).toBuffer();
      variants.push({ format, width: resized.info.width, height: resized.info.height, body });
    }
  }
  const hash = createHash('sha256').update(input).digest('hex').slice(0, 16);
  return { width, height, hash, takenAt, variants };
}
