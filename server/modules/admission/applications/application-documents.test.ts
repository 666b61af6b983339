import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { makePdf } from '#server/pdf/test-pdfs.ts';
import { processDocument, screenDocument } from './application-documents.ts';

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
      expect(await refusalOf(screenDocument(kind, bomb, 20_000))).toMatchObject({
        code: 'application/too-many-pixels',
        statusCode: 413,
      });
    }
  });

  it('for the scripts in a PDF', async () => {
    expect(await refusalOf(screenDocument('grade-sheet', makePdf({ script: 'open-action' }), 20_000))).toMatchObject({
      code: 'application/pdf-scripts',
      statusCode: 415,
    });
  });
});

describe("an applicant's document screened, then processed", () => {
  it('is accepted from its header and pages alone; a file whose pixels cannot be decoded is refused only when drawn', async () => {
    const photo = await sharp({ create: { width: 900, height: 1200, channels: 3, background: '#4060a0' } })
      .jpeg()
      .toBuffer();
    expect(await screenDocument('photo', photo, 20_000)).toMatchObject({ format: 'image', width: 900, height: 1200 });
    const drawn = await processDocument('photo', photo, 20_000);
    expect(drawn.picture).toMatchObject({ width: 600, height: 772 });

    const pdf = makePdf({ pages: 2 });
    expect(await screenDocument('grade-sheet', pdf, 20_000)).toMatchObject({ format: 'pdf', pages: 2 });
    expect((await processDocument('grade-sheet', pdf, 20_000)).picture.variants.length).toBeGreaterThan(0);

    // The header of a JPEG with its picture data cut off: accepted, then refused when it is drawn.
    const damaged = Buffer.concat([photo.subarray(0, 700), Buffer.alloc(2000, 0x55)]);
    expect(await screenDocument('photo', damaged, 20_000)).toMatchObject({ format: 'image' });
    expect(await refusalOf(processDocument('photo', damaged, 20_000))).toMatchObject({
      code: 'application/unreadable',
    });
  });
});
