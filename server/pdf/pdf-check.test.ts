import { describe, expect, it } from 'vitest';
import { PDF_ERRORS } from '#common/site-content/downloads.ts';
import { PDF_THREADS, checkPdf, namesScript, pdfThreadLoad } from './pdf-check.ts';
import { makePdf } from './test-pdfs.ts';

const MAX = 20 * 1024 * 1024;

async function refusal(body: Buffer, options: { maxBytes?: number; timeoutMs?: number; thumbnailWidth?: number } = {}) {
  try {
    await checkPdf(body, { maxBytes: MAX, ...options });
  } catch (err) {
    return err as { statusCode: number; code: string; message: string };
  }
  throw new Error('the PDF was accepted');
}

describe('checkPdf', () => {
  it('accepts a real PDF and counts its pages', async () => {
    expect(await checkPdf(makePdf({ pages: 3 }), { maxBytes: MAX })).toEqual({ pages: 3 });
  });

  it.each(['open-action', 'link', 'disguised'] as const)(
    'refuses a PDF with JavaScript (%s) with the way to a plain copy',
    async (script) => {
      expect(await refusal(makePdf({ script }), { thumbnailWidth: 200 })).toMatchObject({
        statusCode: 415,
        code: 'pdf/scripts',
        message: 'This PDF contains scripts; save it again as a plain PDF (Print → Save as PDF) and upload that copy.',
      });
    },
  );

  it('finds a script named in the bytes, as a whole name only, anywhere in the file', () => {
    const named = (text: string) => namesScript(Buffer.from(text, 'latin1'));
    expect(named('<< /S /JavaScript /JS (app.alert(1)) >>')).toBe(true);
    expect(named('<</S/JavaScript>>')).toBe(true);
    expect(named('<< /JS(x) >>')).toBe(true);
    expect(named('%PDF-1.7 ... /JS')).toBe(true);
    expect(named('/JSON /JS#41 /JavaScripts /JS_x /JS.y /JSfoo')).toBe(false);
    expect(named('/JSON /JavaScriptX then later /JS ')).toBe(true);
    expect(named('%PDF-1.7 a plain page')).toBe(false);
    expect(namesScript(Buffer.concat([Buffer.alloc(3_000_000, 0x20), Buffer.from('/JavaScript ')]))).toBe(true);
  });

  it('finds a script whose names are written in hex escapes in the parsed file, not in its bytes', () => {
    const disguised = makePdf({ script: 'disguised' }).toString('latin1');
    expect(disguised).not.toMatch(/\/(?:JavaScript|JS)\b/u);
    expect(disguised).toContain('/J#53');
  });

  it('refuses a text file, whatever its name, by its content', async () => {
    expect(await refusal(Buffer.from('Dear parents, the prospectus is attached.'))).toMatchObject({
      statusCode: 415,
      ...PDF_ERRORS.notPdf,
    });
  });

  it('refuses a file with the PDF header whose body is not a PDF', async () => {
    expect(await refusal(Buffer.from('%PDF-1.7\nnot really a document\n%%EOF\n'))).toMatchObject({
      statusCode: 415,
      ...PDF_ERRORS.unreadable,
    });
  });

  it('refuses a PDF cut short (no end-of-file marker), as an interrupted download leaves it', async () => {
    const whole = makePdf({ pages: 2 });
    expect(await refusal(whole.subarray(0, whole.length - 40))).toMatchObject({ code: 'pdf/unreadable' });
  });

  it('refuses a PDF that needs a password', async () => {
    expect(await refusal(makePdf({ encrypted: true }))).toMatchObject({
      statusCode: 415,
      ...PDF_ERRORS.encrypted,
    });
  });

  it('refuses a PDF over the size limit before reading it, and accepts one at the limit', async () => {
    const pdf = makePdf();
    expect(await refusal(pdf, { maxBytes: pdf.length - 1 })).toMatchObject({
      statusCode: 413,
      code: PDF_ERRORS.tooLarge.code,
    });
    expect(await checkPdf(pdf, { maxBytes: pdf.length })).toEqual({ pages: 1 });
  });

  it("names the limit of the file's own kind: a notice's attachment, not the prospectus", async () => {
    const tenMb = 10 * 1024 * 1024;
    const over = Buffer.concat([makePdf(), Buffer.alloc(tenMb)]);
    expect(await refusal(over, { maxBytes: tenMb })).toMatchObject({
      statusCode: 413,
      code: PDF_ERRORS.tooLarge.code,
      message: 'The PDF is larger than 10 MB. Please choose a smaller file.',
    });
    expect(PDF_ERRORS.tooLarge.message).toBe('The PDF is larger than 20 MB. Please choose a smaller file.');
  });

  it('ends the parse and refuses the file when it takes longer than the time limit', async () => {
    const started = Date.now();
    // Drawing page 1 across 4,000 pixels takes far longer than a millisecond, even in a warm thread.
    expect(await refusal(makePdf({ pages: 2 }), { timeoutMs: 1, thumbnailWidth: 4000 })).toMatchObject({
      ...PDF_ERRORS.tooSlow,
    });
    expect(Date.now() - started).toBeLessThan(2000);
    // The thread that overran was ended; the next file is checked by another.
    expect(await checkPdf(makePdf({ pages: 3 }), { maxBytes: MAX, thumbnailWidth: 100 })).toMatchObject({ pages: 3 });
  });

  it('draws page 1 when asked, counting and drawing files in turn (a thread that only counts never draws)', async () => {
    for (const thumbnailWidth of [undefined, 120, undefined, 120]) {
      const facts = await checkPdf(makePdf({ pages: 2 }), {
        maxBytes: MAX,
        ...(thumbnailWidth ? { thumbnailWidth } : {}),
      });
      expect(facts.pages).toBe(2);
      expect(facts.thumbnail?.subarray(1, 4).toString('latin1')).toBe(thumbnailWidth ? 'PNG' : undefined);
    }
  });

  it('checks file after file in a warm thread, each answered with its own facts', async () => {
    const counts = [1, 2, 3, 4, 5, 6];
    const facts = await Promise.all(counts.map((pages) => checkPdf(makePdf({ pages }), { maxBytes: MAX })));
    expect(facts.map((f) => f.pages)).toEqual(counts);
    const encrypted = await refusal(makePdf({ encrypted: true }));
    expect(encrypted).toMatchObject(PDF_ERRORS.encrypted);
    expect(await checkPdf(makePdf({ pages: 2 }), { maxBytes: MAX })).toEqual({ pages: 2 });
  });

  it('parses in at most PDF_THREADS threads at once, whoever sent the files; the others wait their turn', async () => {
    const counts = Array.from({ length: PDF_THREADS + 2 }, (_, i) => i + 1);
    const checks = counts.map((pages) => checkPdf(makePdf({ pages }), { maxBytes: MAX, thumbnailWidth: 200 }));
    expect(pdfThreadLoad()).toEqual({ running: PDF_THREADS, waiting: 2 });
    expect((await Promise.all(checks)).map((f) => f.pages)).toEqual(counts);
    expect(pdfThreadLoad()).toEqual({ running: 0, waiting: 0 });
  });
});
