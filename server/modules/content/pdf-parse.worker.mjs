// Runs in a worker thread (pdf-check.ts): pdf.js parses untrusted bytes here, off the server's event
// loop, and the whole thread is ended if it takes too long. Plain JavaScript, so no loader is needed.
import { parentPort, workerData } from 'node:worker_threads';

const { pdfjsUrl, data } = workerData;

try {
  const { getDocument } = await import(pdfjsUrl);
  const task = getDocument({
    data: new Uint8Array(data),
    // Never compile code found in a PDF (its fonts' or functions'): parse only.
    isEvalSupported: false,
    disableFontFace: true,
    verbosity: 0,
  });
  const doc = await task.promise;
  // Opening page 1 reads the page tree, so a document whose pages cannot be found fails here, not later.
  await doc.getPage(1);
  parentPort.postMessage({ ok: true, pages: doc.numPages });
  await doc.destroy();
} catch (err) {
  const name = err && typeof err === 'object' && 'name' in err ? String(err.name) : '';
  parentPort.postMessage({ ok: false, reason: name === 'PasswordException' ? 'encrypted' : 'unreadable' });
}
