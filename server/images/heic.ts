import { Worker } from 'node:worker_threads';
import sharp from 'sharp';

/** Decoded pixels in the shape processImage's own decoding answers: 8-bit sRGB, three channels. */
export interface DecodedHeic {
  data: Buffer;
  info: { width: number; height: number; channels: 3 };
}

export interface HeicOptions {
  maxPixels: number;
  /** How long libheif may take before the file is refused (a twelve-megapixel photo takes about a second). */
  timeoutMs?: number;
}

const WORKER_URL = new URL('./heic-decode.worker.mjs', import.meta.url);

type WorkerAnswer = { ok: true; width: number; height: number; pixels: ArrayBuffer } | { ok: false; reason: string };

/**
 * Decodes a HEIC/HEIF photo (iPhones, a Mac's Photos) to raw pixels, which sharp's prebuilt libvips cannot
 * do (it reads the container, not the HEVC pixels). The size is read from the container first, so a photo
 * over the pixel limit is refused before any decoding memory is spent. libheif runs in a thread of its own,
 * one thread per file, ended after it; one that overruns `timeoutMs` is ended too. libheif applies the
 * photo's rotation and mirroring while decoding; its metadata does not come along.
 * Throws an Error whose message says "pixel limit" for a photo over the limit, another Error otherwise.
 */
export async function decodeHeic(input: Buffer, { maxPixels, timeoutMs = 30_000 }: HeicOptions): Promise<DecodedHeic> {
  const meta = await sharp(input, { limitInputPixels: maxPixels }).metadata();
  if (meta.width * meta.height > maxPixels) throw new Error('pixel limit');

  const answer = await new Promise<WorkerAnswer>((resolve, reject) => {
    // A copy of the bytes is handed over, so the upload's own buffer stays valid in this thread.
    const data = new Uint8Array(input).buffer;
    // libheif prints its parse errors on stderr: they are kept for the error, not written to the log.
    const worker = new Worker(WORKER_URL, { workerData: { data }, transferList: [data], stderr: true, stdout: true });
    let printed = '';
    worker.stderr.on('data', (chunk: Buffer) => {
      if (printed.length < 1000) printed += chunk.toString('utf8');
    });
    worker.stdout.resume();
    const timer = setTimeout(() => {
      reject(new Error(`HEIC decoding took longer than ${timeoutMs} ms`));
      void worker.terminate();
    }, timeoutMs);
    worker.once('message', (message: WorkerAnswer) => {
      clearTimeout(timer);
      resolve(message);
      void worker.terminate();
    });
    worker.once('error', (err) => {
      clearTimeout(timer);
      reject(err);
    });
    worker.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`the HEIC decoding thread ended (code ${code}) ${printed.trim()}`.trim()));
    });
  });
  if (!answer.ok) throw new Error(`HEIC decoding failed: ${answer.reason}`);

  const { width, height, pixels } = answer;
  if (width * height > maxPixels) throw new Error('pixel limit');
  const rgba = Buffer.from(pixels);
  if (rgba.length !== width * height * 4) throw new Error('HEIC decoding answered a wrong number of pixels');
  // HEIC photos from phones carry no transparency: the alpha channel libheif adds is dropped.
  const { data, info } = await sharp(rgba, { raw: { width, height, channels: 4 }, limitInputPixels: maxPixels })
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  return { data, info: { width: info.width, height: info.height, channels: 3 } };
}
