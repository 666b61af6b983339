// The audit log page at 100,000 entries: the built server (as `npm start` runs it) on SQLite, the log filled
// directly in the database file, then GET /admin/audit as a signed-in owner through the page route (loader,
// query and render; the admin is never cached): its first page, its last page, and filtered by a kind and by
// a person, median of 20 each after two warm-ups, time to the whole answer on loopback.
//   node --import tsx bench/audit-page.ts     (after `react-router build`)
// A figure to read, never a test: it does not fail on slowness.
import { randomBytes, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { AUDIT_KINDS, AUDIT_PAGE_SIZE } from '#common/audit.ts';
import { openDb } from '#server/db/db.ts';
import { startLocalServer, stopOnSignals } from '../scripts/support/local-server.ts';
import { adminCookie } from './lib/admin-write.ts';
import { median } from './lib/median.ts';

const ENTRIES = Number(process.env.AUDIT_ENTRIES ?? 100_000);
const RUNS = 20;
const PEOPLE = ['office@orbit.edu.np', 'principal@orbit.edu.np', 'accounts@orbit.edu.np', 'it@orbit.edu.np'];

async function fill(dataDir: string): Promise<void> {
  const db = openDb({ dataDir });
  try {
    const now = Date.now();
    // One entry every 5 minutes going back: 100,000 entries are about a year of a busy office.
    const rows = Array.from({ length: ENTRIES }, (_, i) => ({
      id: randomUUID(),
      at: new Date(now - i * 5 * 60_000).toISOString(),
      actor_id: null,
      actor_name: PEOPLE[i % PEOPLE.length]!,
      kind: AUDIT_KINDS[i % AUDIT_KINDS.length]!,
      subject: `Notice ${i}: class routine for the week`,
      address: `10.0.${(i >> 8) & 255}.${i & 255}`,
      changes: '',
    }));
    await db.transaction().execute(async (trx) => {
      // SQLite takes at most 32,766 bound values per statement: insert in slices.
      for (let i = 0; i < rows.length; i += 2000)
        await trx
          .insertInto('audit_log')
          .values(rows.slice(i, i + 2000))
          .execute();
    });
  } finally {
    await db.destroy();
  }
}

async function timePage(url: string, cookie: string): Promise<{ ms: number; entries: number }> {
  const times: number[] = [];
  let entries = 0;
  for (let i = 0; i < RUNS + 2; i++) {
    const started = performance.now();
    const res = await fetch(url, { headers: { cookie } });
    const html = await res.text();
    if (res.status !== 200) throw new Error(`${url} answered ${res.status}`);
    if (i >= 2) times.push(performance.now() - started);
    entries = html.split('<li').length - 1;
  }
  return { ms: Math.round(median(times) * 10) / 10, entries };
}

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'orbit-audit-bench-'));
const env = { ADMIN_PASSWORD: randomBytes(18).toString('base64url') };
const first = await startLocalServer({ port: 3507, dataDir, env });
await first.stop();
const filling = performance.now();
await fill(dataDir);
console.log(
  `Filled ${ENTRIES.toLocaleString('en')} audit entries in ${((performance.now() - filling) / 1000).toFixed(1)} s`,
);
const server = await startLocalServer({ port: 3507, dataDir, env });
stopOnSignals(server.stop);
try {
  const cookie = await adminCookie(server.url, server.adminEmail, server.adminPassword);
  const lastPage = Math.ceil((ENTRIES + 10) / AUDIT_PAGE_SIZE);
  const rows = [];
  for (const [label, query] of [
    ['first page', ''],
    [`page ${lastPage} (the oldest)`, `?page=${lastPage}`],
    ['one kind (notice-edited)', '?kind=notice-edited'],
    ['one person', `?person=${encodeURIComponent(PEOPLE[1]!)}`],
  ] as const) {
    const { ms, entries } = await timePage(`${server.url}/admin/audit${query}`, cookie);
    rows.push({ page: label, 'median ms': ms, '<li> in the page': entries });
  }
  console.log(`\nGET /admin/audit with ${ENTRIES.toLocaleString('en')} entries, median of ${RUNS}, loopback`);
  console.table(rows);
} finally {
  await server.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
