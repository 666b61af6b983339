// The office's side of admission at 5,000 applications: the built server (as `npm start` runs it) on SQLite,
// the applications written straight into its database by the tests' fixture, then as a signed-in owner
// GET /admin/applications through the page route (first page, a filtered page, a search; median of 20
// after two warm-ups), Today (/admin) with 20,000 messages in the outbox beside them, and the CSV export of all 5,000 in NEB's layout (time to the last byte, the server's
// resident memory before and at its peak while exporting).
// Part of `npm run bench -- admissions` (bench/admissions.ts runs it and prints its tables beside the targets).
// A figure to read, never a test: it does not fail on slowness.
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Insertable } from 'kysely';
import type { MessageState } from '#common/messages.ts';
import { openDb } from '#server/db/db.ts';
import type { OutboxMessagesTable } from '#server/db/schema.ts';
import { uploadsDir } from '#server/storage/create-storage.ts';
import { createLocalStorage } from '#server/storage/local-storage.ts';
import { seedApplications } from '#server/test-support/applications.ts';
import { startLocalServer, stopOnSignals } from '../scripts/support/local-server.ts';
import { adminCookie } from './lib/admin-write.ts';
import { insertInSlices } from './lib/insert-in-slices.ts';
import { median } from './lib/median.ts';
import { pidListeningOn, rssMb, watchPeak } from './lib/process-memory.ts';

export const OFFICE_APPLICATIONS = Number(process.env.APPLICATIONS ?? 5000);
/** Messages in the outbox while Today is read: most sent, some waiting for set-up (no SMS here), some failed. */
export const TODAY_MESSAGES = 20_000;
/** Today's target: it answers in under this many milliseconds at 5,000 applications and 20,000 messages. */
export const TODAY_TARGET_MS = 50;
const RUNS = 20;

export interface OfficePage {
  page: string;
  ms: number;
  rows: number;
}

export interface OfficeReport {
  applications: number;
  fillSeconds: number;
  runs: number;
  pages: OfficePage[];
  /** GET /admin (Today), median ms. */
  todayMs: number;
  csv: { status: number; lines: number; kb: number; ms: number; rssBeforeMb: number; rssPeakMb: number };
}

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

/** The outbox of a busy season: 80 % sent, 10 % SMS waiting for set-up, 5 % e-mail queued, 5 % failed. */
function outboxRows(count: number): Insertable<OutboxMessagesTable>[] {
  const at = new Date('2026-06-01T09:00:00Z').getTime();
  return Array.from({ length: count }, (_, i) => {
    const state: MessageState = i % 20 === 0 ? 'failed' : i % 10 === 1 || i % 20 === 2 ? 'queued' : 'sent';
    const channel = i % 10 === 1 ? ('sms' as const) : ('email' as const);
    const created = new Date(at + i * 60_000).toISOString();
    return {
      id: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
      channel,
      recipient: channel === 'sms' ? '9841000000' : `guardian${i}@example.com`,
      language: 'en' as const,
      subject: channel === 'sms' ? '' : 'Admit card ready',
      text: 'Your admit card is ready.',
      html: '',
      state,
      attempts: state === 'queued' ? 0 : 1,
      next_attempt_at: created,
      lease_until: null,
      claim: null,
      last_answer: state === 'failed' ? '550 mailbox unavailable' : '',
      event: `application-admit-card:${i}`,
      created_at: created,
      sent_at: state === 'sent' ? created : null,
    };
  });
}

/** Fills a fresh DATA_DIR with the applications, starts the built server on it and measures the office's pages. */
export async function runApplicationsOffice({ port }: { port: number }): Promise<OfficeReport> {
  const COUNT = OFFICE_APPLICATIONS;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'orbit-applications-bench-'));
  const env = { ADMIN_PASSWORD: randomBytes(18).toString('base64url') };
  try {
    const first = await startLocalServer({ port, dataDir, env });
    await first.stop();
    const db = openDb({ dataDir });
    const filling = performance.now();
    const fixture = await seedApplications(db, createLocalStorage(uploadsDir(dataDir)), {
      count: COUNT,
      withFiles: 20,
    });
    await insertInSlices(db, 'outbox_messages', outboxRows(TODAY_MESSAGES));
    await db.destroy();
    const fillSeconds = Math.round((performance.now() - filling) / 100) / 10;
    console.log(`Office: wrote ${COUNT.toLocaleString('en')} applications in ${fillSeconds} s`);

    const server = await startLocalServer({ port, dataDir, env });
    stopOnSignals(server.stop);
    try {
      const cookie = await adminCookie(server.url, server.adminEmail, server.adminPassword);
      const pages: OfficePage[] = [];
      for (const [label, query] of [
        ['first page', ''],
        [
          'filtered (Science, submitted, voucher sent)',
          `?programme=${fixture.science}&state=submitted&payment=voucher-sent`,
        ],
        ['search (a family name)', '?q=gurung'],
      ] as const) {
        const { ms, rows } = await timePage(`${server.url}/admin/applications${query}`, cookie);
        pages.push({ page: label, ms, rows });
      }

      const today = await timePage(`${server.url}/admin`, cookie);

      const pid = pidListeningOn(port);
      const rssBeforeMb = rssMb(pid);
      const watch = watchPeak(pid, 50);
      const started = performance.now();
      const res = await fetch(`${server.url}/api/admin/applications/export.csv?layout=neb`, { headers: { cookie } });
      let bytes = 0;
      let lines = 0;
      for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
        bytes += chunk.length;
        for (const byte of chunk) if (byte === 10) lines++;
      }
      const ms = Math.round(performance.now() - started);
      const rssPeakMb = watch.stop();
      return {
        applications: COUNT,
        fillSeconds,
        runs: RUNS,
        pages,
        todayMs: today.ms,
        csv: { status: res.status, lines, kb: Math.round(bytes / 1024), ms, rssBeforeMb, rssPeakMb },
      };
    } finally {
      await server.stop();
    }
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

export function printApplicationsOffice(r: OfficeReport, listPageMs: number, maxRssMb: number): void {
  const n = r.applications.toLocaleString('en');
  console.log(`\nGET /admin/applications with ${n} applications, median of ${r.runs}, loopback`);
  console.table(
    r.pages.map((p) => ({
      page: p.page,
      'median ms': p.ms,
      'rows shown': p.rows,
      target: `< ${listPageMs}`,
      '': p.ms < listPageMs ? 'met' : 'MISSED',
    })),
  );
  console.log(`\nGET /admin (Today) with ${n} applications and ${TODAY_MESSAGES.toLocaleString('en')} messages`);
  console.table([
    {
      'median ms': r.todayMs,
      target: `< ${TODAY_TARGET_MS}`,
      '': r.todayMs < TODAY_TARGET_MS ? 'met' : 'MISSED',
    },
  ]);
  console.log(`\nCSV export (NEB layout) of ${n} applications`);
  const c = r.csv;
  console.table([
    {
      status: c.status,
      'lines (with the header)': c.lines,
      KB: c.kb,
      ms: c.ms,
      'server RSS before (MB)': c.rssBeforeMb,
      'server RSS peak (MB)': c.rssPeakMb,
      target: `< ${maxRssMb} MB`,
      '': c.rssPeakMb < maxRssMb ? 'met' : 'MISSED',
    },
  ]);
}
