// The child process that processes album photos for the photo queue (photo-process.ts starts it): every thread
// of this process runs at the lowest CPU priority, so that with the CPU busy the server's thread answering pages
// goes first. A worker thread cannot give that: sharp's work runs on the threads of libuv's pool and of libvips,
// which a process shares among all its threads, pages' own work (gzip, files) included.
// Messages: { id, input: Uint8Array, limits } (an album photo) or { id, input, document: { kind, pdfTimeoutMs } }
// (an applicant's document) in, with `file` (a stored file's path, read here) instead of `input` when the uploads
// are a folder on this machine; { id, result } (ProcessedImage or ProcessedDocument) or { id, error } out.
import fs from 'node:fs';
import os from 'node:os';

const LOWEST = os.constants.priority.PRIORITY_LOW;

/**
 * Linux keeps a nice value per thread and a new thread takes its creator's: every thread this process already has
 * (libuv's pool may have started while the loader read files) is set to the lowest, so every later one is too.
 */
function lowestPriorityForEveryThread(): void {
  let threads: string[] = [];
  try {
    threads = fs.readdirSync('/proc/self/task');
  } catch {
    // Not Linux: there the priority is the whole process's.
  }
  os.setPriority(0, LOWEST);
  for (const tid of threads) os.setPriority(Number(tid), LOWEST);
}
lowestPriorityForEveryThread();

// Loaded after the priority is set, so that libvips starts its threads from threads already at the lowest. One
// photo at a time, on one libvips thread (the pipeline sets that for every process): the other core stays for pages.
const { processImage } = await import('#server/images/image-pipeline.ts');
// Only the document step, not admission's face: the face would load all of admission into this small process.
// eslint-disable-next-line house/module-face -- this process loads one step, not the server
const { processDocument } = await import('#server/modules/admission/applications/application-documents.ts');
const { AppError } = await import('#server/errors.ts');

type Job = { id: number } & ({ input: Uint8Array } | { file: string }) &
  (
    | { limits: { maxBytes: number; maxPixels: number } }
    | { document: { kind: Parameters<typeof processDocument>[0]; pdfTimeoutMs: number } }
  );

// Ends with the server: the queue disconnects (after an idle while, or when the server stops or dies).
process.on('disconnect', () => process.exit(0));

/** The job's file: read from its path (a file that cannot be read fails the job, not the process), or as sent. */
async function inputOf(job: Job): Promise<Buffer> {
  if ('input' in job) return Buffer.from(job.input.buffer, job.input.byteOffset, job.input.byteLength);
  try {
    return await fs.promises.readFile(job.file);
  } catch (err) {
    // Its code only: the path names an applicant's stored file, and the message goes to the server's log.
    throw new Error(`The stored file could not be read (${(err as NodeJS.ErrnoException).code ?? 'error'}).`);
  }
}

process.on('message', (job: Job) => {
  const work = inputOf(job).then((input): Promise<unknown> =>
    'document' in job
      ? processDocument(job.document.kind, input, job.document.pdfTimeoutMs)
      : processImage(input, job.limits),
  );
  work.then(
    (result) => process.send?.({ id: job.id, result }),
    (err: unknown) =>
      process.send?.({
        id: job.id,
        error:
          err instanceof AppError
            ? { statusCode: err.statusCode, code: err.code, message: err.message }
            : { message: err instanceof Error ? err.message : String(err) },
      }),
  );
});
process.send?.({ ready: true });
