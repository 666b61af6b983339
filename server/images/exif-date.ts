/**
 * Reads when a photo was taken from its raw EXIF block (sharp's `metadata().exif`): DateTimeOriginal, else
 * CreateDate (the EXIF spec's DateTimeDigitized), both in the Exif sub-IFD that IFD0 points to.
 *
 * The answer is the camera's local wall-clock time as ISO 8601 without an offset ("2024-03-05T10:11:12"):
 * EXIF stores local time and says nothing of the zone, so none is invented. Strings of that one shape sort
 * in time order, which is how an album is ordered by capture date.
 *
 * A missing, damaged or hostile block answers null, never an error: a photo without a date is still a photo.
 */

/** JPEG and WebP blocks start with the APP1 marker's "Exif\0\0"; PNG and HEIC ones with the TIFF header itself. */
const EXIF_PREFIX = Buffer.from('Exif\0\0', 'latin1');

const TAG_EXIF_IFD = 0x8769;
const TAG_DATE_TIME_ORIGINAL = 0x9003;
const TAG_CREATE_DATE = 0x9004;
const TYPE_ASCII = 2;
const TYPE_LONG = 4;
const ENTRY_BYTES = 12;

interface Tiff {
  view: DataView;
  little: boolean;
}

export function captureDateFromExif(block: Uint8Array | undefined | null): string | null {
  if (!block) return null;
  const tiff = openTiff(block);
  if (!tiff) return null;
  const ifd0 = u32(tiff, 4);
  if (ifd0 === null) return null;
  const exifPointer = findEntry(tiff, ifd0, TAG_EXIF_IFD);
  if (!exifPointer || exifPointer.count !== 1 || exifPointer.type !== TYPE_LONG) return null;
  const exifIfd = u32(tiff, exifPointer.valueAt);
  if (exifIfd === null) return null;
  for (const tag of [TAG_DATE_TIME_ORIGINAL, TAG_CREATE_DATE]) {
    const entry = findEntry(tiff, exifIfd, tag);
    const date = entry && entry.type === TYPE_ASCII ? parseExifDate(ascii(tiff, entry)) : null;
    if (date) return date;
  }
  return null;
}

function openTiff(block: Uint8Array): Tiff | null {
  let start = 0;
  if (block.length >= EXIF_PREFIX.length && EXIF_PREFIX.equals(block.subarray(0, EXIF_PREFIX.length))) {
    start = EXIF_PREFIX.length;
  }
  const view = new DataView(block.buffer, block.byteOffset + start, block.byteLength - start);
  if (view.byteLength < 8) return null;
  const order = view.getUint16(0, false);
  // "II" is Intel (little-endian) order, "MM" Motorola (big-endian); 42 follows in that order.
  const little = order === 0x4949 ? true : order === 0x4d4d ? false : null;
  if (little === null || view.getUint16(2, little) !== 42) return null;
  return { view, little };
}

function u16(t: Tiff, at: number): number | null {
  return at >= 0 && at + 2 <= t.view.byteLength ? t.view.getUint16(at, t.little) : null;
}

function u32(t: Tiff, at: number): number | null {
  return at >= 0 && at + 4 <= t.view.byteLength ? t.view.getUint32(at, t.little) : null;
}

interface Entry {
  type: number;
  count: number;
  /** Where the value lies: inside the entry when it fits in four bytes, else at the offset the entry holds. */
  valueAt: number;
}

function findEntry(t: Tiff, ifd: number, tag: number): Entry | null {
  const n = u16(t, ifd);
  if (n === null || ifd + 2 + n * ENTRY_BYTES > t.view.byteLength) return null;
  for (let i = 0; i < n; i++) {
    const at = ifd + 2 + i * ENTRY_BYTES;
    if (u16(t, at) !== tag) continue;
    const type = u16(t, at + 2)!;
    const count = u32(t, at + 4)!;
    // Only ASCII (1 byte) and LONG (4 bytes) are read here; the value's size decides where it is.
    const size = type === TYPE_LONG ? count * 4 : count;
    const valueAt = size <= 4 ? at + 8 : u32(t, at + 8)!;
    return { type, count, valueAt };
  }
  return null;
}

function ascii(t: Tiff, entry: Entry): string | null {
  // A date is 19 characters and its NUL; anything much longer is not a date.
  if (entry.count > 64 || entry.valueAt + entry.count > t.view.byteLength) return null;
  const bytes = new Uint8Array(t.view.buffer, t.view.byteOffset + entry.valueAt, entry.count);
  const nul = bytes.indexOf(0);
  return Buffer.from(nul === -1 ? bytes : bytes.subarray(0, nul)).toString('latin1');
}

const EXIF_DATE = /^(\d{4}):(\d{2}):(\d{2})[ T](\d{2}):(\d{2}):(\d{2})$/u;

/** "2024:03:05 10:11:12" → "2024-03-05T10:11:12"; null for blanks ("    :  :     :  :  "), zeros or no real date. */
export function parseExifDate(text: string | null): string | null {
  const match = text === null ? null : EXIF_DATE.exec(text.trim());
  if (!match) return null;
  const [year, month, day, hour, minute, second] = match.slice(1).map(Number) as [
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  if (year < 1800 || month < 1 || month > 12 || day < 1 || hour > 23 || minute > 59 || second > 59) return null;
  // Day 0 of the next month is the last day of this one (UTC, so no zone's daylight saving moves it).
  if (day > new Date(Date.UTC(year, month, 0)).getUTCDate()) return null;
  const [y, mo, d, h, mi, s] = match.slice(1) as [string, string, string, string, string, string];
  return `${y}-${mo}-${d}T${h}:${mi}:${s}`;
}
