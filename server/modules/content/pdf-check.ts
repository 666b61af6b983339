import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import { PDF_ERRORS } from '#common/site-content/downloads.ts';
import { AppError } from '#server/errors.ts';

export interface PdfFacts {
  pages: number;
}

export interface PdfCheckOptions {
  maxBytes: number;
  /** How long pdf.js may take to open the document before the file is refused. */
  timeoutMs?: number;
}

/** pdf.js's Node build (TOOLCHAIN.md), loaded inside the worker by absolute address. */
const PDFJS_URL = pathToFileURL(createRequire(import.meta.url).resolve('pdfjs-dist/legacy/build/pdf.mjs')).href;
const WORKER_URL = new URL('./pdf-parse.worker.mjs', import.meta.url);

const refused = ({ code, message }: { code: string; message: string }) => new AppError(415, code, message);

type ParseOutcome = { ok: true; pages: number } | { ok: false; reason: 'encrypted' | 'unreadable' | 'timeout' };

function parseInWorker(body: Buffer, timeoutMs: number): Promise<ParseOutcome> {
  return new Promise((resolve) => {
    // A copy of the bytes is handed over, so the upload's own buffer stays valid in this thread.
    const data = new Uint8Array(body).buffer;
    const worker = new Worker(WORKER_URL, {
      workerData: { pdfjsUrl: PDFJS_URL, data },
      transferList: [data],
      // A hostile file must not take the server's memory with it.
      resourceLimits: { maxOldGenerationSizeMb: 256, maxYoungGenerationSizeMb: 32 },
    });
    let settled = false;
    const finish = (outcome: ParseOutcome) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      void worker.terminate();
      resolve(outcome);
    };
    const timer = setTimeout(() => finish({ ok: false, reason: 'timeout' }), timeoutMs);
    worker.on('message', (message: ParseOutcome) => finish(message));
    worker.on('error', () => finish({ ok: false, reason: 'unreadable' }));
    worker.on('exit', () => finish({ ok: false, reason: 'unreadable' }));
  });
}

/**
 * Accepts a PDF by its content, never by its name or declared type: it must start with the PDF header,
 * end with the end-of-file marker, and open in pdf.js (in a worker thread, within a time limit), with at
 * least one page. Answers its page count; refuses anything else with 413 or 415 and a clear message.
 */
export async function checkPdf(body: Buffer, { maxBytes, timeoutMs = 20_000 }: PdfCheckOptions): Promise<PdfFacts> {
  if (body.length > maxBytes) throw new AppError(413, PDF_ERRORS.tooLarge.code, PDF_ERRORS.tooLarge.message);
  if (body.subarray(0, 5).toString('latin1') !== '%PDF-') throw refused(PDF_ERRORS.notPdf);
  // Writers may add a few bytes (a newline, padding) after the marker, never much more.
  if (!body.subarray(-1024).toString('latin1').includes('%%EOF')) {
    throw refused(PDF_ERRORS.unreadable);
  }
  const outcome = await parseInWorker(body, timeoutMs);
  if (outcome.ok && outcome.pages > 0) return { pages: outcome.pages };
  if (!outcome.ok && outcome.reason === 'encrypted') throw refused(PDF_ERRORS.encrypted);
  if (!outcome.ok && outcome.reason === 'timeout') throw refused(PDF_ERRORS.tooSlow);
  throw refused(PDF_ERRORS.unreadable);
}
