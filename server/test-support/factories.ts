import sharp from 'sharp';
import type { InquiryInput } from '#common/inquiry.ts';
import type { NoticeInput } from '#common/notices/notice.ts';

/** `n` distinct words, for description limits counted in words. */
export const words = (n: number): string => Array.from({ length: n }, (_, i) => `word${i + 1}`).join(' ');

/** A string of exactly `n` characters. */
export const chars = (n: number, fill = 'a'): string => fill.repeat(n);

/** A link of exactly `n` characters that is a valid https URL. */
export function linkOfLength(n: number): string {
  const base = 'https://example.com/';
  if (n < base.length + 1) throw new Error(`A link needs at least ${base.length + 1} characters`);
  return base + chars(n - base.length, 'x');
}

export function buildNoticeInput(overrides: Partial<NoticeInput> = {}): NoticeInput {
  return {
    title: 'Grade 11 admission open',
    description: 'Admission for Grade 11 is now open for the new session.',
    ...overrides,
  };
}

export function buildInquiryInput(
  overrides: Partial<InquiryInput> = {},
): InquiryInput & { phone: string; email: string } {
  return {
    first_name: 'Sita',
    last_name: 'Sharma',
    phone: '+977 9841000000',
    email: 'sita@example.com',
    subject: 'Admission in Grade 11',
    message: 'When does the admission for Grade 11 Science close?',
    ...overrides,
  };
}

export type TestImageFormat = 'jpeg' | 'png' | 'webp' | 'avif';

export interface BuildImageOptions {
  width?: number;
  height?: number;
  format?: TestImageFormat;
  /** A capture date written as the photo's EXIF DateTimeOriginal, in EXIF's own form ("2024:03:05 10:11:12"). */
  takenAt?: string;
}

/** A real image of the given size: the left half red and the right half blue, so orientation can be checked. */
export async function buildImage({
  width = 640,
  height = 480,
  format = 'jpeg',
  takenAt,
}: BuildImageOptions = {}): Promise<Buffer> {
  const half = Math.max(1, Math.floor(width / 2));
  const base = sharp({ create: { width, height, channels: 3, background: '#0000ff' } }).composite([
    {
      input: { create: { width: half, height, channels: 3, background: '#ff0000' } },
      left: 0,
      top: 0,
    },
  ]);
  const dated = takenAt === undefined ? base : base.withExif({ IFD2: { DateTimeOriginal: takenAt } });
  return dated.toFormat(format).toBuffer();
}
