import { deflateSync } from 'node:zlib';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { APPLICATION_FILE_LIMITS as L } from '#common/admission/application.ts';
import { applicationRefusalText } from '#common/admission/application-form.ts';
import { en } from '#common/i18n/en.ts';
import { ne } from '#common/i18n/ne.ts';
// eslint-disable-next-line @typescript-eslint/no-restricted-imports -- the browser's sniff is checked against the server's
import { sniffImageFormat } from '#server/images/sniff.ts';
// eslint-disable-next-line @typescript-eslint/no-restricted-imports -- real PDFs, made byte by byte for tests
import { makePdf } from '#server/pdf/test-pdfs.ts';
import {
  FILE_REFUSAL_CODES,
  fileRefusals,
  oversizeRefusal,
  pdfPageCount,
  refusalText,
  sniffDocument,
} from './file-checks.ts';

const image = (format: 'jpeg' | 'png' | 'webp' | 'avif' | 'gif') =>
  sharp({ create: { width: 32, height: 24, channels: 3, background: '#c89078' } })
    .toFormat(format)
    .toBuffer();
const HEIC = Buffer.concat([
  Buffer.from([0, 0, 0, 24]),
  Buffer.from('ftypheic'),
  Buffer.from([0, 0, 0, 0]),
  Buffer.from('mif1heic'),
]);
const file = (bytes: Uint8Array, name: string) => new File([new Uint8Array(bytes)], name);
const pdf = (pages: number, name = `${pages}-pages.pdf`) => file(makePdf({ pages }), name);

/**
 * A PDF 1.5 whose catalogue, page tree and pages sit in a compressed object stream, found through a
 * cross-reference stream, as most PDF writers save them now (pdf.js reads its pages; its bytes do not tell them).
 */
function compressedPdf(pages: number): Buffer {
  const ids = Array.from({ length: pages }, (_, i) => 4 + i);
  const packedObjects: [number, string][] = [
    [2, '<< /Type /Catalog /Pages 3 0 R >>'],
    [3, `<< /Type /Pages /Kids [${ids.map((id) => `${id} 0 R`).join(' ')}] /Count ${pages} >>`],
    ...ids.map((id): [number, string] => [id, '<< /Type /Page /Parent 3 0 R /MediaBox [0 0 612 792] >>']),
  ];
  let index = '';
  let data = '';
  for (const [id, text] of packedObjects) {
    index += `${id} ${data.length} `;
    data += `${text}\n`;
  }
  const packed = deflateSync(Buffer.from(index + data, 'latin1'));
  const head = `%PDF-1.5\n1 0 obj\n<< /Type /ObjStm /N ${packedObjects.length} /First ${index.length} /Filter /FlateDecode /Length ${packed.length} >>\nstream\n`;
  const body = Buffer.concat([Buffer.from(head, 'latin1'), packed, Buffer.from('\nendstream\nendobj\n', 'latin1')]);
  // Each object's entry: its type, then its offset (1) or its object stream and index in it (2).
  const entry = (type: number, a: number, b: number) => {
    const e = Buffer.alloc(7);
    e.writeUInt8(type, 0);
    e.writeUInt32BE(a, 1);
    e.writeUInt16BE(b, 5);
    return e;
  };
  const table = Buffer.concat([
    entry(0, 0, 65535),
    entry(1, 9, 0),
    ...packedObjects.map((_, i) => entry(2, 1, i)),
    entry(1, body.length, 0),
  ]);
  const xrefId = 4 + pages;
  const xref = `${xrefId} 0 obj\n<< /Type /XRef /Size ${xrefId + 1} /Root 2 0 R /W [1 4 2] /Length ${table.length} >>\nstream\n`;
  return Buffer.concat([
    body,
    Buffer.from(xref, 'latin1'),
    table,
    Buffer.from(`\nendstream\nendobj\nstartxref\n${body.length}\n%%EOF\n`, 'latin1'),
  ]);
}

