// The admin's search at scale: 10,000 notices, 5,000 inquiries and 5,000 applications, then 20 searches
// in Latin script and 20 in Devanagari (whole words, starts of words, a symbol number), each through
// GET /api/admin/search as an owner (every kind searched) on the real app in this process (no network).
// SQLite always; PostgreSQL too when DATABASE_URL is set (`source .ci/services.sh` first). Target: p99 < 50 ms.
//   npm run bench -- search
import { randomUUID } from 'node:crypto';
import os from 'node:os';
import { performance } from 'node:perf_hooks';
import { sql } from 'kysely';
import { isPostgres } from '#server/db/db.ts';
import { createLocalStorage } from '#server/storage/local-storage.ts';
import { type AdminTestApp, createAdminTestApp } from '#server/test-support/admin-session.ts';
import { seedApplications } from '#server/test-support/applications.ts';

const NOTICES = 10_000;
const INQUIRIES = 5_000;
const APPLICATIONS = 5_000;
const TARGET_P99_MS = 50;

const LATIN = [
  'admission',
  'scholarship',
  'examination',
  'result',
  'holiday',
  'science',
  'management',
  'routine',
  'practical',
  'library',
  'hostel',
  'sports',
  'fee',
  'form',
  'grade',
  'meeting',
  'parents',
  'notice',
  'trip',
  'Chitwan',
];
const DEVANAGARI = [
  'भर्ना',
  'छात्रवृत्ति',
  'परीक्षा',
  'नतिजा',
  'बिदा',
  'विज्ञान',
  'व्यवस्थापन',
  'तालिका',
  'प्रयोगात्मक',
  'पुस्तकालय',
  'छात्रावास',
  'खेलकुद',
  'शुल्क',
  'फाराम',
  'कक्षा',
  'बैठक',
  'अभिभावक',
  'सूचना',
  'भ्रमण',
  'चितवन',
];

const pick = <T>(list: readonly T[], i: number): T => list[i % list.length]!;
const sentence = (words: readonly string[], i: number, n: number) =>
  Array.from({ length: n }, (_, k) => pick(words, i * 7 + k * 13 + ((k * k) % 5))).join(' ');

async function seed(t: AdminTestApp): Promise<string> {
  const now = Date.parse('2026-11-01T04:00:00Z');
  for (let start = 0; start < NOTICES; start += 500) {
    const rows = Array.from({ length: 500 }, (_, k) => {
      const i = start + k;
      const nepali = i % 2 === 1;
      const words = nepali ? DEVANAGARI : LATIN;
      const at = new Date(now - i * 3_600_000).toISOString();
      return {
        id: randomUUID(),
        title: sentence(words, i, 4),
        description: `${sentence(words, i + 1, 40)}. ${sentence(words, i + 3, 30)}.`,
        link: null,
        created_at: at,
        category: 'general',
        reference_no: i % 10 === 0 ? `OC/${2083 - (i % 3)}/${i}` : null,
        publish_at: at,
        pinned_until: null,
        language: nepali ? 'ne' : 'en',
        updated_at: at,
      };
    });
    await t.db.insertInto('notices').values(rows).execute();
  }
  for (let start = 0; start < INQUIRIES; start += 500) {
    const rows = Array.from({ length: 500 }, (_, k) => {
      const i = start + k;
      const words = i % 3 === 0 ? DEVANAGARI : LATIN;
      return {
        id: randomUUID(),
        first_name: pick(['Sita', 'Ram', 'Gita', 'Hari', 'Anita'], i),
        last_name: pick(['Sharma', 'Thapa', 'Gurung', 'Khadka', 'Poudel', 'Rai'], i),
        phone: `98${String(10_000_000 + i).padStart(8, '0')}`,
        email: `parent${i}@example.com`,
        subject: sentence(words, i, 3),
        message: sentence(words, i + 2, 50),
        state: pick(['new', 'answered', 'closed'] as const, i),
        created_at: new Date(now - i * 600_000).toISOString(),
      };
    });
    await t.db.insertInto('inquiries').values(rows).execute();
  }
  const fixture = await seedApplications(t.db, createLocalStorage(t.uploadsDir), { count: APPLICATIONS, withFiles: 0 });
  const row = await t.db
    .selectFrom('applications')
    .select('symbol_number')
    .where('id', '=', fixture.applications[APPLICATIONS / 2]!.id)
    .executeTakeFirstOrThrow();
  // What autovacuum does on its own a minute after such a load: the planner's statistics, here the ones
  // of the search indexes' expressions. Without them PostgreSQL guesses, and may read whole tables.
  if (isPostgres(t.db)) await sql`analyze`.execute(t.db);
  return row.symbol_number;
}

