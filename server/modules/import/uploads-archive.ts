import { createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import * as tar from 'tar';
import yauzl from 'yauzl';

/**
 * Unpacks a WordPress uploads folder given as an archive (.zip, .tar, .tar.gz) into a folder of the import's
 * own, streaming: files and folders only, every path inside the folder, and no more than `limits` allow
 * unpacked (a small archive can unpack to far more than the disk holds). A zip's entries are counted and
 * their bytes measured as they inflate, not taken from its headers. What is refused names why; the caller
 * removes the folder, so a refused archive leaves nothing behind.
 */

export interface ArchiveLimits {
  /** The most bytes all its files may unpack to. */
  bytes: number;
  /** The most entries (files and folders) it may hold. */
  entries: number;
}

export type ArchiveProblem = 'unreadable' | 'unsafe' | 'encrypted' | 'too-large';

/** An archive refused, and why: the message is the caller's to choose (the admin's and the command line's differ). */
export class ArchiveRefused extends Error {
  constructor(readonly problem: ArchiveProblem) {
    super(`uploads archive refused: ${problem}`);
    this.name = 'ArchiveRefused';
  }
}

export const ARCHIVE_NAME = /\.(zip|tar|tar\.gz|tgz)$/iu;

/**
 * Unpacks the archive; answers the names of the entries a tar held that were left out (links, devices: not files
 * or folders), for the plan to name. A zip holding a link is refused instead, as decision 0064 says.
 */
export async function unpackArchive(file: string, into: string, limits: ArchiveLimits): Promise<string[]> {
  await fs.mkdir(into, { recursive: true });
  if (/\.zip$/iu.test(file)) {
    await unzip(file, into, limits);
    return [];
  }
  return untar(file, into, limits);
}

/** The plan's lines naming what an uploads archive held that was left out (none when nothing was). */
export function leftOutLines(names: readonly string[]): string[] {
  if (names.length === 0) return [];
  const shown = names.slice(0, LEFT_OUT_SHOWN);
  return [
    `Left out of the uploads archive, as not files or folders (links, devices): ${names.length}`,
    ...shown.map((name) => `  ${name}`),
    ...(names.length > shown.length ? [`  … and ${names.length - shown.length} more`] : []),
  ];
}

/** How many left-out names the plan lists one by one. */
const LEFT_OUT_SHOWN = 50;

/** Regular file and folder types in a zip entry's Unix mode (its external attributes' high 16 bits). */
const S_IFMT = 0o170000;
const S_IFREG = 0o100000;
const S_IFDIR = 0o040000;

/** yauzl's own refusals of a name that leaves the folder. */
const UNSAFE_NAME = /^(absolute path|invalid relative path|invalid characters in fileName)/u;

function openZip(file: string): Promise<yauzl.ZipFile> {
  return new Promise((resolve, reject) =>
    yauzl.open(file, { lazyEntries: true, autoClose: true, validateEntrySizes: true }, (err, zip) =>
      err ? reject(err) : resolve(zip),
    ),
  );
}

function readStream(zip: yauzl.ZipFile, entry: yauzl.Entry): Promise<NodeJS.ReadableStream> {
  return new Promise((resolve, reject) =>
    zip.openReadStream(entry, (err, stream) => (err ? reject(err) : resolve(stream))),
  );
}

/** The entry's place under `into`, or null when it would leave it. */
function placeOf(into: string, name: string): string | null {
  const parts = name.split('/').filter((p) => p !== '' && p !== '.');
  if (name.startsWith('/') || parts.length === 0 || parts.includes('..')) return null;
  const place = path.resolve(into, ...parts);
  return place.startsWith(path.resolve(into) + path.sep) ? place : null;
}

async function unzip(file: string, into: string, limits: ArchiveLimits): Promise<void> {
  let zip: yauzl.ZipFile;
  try {
    zip = await openZip(file);
  } catch {
    throw new ArchiveRefused('unreadable');
  }
  let unpacked = 0;
  let seen = 0;
  const refuse = (problem: ArchiveProblem) => new ArchiveRefused(problem);
  try {
    if (zip.entryCount > limits.entries) throw refuse('too-large');
    await new Promise<void>((resolve, reject) => {
      const fail = (err: unknown) => {
        zip.close();
        reject(err);
      };
      zip.on('error', (err: Error) =>
        fail(err instanceof ArchiveRefused ? err : refuse(UNSAFE_NAME.test(err.message) ? 'unsafe' : 'unreadable')),
      );
      zip.on('end', () => resolve());
      zip.on('entry', (entry: yauzl.Entry) => {
        (async () => {
          seen += 1;
          if (seen > limits.entries) throw refuse('too-large');
          const place = placeOf(into, entry.fileName);
          if (!place) throw refuse('unsafe');
          const type = (entry.externalFileAttributes >>> 16) & S_IFMT;
          if (type !== 0 && type !== S_IFREG && type !== S_IFDIR) throw refuse('unsafe');
          if (entry.isEncrypted()) throw refuse('encrypted');
          if (entry.fileName.endsWith('/')) {
            await fs.mkdir(place, { recursive: true });
            return;
          }
          if (!entry.canDecodeFileData()) throw refuse('unreadable');
          // The header's claim first (a bomb that says so stops here), then the bytes as they really inflate.
          if (unpacked + entry.uncompressedSize > limits.bytes) throw refuse('too-large');
          await fs.mkdir(path.dirname(place), { recursive: true });
          const counted = new Transform({
            transform(chunk: Buffer, _enc, done) {
              unpacked += chunk.length;
              done(unpacked > limits.bytes ? refuse('too-large') : null, chunk);
            },
          });
          try {
            await pipeline(await readStream(zip, entry), counted, createWriteStream(place, { flags: 'wx' }));
          } catch (err) {
            throw err instanceof ArchiveRefused ? err : refuse('unreadable');
          }
        })().then(() => zip.readEntry(), fail);
      });
      zip.readEntry();
    });
  } finally {
    zip.close();
  }
}

const isFileOrFolder = (type: string) => type === 'File' || type === 'Directory';

async function untar(file: string, into: string, limits: ArchiveLimits): Promise<string[]> {
  // Counted first: a tar entry's size is the bytes that follow it, so its headers tell what it unpacks to.
  let bytes = 0;
  let entries = 0;
  const leftOut: string[] = [];
  try {
    await tar.t({
      file,
      strict: true,
      onReadEntry: (entry) => {
        entries += 1;
        bytes += entry.size;
        if (!isFileOrFolder(entry.type)) leftOut.push(`${entry.path} (${entry.type})`);
      },
    });
  } catch {
    throw new ArchiveRefused('unreadable');
  }
  if (bytes > limits.bytes || entries > limits.entries) throw new ArchiveRefused('too-large');
  try {
    await tar.x({
      file,
      cwd: into,
      strict: true,
      preservePaths: false,
      // Files and folders only: links and devices are left out.
      filter: (_path, entry) => 'type' in entry && isFileOrFolder(entry.type),
    });
  } catch {
    throw new ArchiveRefused('unreadable');
  }
  return leftOut;
}

/**
 * The uploads folder inside an unpacked archive: people archive `wp-content/uploads`, `uploads`, or what is
 * inside it (the year folders), and any of those may sit in one folder of the site's name.
 */
export async function uploadsRoot(unpacked: string): Promise<string> {
  let at = unpacked;
  for (let depth = 0; depth < 3; depth += 1) {
    const entries = await fs.readdir(at, { withFileTypes: true });
    const uploads = entries.find((e) => e.isDirectory() && e.name === 'uploads');
    if (uploads) return path.join(at, uploads.name);
    const content = entries.find((e) => e.isDirectory() && e.name === 'wp-content');
    if (content) {
      at = path.join(at, content.name);
      continue;
    }
    const dirs = entries.filter((e) => e.isDirectory());
    if (dirs.length === 1 && entries.length === 1 && !/^\d{4}$/u.test(dirs[0]!.name)) {
      at = path.join(at, dirs[0]!.name);
      continue;
    }
    break;
  }
  return at;
}