describe('sniffDocument', () => {
  it.each(['jpeg', 'png', 'webp'] as const)('takes a real %s file as the server does', async (format) => {
    const bytes = await image(format);
    expect(sniffDocument(bytes)).toBe(format);
    expect(sniffImageFormat(bytes)).toBe(format);
  });

  it('takes a PDF by its %PDF- header', () => {
    expect(sniffDocument(makePdf({ pages: 1 }))).toBe('pdf');
  });

  it('refuses AVIF, HEIC and GIF, which the server refuses too', async () => {
    expect(sniffDocument(await image('avif'))).toBeNull();
    expect(sniffDocument(HEIC)).toBeNull();
    expect(sniffDocument(await image('gif'))).toBeNull();
  });

  it('refuses a text file whatever its name says', () => {
    expect(sniffDocument(Buffer.from('Grade sheet: see attached'))).toBeNull();
  });
});

describe('pdfPageCount', () => {
  it.each([1, 5, 6, 12])('reads %i pages from the page tree the catalogue names', (pages) => {
    expect(pdfPageCount(makePdf({ pages }))).toBe(pages);
  });

  it('reads the latest page tree after an incremental update that removed pages', () => {
    const update = Buffer.from(
      '2 0 obj\n<< /Type /Pages /Kids [4 0 R 6 0 R] /Count 2 >>\nendobj\ntrailer\n<< /Size 16 /Root 1 0 R >>\n%%EOF\n',
      'latin1',
    );
    expect(pdfPageCount(Buffer.concat([makePdf({ pages: 7 }), update]))).toBe(2);
  });

  it('does not count an outline, which also has a /Count', () => {
    const outlines = Buffer.from('90 0 obj\n<< /Type /Outlines /Count 40 >>\nendobj\n', 'latin1');
    expect(pdfPageCount(Buffer.concat([makePdf({ pages: 3 }), outlines]))).toBe(3);
  });

  it('does not tell the pages of a PDF whose page tree is compressed', () => {
    expect(pdfPageCount(compressedPdf(9))).toBeNull();
  });
});

describe('fileRefusals', () => {
  it('takes a photo in JPEG, PNG or WebP', async () => {
    for (const format of ['jpeg', 'png', 'webp'] as const) {
      expect(await fileRefusals('photo', [file(await image(format), `p.${format}`)])).toEqual([]);
    }
  });

  it('refuses a PDF, an AVIF or a HEIC as the photo with not-image', async () => {
    for (const f of [pdf(1, 'p.pdf'), file(await image('avif'), 'p.avif'), file(HEIC, 'p.heic')]) {
      expect(await fileRefusals('photo', [f])).toEqual([{ name: f.name, code: 'application/not-image' }]);
    }
  });

  it('refuses a text file named .pdf as a document with not-document', async () => {
    const fake = file(Buffer.from('not really a PDF'), 'grade-sheet.pdf');
    expect(await fileRefusals('grade-sheet', [fake])).toEqual([
      { name: 'grade-sheet.pdf', code: 'application/not-document' },
    ]);
  });

  it('takes a file of exactly the size limit and refuses one byte more with file-too-large', async () => {
    const atLimit = file(makePdf({ totalBytes: L.fileBytes }), 'scan.pdf');
    expect(await fileRefusals('character', [atLimit])).toEqual([]);
    const over = file(new Uint8Array(L.fileBytes + 1), 'scan.pdf');
    expect(await fileRefusals('character', [over])).toEqual([{ name: 'scan.pdf', code: 'application/file-too-large' }]);
  });

  it('takes a PDF of 5 pages and refuses one of 6 with too-many-pages', async () => {
    expect(await fileRefusals('grade-sheet', [pdf(5)])).toEqual([]);
    expect(await fileRefusals('grade-sheet', [pdf(6)])).toEqual([
      { name: '6-pages.pdf', code: 'application/too-many-pages' },
    ]);
  });

  it('leaves a PDF whose pages cannot be told to the server', async () => {
    expect(await fileRefusals('grade-sheet', [file(compressedPdf(9), 'scan.pdf')])).toEqual([]);
  });

  it('adds the pages of one document’s files: 5 pass, 6 are refused together', async () => {
    const photo = file(await image('jpeg'), 'page.jpg');
    expect(await fileRefusals('proof', [pdf(3), photo, photo])).toEqual([]);
    expect(await fileRefusals('proof', [pdf(3), pdf(3)])).toEqual([{ name: null, code: 'application/too-many-pages' }]);
    // A PDF whose pages are not told counts as one at least.
    expect(await fileRefusals('proof', [file(compressedPdf(1), 'c.pdf'), pdf(5)])).toEqual([
      { name: null, code: 'application/too-many-pages' },
    ]);
  });

  it('names each refused file and counts pages only when every file passes, as the server does', async () => {
    const fake = file(Buffer.from('text'), 'notes.pdf');
    expect(await fileRefusals('proof', [pdf(4), fake, pdf(4)])).toEqual([
      { name: 'notes.pdf', code: 'application/not-document' },
    ]);
  });

  it('skips an empty file, as the server does', async () => {
    expect(await fileRefusals('photo', [file(new Uint8Array(0), '')])).toEqual([]);
  });
});

