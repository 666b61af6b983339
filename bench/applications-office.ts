// The office's side of admission at 5,000 applications: the built server (as `npm start` runs it) on SQLite,
// the applications written straight into its database by the tests' fixture, then as a signed-in owner
// GET /admin/applications through the page route (first page, a filtered page, a search; median of 20
// after two warm-ups) and the CSV export of all 5,000 in NEB's layout (time to the last byte, the server's
// resident memory before and at its peak while exporting).
//   node --import tsx bench/applications-office.ts     (after `react-router build`)
// A figure to read, never a test: it does not fail on slowness.
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openDb } from '#server/db/db.ts';
import { uploadsDir } from '#server/storage/create-storage.ts';
import { createLocalStorage } from '#server/storage/local-storage.ts';
import { seedApplications } from '#server/test-support/applications.ts';
import { startLocalServer, stopOnSignals } from '../scripts/support/local-server.ts';
import { adminCookie } from './lib/admin-write.ts';
import { median } from './lib/median.ts';
import { pidListeningOn, rssMb, watchPeak } from './lib/process-memory.ts';

const COUNT = Number(process.env.APPLICATIONS ?? 5000);
const RUNS = 20;
const PORT = 3508;

async function timePage(url: string, cookie: string): Promise<{ ms: number; rows: number }> {
  const times: number[] = [];
  let rows = 0;
  for (let i = 0; i < RUNS + 2; i++) {
    const started = performance.now();
    const res = await fetch(url, { headers: { cookie } });
    const html = await res.text();
    if (res.status !== 200) throw new Error(`${url} answered ${res.status}`);
    if (i >= 2) times.push(performance.now() - started);
    rows = html.split('name="ids"').length - 1;
  }
  return { ms: Math.round(median(times) * 10) / 10, rows };
}

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'orbit-applications-bench-'));
const env = { ADMIN_PASSWORD: randomBytes(18).toString('base64url') };
const first = await startLocalServer({ port: PORT, dataDir, env });
await first.stop();
const db = openDb({ dataDir });
const filling = performance.now();
const fixture = await seedApplications(db, createLocalStorage(uploadsDir(dataDir)), { count: COUNT, withFiles: 20 });
await db.destroy();
console.log(
  `Wrote ${COUNT.toLocaleString('en')} applications in ${((performance.now() - filling) / 1000).toFixed(1)} s`,
);

const server = await startLocalServer({ port: PORT, dataDir, env });
stopOnSignals(server.stop);
try {
  const cookie = await adminCookie(server.url, server.adminEmail, server.adminPassword);
  const rows = [];
  for (const [label, query] of [
    ['first page', ''],
    [
      'filtered (Science, submitted, voucher sent)',
      `?programme=${fixture.science}&state=submitted&payment=voucher-sent`,
    ],
    ['search (a family name)', '?q=gurung'],
  ] as const) {
    const { ms, rows: shown } = await timePage(`${server.url}/admin/applications${query}`, cookie);
    rows.push({ page: label, 'median ms': ms, 'rows shown': shown });
  }
  console.log(`\nGET /admin/applications with ${COUNT.toLocaleString('en')} applications, median of ${RUNS}, loopback`);
  console.table(rows);

  const pid = pidListeningOn(PORT);
  const beforeMb = rssMb(pid);
  const watch = watchPeak(pid, 50);
  const started = performance.now();
  const res = await fetch(`${server.url}/api/admin/applications/export.csv?layout=neb`, { headers: { cookie } });
  let bytes = 0;
  let lines = 0;
  for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
    bytes += chunk.length;
    for (const byte of chunk) if (byte === 10) lines++;
  }
  const ms = performance.now() - started;
  const peakMb = watch.stop();
  console.log(`\nCSV export (NEB layout) of ${COUNT.toLocaleString('en')} applications`);
  console.table([
    {
      status: res.status,
      'lines (with the header)': lines,
      KB: Math.round(bytes / 1024),
      ms: Math.round(ms),
      'server RSS before (MB)': beforeMb,
      'server RSS peak (MB)': peakMb,
    },
  ]);
} finally {
  await server.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
