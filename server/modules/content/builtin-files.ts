import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import { svgDataUri } from '#common/svg-data-uri.ts';
import { BANNER_SIZE } from '#content/picture-sizes.ts';
import { DRAWINGS, type StoredDrawing } from './stored-sections.ts';

/**
 * The files the site ships with as its default content: the banner drawings (content/images/banner/,
 * made by scripts/generate-drawings.ts) and the placeholder prospectus (content/files/). They are not
 * copied into storage: rows name them, the site serves them from here, and a college's upload replaces
 * the name in the row. Migrations cannot run the image pipeline or reach a bucket, and an SVG of 4 KB is
 * smaller than its raster variants and sharp on every screen.
 */
const CONTENT_DIR = new URL('../../../content/', import.meta.url);

/** Where the drawings are served: the content hash in the name lets browsers keep them for a year. */
export const DRAWINGS_PATH = '/drawings/';

export interface BuiltinFile {
  body: Buffer;
  sha256: string;
}

export interface Drawing extends BuiltinFile {
  url: string;
  width: number;
  height: number;
  /** The drawing as a `data:` address, for the page that shows it first (no request before the paint). */
  dataUri: string;
}

export interface BuiltinFiles {
  drawings: ReadonlyMap<StoredDrawing['name'], Drawing>;
  /** The drawings by the last part of their address, `banner-1-<hash>.svg`. */
  drawingsByFile: ReadonlyMap<string, Drawing>;
  prospectus: BuiltinFile;
}

const sha256 = (body: Buffer) => createHash('sha256').update(body).digest('hex');

async function load(): Promise<BuiltinFiles> {
  const drawings = new Map<StoredDrawing['name'], Drawing>();
  const drawingsByFile = new Map<string, Drawing>();
  for (const name of DRAWINGS) {
    const body = await fs.readFile(new URL(`images/banner/${name}.svg`, CONTENT_DIR));
    const hash = sha256(body);
    const file = `${name}-${hash.slice(0, 12)}.svg`;
    const drawing = {
      body,
      sha256: hash,
      url: `${DRAWINGS_PATH}${file}`,
      ...BANNER_SIZE,
      dataUri: svgDataUri(body.toString('utf8')),
    };
    drawings.set(name, drawing);
    drawingsByFile.set(file, drawing);
  }
  const body = await fs.readFile(new URL('files/prospectus.pdf', CONTENT_DIR));
  return { drawings, drawingsByFile, prospectus: { body, sha256: sha256(body) } };
}

let loaded: Promise<BuiltinFiles> | null = null;

/** Read once per process, when first needed; a failed read is tried again next time. */
export function builtinFiles(): Promise<BuiltinFiles> {
  loaded ??= load().catch((err: unknown) => {
    loaded = null;
    throw err;
  });
  return loaded;
}
