// Runs in a worker thread (heic.ts): libheif (WebAssembly) decodes one HEIC/HEIF photo here, off the server's
// event loop. The thread decodes a single file and is then ended, so the WebAssembly memory it grew to
// (about 340 MB for twelve megapixels) goes back with it instead of staying in the server. Plain JavaScript,
// so no loader is needed.
import { parentPort, workerData } from 'node:worker_threads';
import decode from 'heic-decode';

try {
  const { width, height, data } = await decode({ buffer: new Uint8Array(workerData.data) });
  const pixels = data.buffer.byteLength === data.length ? data.buffer : data.slice().buffer;
  parentPort.postMessage({ ok: true, width, height, pixels }, [pixels]);
} catch (err) {
  parentPort.postMessage({ ok: false, reason: err instanceof Error ? err.message : String(err) });
}
