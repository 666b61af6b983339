// Time to accept a 10-page PDF attached to a notice (POST /api/admin/notices/:id/attachments, through the
// real app on a fresh SQLite database: parse and first-page drawing in the worker, image pipeline, storage,
// row), median of 5 after one warm-up; and the bytes of its thumbnail as a browser gets it (each format at
// each width, the size the page's <img> asks for first).
//   node --import tsx bench/notice-attachment.ts
// A figure to read, never a test: it does not fail on slowness.
import type { Attachment } from '#common/notices/notice-attachments.ts';
import type { Notice } from '#common/notices/notice.ts';
import { makePdf } from '#server/pdf/test-pdfs.ts';
import { createAdminTestApp, multipart } from '#server/test-support/admin-session.ts';
import { buildNoticeInput } from '#server/test-support/factories.ts';

const RUNS = 5;
const t = await createAdminTestApp();
try {
  const pdf = makePdf({ pages: 10 });
  const times: number[] = [];
  let last: Attachment | undefined;
  for (let i = 0; i <= RUNS; i++) {
    const created = await t.asAdmin({ method: 'POST', url: '/api/admin/notices', payload: buildNoticeInput() });
    const form = multipart([{ body: pdf, filename: 'a.pdf', contentType: 'application/pdf' }]);
    const started = performance.now();
    const res = await t.asAdmin({
      method: 'POST',
      url: `/api/admin/notices/${created.json<Notice>().id}/attachments`,
      headers: form.headers,
      payload: form.payload,
    });
    const ms = performance.now() - started;
    if (res.statusCode !== 201) throw new Error(`Upload refused: ${res.statusCode} ${res.body}`);
    last = res.json<Attachment>();
    if (i > 0) times.push(ms); // the first run loads pdf.js and the canvas: a warm-up
  }
  times.sort((a, b) => a - b);
  console.log(`10-page PDF (${pdf.length} bytes) accepted in: ${times.map((ms) => Math.round(ms)).join(', ')} ms`);
  console.log(`median: ${Math.round(times[Math.floor(RUNS / 2)]!)} ms`);
  const urls = Object.entries(last!.picture.srcset).flatMap(([format, set]) =>
    set.split(', ').map((entry) => ({ format, url: entry.split(' ')[0]!, width: entry.split(' ')[1]! })),
  );
  urls.push({ format: 'src', url: last!.picture.src, width: '(img src)' });
  for (const { format, url, width } of urls) {
    const res = await t.app.inject({ method: 'GET', url });
    console.log(`thumbnail ${format} ${width}: ${res.rawPayload.length} bytes (${res.headers['content-type']})`);
  }
} finally {
  await t.close();
}
