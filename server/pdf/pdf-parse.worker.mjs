// Runs in a worker thread (pdf-check.ts): pdf.js parses untrusted bytes here, off the server's event
// loop, and the whole thread is ended if it takes too long. Plain JavaScript, so no loader is needed.
// When asked for a thumbnail, page 1 is also drawn (with @napi-rs/canvas) and sent back as a PNG.
import { parentPort, workerData } from 'node:worker_threads';

const { pdfjsUrl, canvasUrl, standardFontDataUrl, data, maxPages, thumbnailWidth } = workerData;

/** The longest side a thumbnail may have, whatever page size the file claims: bounds the canvas's memory. */
const MAX_SIDE = 4 * (thumbnailWidth ?? 0);

async function renderFirstPage(page) {
  const { createCanvas } = await import(canvasUrl);
  const natural = page.getViewport({ scale: 1 });
  let scale = thumbnailWidth / natural.width;
  if (natural.height * scale > MAX_SIDE) scale = MAX_SIDE / natural.height;
  const viewport = page.getViewport({ scale });
  const width = Math.max(1, Math.round(viewport.width));
  const height = Math.max(1, Math.round(viewport.height));
  const canvas = createCanvas(width, height);
  const context = canvas.getContext('2d');
  // Paper is white: a page without a background must not come out transparent (black in a JPEG).
  context.fillStyle = '#ffffff';
  context.fillRect(0, 0, width, height);
  await page.render({ canvas, canvasContext: context, viewport }).promise;
  return canvas.encode('png');
}

try {
  // pdf.js brings its own Path2D when there is none, which the canvas refuses to clip with ("parameter 1 is
  // not of type 'Path2D'": every page Chromium prints has clip paths). The canvas's own must be in place first.
  if (thumbnailWidth && !globalThis.Path2D) globalThis.Path2D = (await import(canvasUrl)).Path2D;
  const { getDocument } = await import(pdfjsUrl);
  const task = getDocument({
    data: new Uint8Array(data),
    // Never compile code found in a PDF (its fonts' or functions'): parse only.
    isEvalSupported: false,
    disableFontFace: true,
    verbosity: 0,
    ...(standardFontDataUrl ? { standardFontDataUrl } : {}),
  });
  const doc = await task.promise;
  // Opening page 1 reads the page tree, so a document whose pages cannot be found fails here, not later.
  const page = await doc.getPage(1);
  const wanted = thumbnailWidth && (maxPages === undefined || doc.numPages <= maxPages);
  const png = wanted ? await renderFirstPage(page) : undefined;
  parentPort.postMessage({ ok: true, pages: doc.numPages, png });
  await doc.destroy();
} catch (err) {
  const name = err && typeof err === 'object' && 'name' in err ? String(err.name) : '';
  parentPort.postMessage({ ok: false, reason: name === 'PasswordException' ? 'encrypted' : 'unreadable' });
}
