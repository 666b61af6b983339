import { createHash, randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import sharp from 'sharp';
import { LOGO_ERRORS, LOGO_MARK_PIXELS, type UnsafeSvgReason, unsafeSvgMessage } from '#common/site-content/logo.ts';
import { AppError, refusal } from '#server/errors.ts';
import type { NewFile } from '#server/storage/store-with-commit.ts';
import { SITE_PREFIX } from './content.files.ts';
import type { StoredLogo } from './stored-sections.ts';

/** The logo's public address: named by its content, so browsers may keep it for a year. */
export const LOGO_PATH = '/logo/';
export const logoUrl = (logo: Pick<StoredLogo, 'sha256' | 'format'>): string =>
  `${LOGO_PATH}${logo.sha256.slice(0, 32)}.${logo.format}`;

/** The largest side a PNG logo is kept at: enough for the 512 px app icon. */
const PNG_MAX_SIDE = 1024;
/** An SVG may ask sharp for at most this many pixels when it is measured or drawn into an icon. */
const MAX_PIXELS = 4096 * 4096;

const ATTRIBUTE_URL = /\s(?:xlink:)?(?:href|src)\s*=\s*(["'])(.*?)\1/gisu;
const CSS_URL = /url\(\s*(["']?)(.*?)\1\s*\)/gisu;
/** A reference that stays inside the file: a fragment, or a raster drawn into it as a data: address. */
const isInternal = (ref: string) =>
  ref.trim().startsWith('#') || /^data:image\/(?:png|jpeg|gif|webp);/iu.test(ref.trim());

/**
 * Why an SVG may not be the logo, or null when it is a plain drawing. Anything that could run as the site
 * (scripts, event handlers, HTML in a foreignObject) or fetch from elsewhere (links to other files or
 * addresses, CSS imports, entities) is refused rather than cleaned: what is stored is what was checked.
 */
export function unsafeSvgReason(svg: string): UnsafeSvgReason | null {
  if (/<!DOCTYPE|<!ENTITY/iu.test(svg)) return 'doctype';
  if (/<script[\s/>]|javascript:/iu.test(svg)) return 'script';
  if (/[\s"'/]on[a-z]+\s*=/iu.test(svg)) return 'handler';
  if (/<foreignObject[\s/>]/iu.test(svg)) return 'foreignObject';
  if (/@import/iu.test(svg)) return 'external';
  for (const pattern of [ATTRIBUTE_URL, CSS_URL]) {
    for (const match of svg.matchAll(pattern)) if (!isInternal(match[2] ?? '')) return 'external';
  }
  return null;
}

const notImage = () => refusal(LOGO_ERRORS.notImage.code, LOGO_ERRORS.notImage.message);

/** An SVG file: text (no NUL byte) with an <svg> element. */
const looksLikeSvg = (file: Buffer) =>
  !file.includes(0) && /<svg[\s>]/iu.test(file.toString('utf8', 0, Math.min(file.length, 4096)));

export interface PreparedLogo {
  logo: StoredLogo;
  file: NewFile;
}

/**
 * Checks an upload by its content and makes it the stored logo: a PNG re-encoded (its metadata gone, at
 * most 1024 px a side), or an SVG that passed `unsafeSvgReason` as it was sent. Anything else is refused.
 */
export async function prepareLogo(file: Buffer): Promise<PreparedLogo> {
  if (file.length === 0) throw refusal(LOGO_ERRORS.missing.code, LOGO_ERRORS.missing.message);
  if (looksLikeSvg(file)) {
    const reason = unsafeSvgReason(file.toString('utf8'));
    if (reason) throw refusal('logo/unsafe-svg', unsafeSvgMessage(reason));
    const meta = await sharp(file, { limitInputPixels: MAX_PIXELS })
      .metadata()
      .catch(() => null);
    if (meta?.format !== 'svg' || !meta.width || !meta.height) throw notImage();
    return stored('svg', file, meta.width, meta.height, 'image/svg+xml');
  }
  const meta = await sharp(file, { limitInputPixels: MAX_PIXELS })
    .metadata()
    .catch(() => null);
  if (meta?.format !== 'png') throw notImage();
  try {
    const { data, info } = await sharp(file, { limitInputPixels: MAX_PIXELS, failOn: 'error' })
      .resize(PNG_MAX_SIDE, PNG_MAX_SIDE, { fit: 'inside', withoutEnlargement: true })
      .png()
      .toBuffer({ resolveWithObject: true });
    return stored('png', data, info.width, info.height, 'image/png');
  } catch (err) {
    if (err instanceof AppError) throw err;
    throw notImage();
  }
}

function stored(format: StoredLogo['format'], body: Buffer, width: number, height: number, contentType: string) {
  const sha256 = createHash('sha256').update(body).digest('hex');
  const id = randomUUID();
  const key = `${SITE_PREFIX}logo/${id}.${format}`;
  return {
    logo: { kind: 'upload' as const, id, format, key, sha256, width, height },
    file: { key, body, contentType },
  };
}

/** The mark the site ships with, drawn into the icons while the college has no logo of its own. */
const DEFAULT_MARK = new URL('../../../public/favicon.svg', import.meta.url);

export interface IconSource {
  body: Buffer;
  /** Names the source in the icons' validators: the logo's sha256, or the shipped mark's. */
  sha256: string;
}

let defaultSource: Promise<IconSource> | null = null;

/** The shipped mark, read once (it changes only with a release). */
export function defaultIconSource(): Promise<IconSource> {
  defaultSource ??= fs.readFile(DEFAULT_MARK).then((body) => ({
    body,
    sha256: createHash('sha256').update(body).digest('hex'),
  }));
  defaultSource.catch(() => {
    defaultSource = null;
  });
  return defaultSource;
}

/** The square icons a browser or phone asks for, by their address. */
export const ICON_SIZES = {
  '/favicon.png': 32,
  '/apple-touch-icon.png': 180,
  '/icons/icon-192.png': 192,
  '/icons/icon-512.png': 512,
} as const;
export type IconPath = keyof typeof ICON_SIZES;

/**
 * A square PNG of the source, the drawing centred with transparent margins. An SVG is rasterised at the
 * density its size needs, so a small viewBox is still sharp at 512 px. The apple-touch icon is opaque
 * (white behind the drawing), as iOS fills transparency with black.
 */
export async function drawIcon(source: Buffer, size: number, opaque: boolean): Promise<Buffer> {
  const meta = await sharp(source, { limitInputPixels: MAX_PIXELS }).metadata();
  const side = Math.max(1, Math.min(meta.width ?? size, meta.height ?? size));
  const density = meta.format === 'svg' ? Math.min(2400, Math.max(72, Math.ceil((72 * size) / side))) : undefined;
  const background = opaque ? { r: 255, g: 255, b: 255, alpha: 1 } : { r: 0, g: 0, b: 0, alpha: 0 };
  let image = sharp(source, { limitInputPixels: MAX_PIXELS, ...(density ? { density } : {}) }).resize(size, size, {
    fit: 'contain',
    background,
  });
  if (opaque) image = image.flatten({ background });
  return image.png().toBuffer();
}

/** A PNG logo's small copy the pages draw at the mark's height (never enlarged). */
export async function drawLogoMark(png: Buffer): Promise<Buffer> {
  return sharp(png, { limitInputPixels: MAX_PIXELS })
    .resize({ height: LOGO_MARK_PIXELS, withoutEnlargement: true })
    .png({ compressionLevel: 9 })
    .toBuffer();
}

/** A logo for a printed page: a PNG as a data: address (nothing fetched while printing) and its size. */
export interface PrintLogo {
  src: string;
  width: number;
  height: number;
}

/** The height a printed logo is drawn at, in pixels: sharp at 300 dpi on an 18 mm letterhead. */
const PRINT_HEIGHT = 212;

/**
 * The stored logo as a printout draws it: a PNG as it is (it was checked and re-encoded on upload); an SVG
 * rasterised by sharp to a PNG of the print height, so the printing browser runs nothing of the file.
 */
export async function printLogo(source: Buffer, format: StoredLogo['format']): Promise<PrintLogo> {
  const meta = await sharp(source, { limitInputPixels: MAX_PIXELS }).metadata();
  if (format === 'png')
    return { src: pngDataUri(source), width: meta.width ?? PRINT_HEIGHT, height: meta.height ?? PRINT_HEIGHT };
  const density = Math.min(2400, Math.max(72, Math.ceil((72 * PRINT_HEIGHT) / Math.max(1, meta.height ?? 1))));
  const { data, info } = await sharp(source, { limitInputPixels: MAX_PIXELS, density })
    .resize({ height: PRINT_HEIGHT, withoutEnlargement: false })
    .png()
    .toBuffer({ resolveWithObject: true });
  return { src: pngDataUri(data), width: info.width, height: info.height };
}

const pngDataUri = (png: Buffer) => `data:image/png;base64,${png.toString('base64')}`;
