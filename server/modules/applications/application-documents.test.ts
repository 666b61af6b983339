import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { makePdf } from '#server/pdf/test-pdfs.ts';
import { checkDocument } from './application-documents.ts';

/** A small JPEG whose frame header says 20 000 × 20 000 pixels (400 megapixels), as a decompression bomb's does. */
async function fourHundredMegapixels(): Promise<Buffer> {
  const input = await sharp({ create: { width: 16, height: 16, channels: 3, background: '#808080' } })
    .jpeg()
    .toBuffer();
  const frame = input.indexOf(Buffer.from([0xff, 0xc0]));
  input.writeUInt16BE(20_000, frame + 5);
  input.writeUInt16BE(20_000, frame + 7);
  return input;
}

const refusalOf = (p: Promise<unknown>) =>
  p.then(
    () => null,
    (e: { code: string; statusCode: number }) => e,
  );

describe("an applicant's document refused", () => {
  it('for its pixels, as a photo or a page, not as damaged or too large', async () => {
    const bomb = await fourHundredMegapixels();
    for (const kind of ['photo', 'grade-sheet'] as const) {
      expect(await refusalOf(checkDocument(kind, bomb, 20_000))).toMatchObject({
        code: 'application/too-many-pixels',
        statusCode: 413,
      });
    }
  });

  it('for the scripts in a PDF', async () => {
    expect(await refusalOf(checkDocument('grade-sheet', makePdf({ script: 'open-action' }), 20_000))).toMatchObject({
      code: 'application/pdf-scripts',
      statusCode: 415,
    });
  });
});
