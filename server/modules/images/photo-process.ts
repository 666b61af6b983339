import { type ChildProcess, fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { FastifyBaseLogger } from 'fastify';
import type { ApiErrorCode } from '#common/api-error.ts';
import { AppError } from '#server/errors.ts';
import type { ImageLimits, ProcessedImage } from '#server/images/image-pipeline.ts';
import type { DocumentKind } from '#common/admission/application.ts';
import type { ProcessedDocument } from '#server/modules/admission/index.ts';
import type { PhotoSource } from './photo-source.ts';

const CHILD = fileURLToPath(new URL('./photo-process.child.ts', import.meta.url));
/**
 * The child's compiled entry, set by server/start.mjs when the server runs compiled: then the child runs it
 * without the TypeScript loader (about 20 MB less at its peak). Otherwise (tests, `npm run dev`) the source, loaded.
 */
const childEntry = (): { file: string; loader: string[] } => {
  const compiled = process.env.ORBIT_PHOTO_PROCESS_ENTRY;
  return compiled ? { file: compiled, loader: [] } : { file: CHILD, loader: ['--import', 'tsx'] };
};
const PROJECT_ROOT = fileURLToPath(new URL('../../../', import.meta.url));

/** How long the process waits for the next photo before it ends, so that its memory goes back to the system. */
export const PHOTO_PROCESS_IDLE_MS = 15_000;
/** A photo takes seconds at the lowest priority on a busy machine; past this the process is ended and the photo failed. */
const PHOTO_TIMEOUT_MS = 5 * 60_000;
/**
 * The process's JavaScript heap: the pixels live outside it (libvips), the heap holds the job and answer. Above the
 * PDF thread's own limit (256 MB, server/pdf/pdf-check.ts), which draws an applicant's PDF in this process: on
 * Node 24 a worker thread's heap is held to its process's limit, and at 128 MB every PDF failed as unreadable.
 */
const HEAP_MB = 320;

type Answer =
  | { ready: true }
  | { id: number; result: ProcessedImage | ProcessedDocument }
  | { id: number; error: { statusCode?: number; code?: ApiErrorCode; message: string } };

interface Pending {
  resolve: (result: ProcessedImage | ProcessedDocument) => void;
  reject: (err: Error) => void;
  timer: NodeJS.Timeout;
}

/** A job overran its time: the process was ended, and the file is not tried again as it is. */
export class ProcessTimeoutError extends Error {
  override name = 'ProcessTimeoutError';
}

/** Buffers come back from the child as plain bytes. */
function asBuffers(image: ProcessedImage): void {
  for (const v of image.variants) v.body = Buffer.from(v.body.buffer, v.body.byteOffset, v.body.byteLength);
}

export interface PhotoProcessOptions {
  log: FastifyBaseLogger;
  idleMs?: number;
  timeoutMs?: number;
}

/**
 * Runs processImage in a child process whose every thread has the lowest CPU priority (photo-process.child.ts),
 * one photo at a time. The process starts with the first photo and ends after `idleMs` without one, or when it
 * overruns `timeoutMs` on a photo; it never keeps the server running. A refusal (not an image, damaged, too many
 * pixels) comes back as the same AppError; any other failure, the process ending included, as an Error.
 */
export function createPhotoProcess({
  log,
  idleMs = PHOTO_PROCESS_IDLE_MS,
  timeoutMs = PHOTO_TIMEOUT_MS,
}: PhotoProcessOptions) {
  let child: { process: ChildProcess; ready: Promise<void> } | null = null;
  const pending = new Map<number, Pending>();
  let nextId = 1;
  let idleTimer: NodeJS.Timeout | null = null;

  function end(reason: string, timedOut = false): void {
    const current = child;
    child = null;
    if (!current) return;
    if (current.process.connected) current.process.disconnect();
    current.process.kill('SIGKILL');
    for (const [id, job] of pending) {
      clearTimeout(job.timer);
      const message = `The photo process ended: ${reason}.`;
      job.reject(timedOut ? new ProcessTimeoutError(message) : new Error(message));
      pending.delete(id);
    }
    log.debug({ reason }, 'photo process: ended');
  }

  function start(): NonNullable<typeof child> {
    const entry = childEntry();
    const proc = fork(entry.file, [], {
      cwd: PROJECT_ROOT,
      // A young generation of 2 MB a half instead of 16: the pixels are outside V8's heap, and what the process
      // allocates on it is small. 20 applications' documents drawn, same time: peak RSS 234-236 MB instead of 262.
      execArgv: [...entry.loader, `--max-old-space-size=${HEAP_MB}`, '--max-semi-space-size=2'],
      serialization: 'advanced',
      // glibc hands blocks over 128 KB (a photo's pixels) back to the system when freed, instead of raising that
      // threshold and keeping them for reuse: 151 MB held after three 12-megapixel photos instead of 244 MB.
      env: { ...process.env, MALLOC_MMAP_THRESHOLD_: process.env.MALLOC_MMAP_THRESHOLD_ ?? '131072' },
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    let markReady!: () => void;
    let failStart!: (err: Error) => void;
    const ready = new Promise<void>((resolve, reject) => {
      markReady = resolve;
      failStart = reject;
    });
    ready.catch(() => undefined); // a start that fails is reported to the photo waiting for it
    const own = { process: proc, ready };
    proc.on('message', (answer: Answer) => {
      if ('ready' in answer) return markReady();
      const job = pending.get(answer.id);
      if (!job) return;
      pending.delete(answer.id);
      clearTimeout(job.timer);
      if ('result' in answer) {
        const { result } = answer;
        asBuffers('picture' in result ? result.picture : result);
        job.resolve(result);
      } else {
        const { statusCode, code, message } = answer.error;
        job.reject(
          statusCode !== undefined && code !== undefined ? new AppError(statusCode, code, message) : new Error(message),
        );
      }
      if (pending.size === 0) idle();
    });
    proc.on('error', (err) => log.error({ err }, 'photo process: could not be started or reached'));
    proc.on('exit', (code, signal) => {
      failStart(new Error(`The photo process ended before it was ready (code ${code}, signal ${signal}).`));
      if (child === own) end(`it exited (code ${code}, signal ${signal})`);
    });
    return own;
  }

  /** Nothing pending: the process no longer holds the server up, and ends if no photo comes within idleMs. */
  function idle(): void {
    child?.process.unref();
    child?.process.channel?.unref();
    idleTimer = setTimeout(() => end('idle'), idleMs);
    idleTimer.unref();
  }

  /** Sends one job to the child (started if needed); `budgetMs` ends the process when the job overruns it. */
  async function run(job: Record<string, unknown>, budgetMs: number): Promise<ProcessedImage | ProcessedDocument> {
    if (idleTimer) clearTimeout(idleTimer);
    idleTimer = null;
    child ??= start();
    const current = child;
    current.process.ref();
    current.process.channel?.ref();
    await current.ready;
    const id = nextId++;
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => end(`a file took longer than ${budgetMs} ms`, true), budgetMs);
      pending.set(id, { resolve, reject, timer });
      current.process.send({ id, ...job }, (err) => {
        if (err) end(`the file could not be sent (${err.message})`);
      });
    });
  }

  // A path goes as it is; bytes go in the message (copied into it, and out of it on the other side).
  const sent = (source: PhotoSource) => ('file' in source ? { file: source.file } : { input: source.bytes });

  return {
    async process(source: PhotoSource, limits: ImageLimits): Promise<ProcessedImage> {
      return (await run({ ...sent(source), limits }, timeoutMs)) as ProcessedImage;
    },
    /**
     * Draws an applicant's document (application-documents.ts processDocument); a job past `budgetMs` ends the
     * process and rejects with ProcessTimeoutError.
     */
    async processDocument(
      source: PhotoSource,
      document: { kind: DocumentKind; pdfTimeoutMs: number },
      budgetMs = timeoutMs,
    ): Promise<ProcessedDocument> {
      return (await run({ ...sent(source), document }, budgetMs)) as ProcessedDocument;
    },
    /** The child's process id while it runs (tests read its threads' priority). */
    get pid(): number | undefined {
      return child?.process.pid;
    },
    stop(): void {
      if (idleTimer) clearTimeout(idleTimer);
      end('the queue stopped');
    },
  };
}
export type PhotoProcess = ReturnType<typeof createPhotoProcess>;
