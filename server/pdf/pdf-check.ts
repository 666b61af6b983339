import { createRequire } from 'node:module';
import { availableParallelism } from 'node:os';
import { dirname } from 'node:path';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import { PDF_PAGES_ERROR } from '#common/notices/notice-attachments.ts';
import { PDF_ERRORS, pdfTooLargeMessage } from '#common/site-content/downloads.ts';
import type { ApiErrorCode } from '#common/api-error.ts';
import { refusal } from '#server/errors.ts';
import { createWorkLimit } from '#server/work-limit.ts';

export interface PdfFacts {
  pages: number;
  /** Page 1 drawn as a PNG, when a thumbnail was asked for. */
  thumbnail?: Buffer;
}

export interface PdfCheckOptions {
  maxBytes: number;
  /** How long pdf.js may take to open the document (and draw its thumbnail) before the file is refused. */
  timeoutMs?: number;
  /** More pages than this is refused (413), and no thumbnail is drawn. */
  maxPages?: number;
  /** Draws page 1 at this width (in pixels) and answers it as `thumbnail`. */
  thumbnailWidth?: number;
}

const require = createRequire(import.meta.url);
/** pdf.js's Node build (TOOLCHAIN.md) and the canvas it draws on, loaded inside the worker by absolute address. */
const PDFJS_URL = pathToFileURL(require.resolve('pdfjs-dist/legacy/build/pdf.mjs')).href;
const CANVAS_URL = pathToFileURL(require.resolve('@napi-rs/canvas')).href;
/** The 14 standard fonts, so a PDF that names Helvetica without embedding it is drawn with its shapes. */
const STANDARD_FONTS_URL = pathToFileURL(`${dirname(require.resolve('pdfjs-dist/package.json'))}/standard_fonts/`).href;
const WORKER_URL = new URL('./pdf-parse.worker.mjs', import.meta.url);

/** The PDF names of JavaScript: an action's type (/S /JavaScript), its script (/JS), the document's named scripts. */
const SCRIPT_NAMES = ['/JavaScript', '/JS'];
/** A byte that would continue a PDF name (so `/JSON` is not `/JS`, nor `/JS#41`, which is `/JSA`). */
const continuesName = (byte: number | undefined) =>
  byte !== undefined && /[A-Za-z0-9#_.-]/u.test(String.fromCharCode(byte));

/**
 * Whether the file's own bytes name a script (`/JavaScript` or `/JS`, as a whole name). Searched in the bytes
 * as they are: a file read as one string for a pattern was a copy of its size on the server's heap for each
 * PDF posted.
 */
export function namesScript(body: Buffer): boolean {
  for (const name of SCRIPT_NAMES) {
    for (let at = body.indexOf(name, 0, 'latin1'); at !== -1; at = body.indexOf(name, at + 1, 'latin1')) {
      if (!continuesName(body[at + name.length])) return true;
    }
  }
  return false;
}

const refused = ({ code, message }: { code: ApiErrorCode; message: string }) => refusal(code, message);

type ParseOutcome =
  | { ok: true; pages: number; png?: Uint8Array }
  | { ok: false; reason: 'encrypted' | 'unreadable' | 'timeout' | 'scripts' };

interface ParseRequest {
  timeoutMs: number;
  maxPages: number | undefined;
  thumbnailWidth: number | undefined;
}

/**
 * Threads with pdf.js loaded, kept for the next file: loading pdf.js and the canvas costs about half a second
 * of CPU, more than checking a small PDF, and an application brings several. A thread parses one file at a
 * time; one that overran its time limit or failed is ended, never reused; an idle one ends after a while,
 * and each ends after a number of files, so nothing one file left behind outlives it for long.
 * A thread with pdf.js and the canvas loaded holds 75-120 MB of the process's memory: one thread per two cores
 * (one on a two-core server) parses at a time, whoever sent the file, and the others wait their turn. The
 * wait does not count against a file's time limit.
 */
interface WarmThread {
  worker: Worker;
  /**
   * Whether the canvas is loaded, to draw page 1. A thread that only counts pages and looks for scripts (the
   * checks on an application's or a prospectus's post) goes without it, and holds less memory.
   */
  draws: boolean;
  files: number;
  idleTimer?: NodeJS.Timeout;
}
const idleThreads: WarmThread[] = [];
export const PDF_THREADS = Math.max(1, Math.floor(availableParallelism() / 2));
const pdfThreads = createWorkLimit(PDF_THREADS);
/** Files being parsed and waiting for a thread now. */
export const pdfThreadLoad = () => pdfThreads.load;
const IDLE_MS = 30_000;
const FILES_PER_THREAD = 100;

function startThread(draws: boolean): WarmThread {
  const worker = new Worker(WORKER_URL, {
    workerData: {
      pdfjsUrl: PDFJS_URL,
      canvasUrl: draws ? CANVAS_URL : undefined,
      standardFontDataUrl: STANDARD_FONTS_URL,
    },
    // Without the process's own flags: `--import tsx` would load the TypeScript loader into every thread
    // (about 40 MB each), and the worker is plain JavaScript.
    execArgv: [],
    // A hostile file must not take the server's memory with it. A young generation of 8 MB, not 32: the same
    // time to draw, about 10 MB less held by each thread.
    resourceLimits: { maxOldGenerationSizeMb: 256, maxYoungGenerationSizeMb: 8 },
  });
  // An idle thread never keeps the process alive; a file being parsed does, through its time limit.
  worker.unref();
  const thread: WarmThread = { worker, draws, files: 0 };
  worker.once('exit', () => {
    const at = idleThreads.indexOf(thread);
    if (at !== -1) idleThreads.splice(at, 1);
  });
  return thread;
}

function takeThread(draws: boolean): WarmThread {
  const at = idleThreads.findLastIndex((t) => t.draws === draws);
  const thread = at === -1 ? startThread(draws) : idleThreads.splice(at, 1)[0]!;
  clearTimeout(thread.idleTimer);
  return thread;
}

function returnThread(thread: WarmThread): void {
  thread.files += 1;
  if (thread.files >= FILES_PER_THREAD || idleThreads.filter((t) => t.draws === thread.draws).length >= PDF_THREADS) {
    void thread.worker.terminate();
    return;
  }
  thread.idleTimer = setTimeout(() => {
    const at = idleThreads.indexOf(thread);
    if (at !== -1) idleThreads.splice(at, 1);
    void thread.worker.terminate();
  }, IDLE_MS);
  thread.idleTimer.unref();
  idleThreads.push(thread);
}

const parseInWorker = (body: Buffer, request: ParseRequest): Promise<ParseOutcome> =>
  pdfThreads.run(() => parseInThread(body, request));

function parseInThread(body: Buffer, { timeoutMs, maxPages, thumbnailWidth }: ParseRequest): Promise<ParseOutcome> {
  return new Promise((resolve) => {
    const thread = takeThread(thumbnailWidth !== undefined);
    const { worker } = thread;
    let settled = false;
    const finish = (outcome: ParseOutcome, reusable: boolean) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      worker.off('message', onMessage);
      worker.off('error', onFailure);
      worker.off('exit', onFailure);
      if (reusable) returnThread(thread);
      else void worker.terminate();
      resolve(outcome);
    };
    const onMessage = (message: ParseOutcome) => finish(message, true);
    const onFailure = () => finish({ ok: false, reason: 'unreadable' }, false);
    const timer = setTimeout(() => finish({ ok: false, reason: 'timeout' }, false), timeoutMs);
    worker.on('message', onMessage);
    worker.on('error', onFailure);
    worker.on('exit', onFailure);
    // A copy of the bytes is handed over, so the upload's own buffer stays valid in this thread.
    const data = new Uint8Array(body).buffer;
    worker.postMessage({ data, maxPages, thumbnailWidth }, [data]);
  });
}

