export type SniffedFormat = 'jpeg' | 'png' | 'webp' | 'avif';

/** Identifies an image by its first bytes, never by its name or declared type. */
export function sniffImageFormat(bytes: Uint8Array): SniffedFormat | null {
  const at = (offset: number, ...values: number[]) => values.every((v, i) => bytes[offset + i] === v);
  const ascii = (offset: number, text: string) => at(offset, ...[...text].map((c) => c.charCodeAt(0)));
  if (at(0, 0xff, 0xd8, 0xff)) return 'jpeg';
  if (at(0, 0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a)) return 'png';
  if (ascii(0, 'RIFF') && ascii(8, 'WEBP')) return 'webp';
  if (ascii(4, 'ftyp')) {
    const boxSize = ((bytes[0]! << 24) | (bytes[1]! << 16) | (bytes[2]! << 8) | bytes[3]!) >>> 0;
    const end = Math.min(boxSize, bytes.length, 64);
    for (let offset = 8; offset + 4 <= end; offset += 4) {
      if (ascii(offset, 'avif') || ascii(offset, 'avis')) return 'avif';
    }
  }
  return null;
}

/** Brands of HEIF stills and sequences (HEVC-coded photos from iPhones and Macs), as the ftyp box names them. */
const HEIF_BRANDS = ['heic', 'heix', 'heim', 'heis', 'hevc', 'hevx', 'mif1', 'msf1'];

/**
 * Whether the bytes are a HEIC/HEIF file by their ftyp box (major brand), never by name or declared type.
 * AVIF shares the container (often with major brand mif1): call sniffImageFormat first, it claims those.
 */
export function isHeif(bytes: Uint8Array): boolean {
  if (bytes.length < 12) return false;
  const text = (offset: number) => String.fromCharCode(...bytes.subarray(offset, offset + 4));
  return text(4) === 'ftyp' && HEIF_BRANDS.includes(text(8));
}