interface Figures {
  engine: string;
  script: 'Latin' | 'Devanagari';
  searches: number;
  medianMs: number;
  p99Ms: number;
  maxHits: number;
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil(p * sorted.length) - 1)]!;

async function timed(t: AdminTestApp, queries: string[]): Promise<{ ms: number[]; maxHits: number }> {
  const ms: number[] = [];
  let maxHits = 0;
  for (const q of queries) {
    const started = performance.now();
    const res = await t.asAdmin({ method: 'GET', url: `/api/admin/search?q=${encodeURIComponent(q)}` });
    ms.push(performance.now() - started);
    if (res.statusCode !== 200) throw new Error(`search ${q}: ${res.statusCode} ${res.body}`);
    const hits = res.json<{ groups: { hits: unknown[] }[] }>().groups.reduce((n, g) => n + g.hits.length, 0);
    maxHits = Math.max(maxHits, hits);
  }
  return { ms, maxHits };
}

async function measure(engine: string): Promise<Figures[]> {
  const t = await createAdminTestApp();
  try {
    const started = performance.now();
    const symbolNumber = await seed(t);
    console.log(
      `${engine}: seeded ${NOTICES} notices, ${INQUIRIES} inquiries, ${APPLICATIONS} applications in ${((performance.now() - started) / 1000).toFixed(1)} s`,
    );
    const latin = [
      ...LATIN.slice(0, 12),
      'schol',
      'exam',
      'adm',
      'sharma',
      'sita thapa',
      'science routine',
      symbolNumber,
      'parent42',
    ];
    const devanagari = [
      ...DEVANAGARI.slice(0, 12),
      'छात्र',
      'परी',
      'भर',
      'शर्मा',
      'सीता थापा',
      'विज्ञान तालिका',
      'कक्षा सूचना',
      'पुस्तका',
    ];
    await timed(t, ['admission', 'भर्ना', 'sharma']); // warm-up: statements prepared, pages cached
    const figures: Figures[] = [];
    for (const [script, queries] of [
      ['Latin', latin],
      ['Devanagari', devanagari],
    ] as const) {
      const { ms, maxHits } = await timed(t, queries);
      const sorted = [...ms].sort((a, b) => a - b);
      figures.push({
        engine,
        script,
        searches: ms.length,
        medianMs: percentile(sorted, 0.5),
        p99Ms: percentile(sorted, 0.99),
        maxHits,
      });
    }
    return figures;
  } finally {
    await t.close();
  }
}

export type SearchReport = Figures[];

export async function runSearch(): Promise<SearchReport> {
  const postgres = process.env.DATABASE_URL;
  delete process.env.DATABASE_URL;
  const figures = await measure('SQLite (FTS5)');
  if (postgres) {
    process.env.DATABASE_URL = postgres;
    figures.push(...(await measure('PostgreSQL (tsvector, GIN)')));
  } else {
    console.log('PostgreSQL skipped: set DATABASE_URL=postgres://… (for example after `source .ci/services.sh`).');
  }
  return figures;
}

export function printSearch(report: SearchReport): void {
  // Other work on the machine moves these figures more than anything measured here: say how busy it was.
  console.log(`\nLoad average (1 min) at the end: ${(os.loadavg()[0] ?? 0).toFixed(1)} on ${os.cpus().length} cores`);
  console.log(
    `\nAdmin search, ${NOTICES} notices + ${INQUIRIES} inquiries + ${APPLICATIONS} applications, as an owner (target p99 < ${TARGET_P99_MS} ms)`,
  );
  console.table(
    report.map((f) => ({
      engine: f.engine,
      script: f.script,
      searches: f.searches,
      'median ms': f.medianMs.toFixed(1),
      'p99 ms': f.p99Ms.toFixed(1),
      'most hits': f.maxHits,
      target: f.p99Ms < TARGET_P99_MS ? 'met' : 'MISSED',
    })),
  );
}