/**
 * Accepts a PDF by its content, never by its name or declared type: it must start with the PDF header,
 * end with the end-of-file marker, and open in pdf.js (in a worker thread, within a time limit), with at
 * least one page (and at most `maxPages`). Answers its page count, and page 1 drawn when asked (in the
 * same thread and time limit: a file that cannot be drawn in time is refused); refuses anything else with
 * 413 or 415 and a clear message. A PDF with JavaScript in it is refused (415), with the way to a plain copy:
 * a viewer (Acrobat, a browser's) may run it on the office's computer or a visitor's, and no grade sheet,
 * certificate or prospectus needs one (docs/security.md).
 */
export async function checkPdf(
  body: Buffer,
  { maxBytes, timeoutMs = 20_000, maxPages, thumbnailWidth }: PdfCheckOptions,
): Promise<PdfFacts> {
  if (body.length > maxBytes) throw refusal(PDF_ERRORS.tooLarge.code, pdfTooLargeMessage(maxBytes));
  if (body.subarray(0, 5).toString('latin1') !== '%PDF-') throw refused(PDF_ERRORS.notPdf);
  // Writers may add a few bytes (a newline, padding) after the marker, never much more.
  if (!body.subarray(-1024).toString('latin1').includes('%%EOF')) {
    throw refused(PDF_ERRORS.unreadable);
  }
  // A script's names in the file's own bytes (what pdf.js cannot see, such as an outline item's action, is
  // still refused); the worker looks again in the parsed structure, where escapes and compression hide nothing.
  if (namesScript(body)) throw refused(PDF_ERRORS.scripts);
  const outcome = await parseInWorker(body, { timeoutMs, maxPages, thumbnailWidth });
  if (outcome.ok && maxPages !== undefined && outcome.pages > maxPages) {
    throw refusal(PDF_PAGES_ERROR.code, PDF_PAGES_ERROR.message(maxPages));
  }
  if (outcome.ok && outcome.pages > 0 && thumbnailWidth !== undefined) {
    if (!outcome.png) throw refused(PDF_ERRORS.unreadable);
    return { pages: outcome.pages, thumbnail: Buffer.from(outcome.png) };
  }
  if (outcome.ok && outcome.pages > 0) return { pages: outcome.pages };
  if (!outcome.ok && outcome.reason === 'encrypted') throw refused(PDF_ERRORS.encrypted);
  if (!outcome.ok && outcome.reason === 'scripts') throw refused(PDF_ERRORS.scripts);
  if (!outcome.ok && outcome.reason === 'timeout') throw refused(PDF_ERRORS.tooSlow);
  throw refused(PDF_ERRORS.unreadable);
}