describe('refusalText', () => {
  it.each([
    ['en', en.apply],
    ['ne', ne.apply],
  ] as const)('writes the server’s words (%s), each file’s line after its name', (_, t) => {
    const words = Object.fromEntries(FILE_REFUSAL_CODES.map((c) => [c, applicationRefusalText(c, t)])) as Record<
      (typeof FILE_REFUSAL_CODES)[number],
      string
    >;
    expect(words['application/not-image']).toBe(t.refusals.notImage);
    expect(words['application/not-document']).toBe(t.refusals.notImageOrPdf);
    expect(words['application/file-too-large']).toBe(t.refusals.tooLarge(10));
    expect(words['application/too-many-pages']).toBe(t.refusals.tooManyPages(5));
    expect(
      refusalText(
        [
          { name: 'a.pdf', code: 'application/not-document' },
          { name: 'b.pdf', code: 'application/file-too-large' },
        ],
        words,
      ),
    ).toBe(`a.pdf: ${t.refusals.notImageOrPdf} b.pdf: ${t.refusals.tooLarge(10)}`);
    expect(refusalText([{ name: null, code: 'application/too-many-pages' }], words)).toBe(t.refusals.tooManyPages(5));
  });
});

describe('oversizeRefusal', () => {
  const sized = (bytes: number, name: string) => new File([new Uint8Array(bytes)], name);
  const csv = { maxBytes: 2_000_000, refusal: 'The file is at most 2 MB.' };

  it('passes a file of exactly the limit and refuses one byte more, in the server’s words', () => {
    expect(oversizeRefusal([sized(2_000_000, 'marks.csv')], () => csv)).toBeNull();
    expect(oversizeRefusal([sized(2_000_001, 'marks.csv')], () => csv)).toBe('The file is at most 2 MB.');
  });

  it('names each file over its own limit when several are chosen, and skips empty files', () => {
    const limitOf = (f: File) =>
      f.name.endsWith('.pdf') ? { maxBytes: 10, refusal: 'PDF over 10.' } : { maxBytes: 20, refusal: 'Photo over 20.' };
    const chosen = [sized(11, 'a.pdf'), sized(15, 'b.jpg'), sized(21, 'c.jpg'), sized(0, 'd.pdf')];
    expect(oversizeRefusal(chosen, limitOf)).toBe('a.pdf: PDF over 10. c.jpg: Photo over 20.');
    expect(oversizeRefusal([], limitOf)).toBeNull();
  });
});
