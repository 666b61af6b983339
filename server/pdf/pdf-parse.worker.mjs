// Runs in a worker thread (pdf-check.ts): pdf.js parses untrusted bytes here, off the server's event
// loop, and the whole thread is ended if it takes too long. Plain JavaScript, so no loader is needed.
// The thread is kept warm for the next file (loading pdf.js costs more than checking a small PDF): it
// answers each message, one at a time, with the file's page count, and page 1 drawn (with @napi-rs/canvas)
// as a PNG when a thumbnail is asked for; a file with JavaScript in it is answered as such, and not drawn.
import { parentPort, workerData } from 'node:worker_threads';

const { pdfjsUrl, canvasUrl, standardFontDataUrl } = workerData;
// pdf.js brings its own Path2D when there is none, which the canvas refuses to clip with ("parameter 1 is not
// of type 'Path2D'": every page Chromium prints has clip paths). The canvas's own must be in place first. A
// thread started without the canvas's address only counts pages and looks for scripts; it never draws.
const loaded = (canvasUrl ? import(canvasUrl) : Promise.resolve(null)).then(async (canvas) => {
  if (canvas) globalThis.Path2D ??= canvas.Path2D;
  return [await import(pdfjsUrl), canvas];
});

async function renderFirstPage(page, thumbnailWidth, createCanvas) {
  // The longest side a thumbnail may have, whatever page size the file claims: bounds the canvas's memory.
  const maxSide = 4 * thumbnailWidth;
  const natural = page.getViewport({ scale: 1 });
  let scale = thumbnailWidth / natural.width;
  if (natural.height * scale > maxSide) scale = maxSide / natural.height;
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

/**
 * Whether the document carries JavaScript where pdf.js finds it once parsed (names in hex escapes and
 * compressed objects included): the document's own actions (on opening, its named scripts), its form fields',
 * and each page's and its annotations' (a link's, a field's). A PDF viewer may run any of them.
 */
async function hasScripts(doc) {
  if (await doc.hasJSActions()) return true;
  for (let n = 1; n <= doc.numPages; n++) {
    const page = await doc.getPage(n);
    const pageActions = await page.getJSActions();
    if (pageActions && Object.keys(pageActions).length > 0) return true;
    if ((await page.getAnnotations()).some((a) => a.actions && Object.keys(a.actions).length > 0)) return true;
  }
  return false;
}

async function parse({ data, maxPages, thumbnailWidth }) {
  let doc;
  try {
    const [{ getDocument }, canvas] = await loaded;
    doc = await getDocument({
      data: new Uint8Array(data),
      // Never compile code found in a PDF (its fonts' or functions'): parse only.
      isEvalSupported: false,
      disableFontFace: true,
      verbosity: 0,
      ...(standardFontDataUrl ? { standardFontDataUrl } : {}),
    }).promise;
    // Opening page 1 reads the page tree, so a document whose pages cannot be found fails here, not later.
    const page = await doc.getPage(1);
    if (maxPages !== undefined && doc.numPages > maxPages) return { ok: true, pages: doc.numPages };
    if (await hasScripts(doc)) return { ok: false, reason: 'scripts' };
    const wanted = thumbnailWidth && (maxPages === undefined || doc.numPages <= maxPages);
    if (wanted && !canvas) throw new Error('A thread started without the canvas was asked to draw');
    const png = wanted ? await renderFirstPage(page, thumbnailWidth, canvas.createCanvas) : undefined;
    return { ok: true, pages: doc.numPages, png };
  } catch (err) {
    const name = err && typeof err === 'object' && 'name' in err ? String(err.name) : '';
    return { ok: false, reason: name === 'PasswordException' ? 'encrypted' : 'unreadable' };
  } finally {
    await doc?.destroy().catch(() => undefined);
  }
}

parentPort.on('message', (request) => {
  void parse(request).then((outcome) => parentPort.postMessage(outcome));
});
