import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COMMAND_LINE_ACTOR } from '#server/auth/actor.ts';
import { type AdminTestApp, createAdminTestApp, listFiles } from '#server/test-support/admin-session.ts';
import { type ApplicationFixture, seedApplications } from '#server/test-support/applications.ts';
import { ManualClock, SESSIONS_OUTLAST_CLOCK } from '#server/test-support/manual-clock.ts';
import { createLocalStorage } from '#server/storage/local-storage.ts';
import { purgeAfter } from './application-office.service.ts';

// The 2084/85 season's admission deadline is 30 Shrawan 2084 (15 Aug 2027); documents are kept 180 days after it.
const clock = new ManualClock('2027-07-20T06:00:00Z');
let t: AdminTestApp;
let f: ApplicationFixture;
let seedMs = 0;

beforeAll(async () => {
  t = await createAdminTestApp(SESSIONS_OUTLAST_CLOCK, (s) => s, clock);
  const started = performance.now();
  f = await seedApplications(t.db, createLocalStorage(t.uploadsDir), {
    count: 5000,
    withFiles: 10,
    override: (i) => (i === 0 ? { row: { name_en: '-2+3 MALLA', name_ne: 'मल्ल' } } : undefined),
  });
  seedMs = performance.now() - started;
}, 120_000);
afterAll(() => t.close());

const office = () => t.app.services.applicationOffice;
const documentFiles = async (id: string) => (await listFiles(t.uploadsDir)).filter((k) => k.includes(id));

describe('5,000 applications', () => {
  // The times are printed, never asserted: a test shares the cores with others, and performance is the bench's.
  it('list 50 a page, filter and search, over all 5,000 (times printed)', async () => {
    console.info(`fixture: 5,000 applications in ${Math.round(seedMs)} ms`);
    const timed = async (filters: object) => {
      const started = performance.now();
      const page = await office().list(COMMAND_LINE_ACTOR, { season: f.seasonId, ...filters });
      return { page, ms: performance.now() - started };
    };
    await timed({});
    const first = await timed({});
    const filtered = await timed({ state: 'submitted', programme: f.science, payment: 'voucher-sent' });
    const searched = await timed({ q: 'gurung' });
    expect(first.page.total).toBe(5000);
    expect(first.page.items).toHaveLength(50);
    expect(first.page.pageCount).toBe(100);
    expect(filtered.page.items.every((i) => i.state === 'submitted' && i.payment === 'voucher-sent')).toBe(true);
    expect(searched.page.total).toBeGreaterThan(0);
    console.info(
      `list at 5,000: first page ${first.ms.toFixed(1)} ms, filtered ${filtered.ms.toFixed(1)} ms, search ${searched.ms.toFixed(1)} ms`,
    );
  });

  it('export as a stream of many chunks, every row once, without holding them all', async () => {
    const { chunks } = await office().exportCsv(COMMAND_LINE_ACTOR, { season: f.seasonId }, 'neb');
    let count = 0;
    let lines = 0;
    let largest = 0;
    let text = '';
    for await (const chunk of chunks) {
      count++;
      lines += chunk.split('\r\n').length - 1;
      largest = Math.max(largest, chunk.length);
      if (count <= 2) text += chunk;
    }
    expect(count).toBeGreaterThanOrEqual(25);
    expect(lines).toBe(5001);
    expect(largest).toBeLessThan(200_000);
    expect(text.startsWith('\uFEFFName (English),')).toBe(true);
    expect(text).toContain("'-2+3 MALLA,मल्ल");
    const [entry] = await t.db
      .selectFrom('audit_log')
      .select('subject')
      .where('kind', '=', 'applications-exported')
      .execute();
    expect(entry?.subject).toBe('5000 applications (neb layout)');
  });
});

describe("the deletion of closed applications' documents", () => {
  const rejected = () => f.applications.slice(0, 10).find((a) => a.state === 'rejected')!;
  const submitted = () => f.applications[0]!;

  it('keeps them until the admission deadline plus the days kept has passed', async () => {
    const after = purgeAfter('2084-04-30', 180);
    // 30 Shrawan 2084 is 15 Aug 2027; its day ends at midnight in Nepal, and 180 days follow.
    expect(after.toISOString()).toBe('2028-02-11T18:15:00.000Z');
    expect(await documentFiles(rejected().id)).toHaveLength(4);
    const early = await office().purgeDocuments(new Date(after.getTime() - 1), 180);
    expect(early).toEqual({ applications: 0, files: 0, failed: 0 });
    expect(await documentFiles(rejected().id)).toHaveLength(4);
  });

  it('then deletes the rows and the files, keeps the application, writes its history and one audit entry', async () => {
    clock.set(purgeAfter('2084-04-30', 180));
    const done = await office().purgeDocuments();
    // Every rejected and withdrawn application of the season, only one of which (index 9) had files.
    const closed = f.applications.filter((a) => a.state === 'rejected' || a.state === 'withdrawn').length;
    expect(done).toEqual({ applications: closed, files: 4, failed: 0 });
    expect(await documentFiles(rejected().id)).toEqual([]);
    expect(await documentFiles(submitted().id)).toHaveLength(4);
    const row = await t.db
      .selectFrom('applications')
      .selectAll()
      .where('id', '=', rejected().id)
      .executeTakeFirstOrThrow();
    expect(row.documents_purged_at).toBe(clock.now().toISOString());
    expect(
      await t.db.selectFrom('application_documents').where('application_id', '=', rejected().id).selectAll().execute(),
    ).toEqual([]);
    const history = await t.db
      .selectFrom('application_events')
      .selectAll()
      .where('application_id', '=', rejected().id)
      .where('kind', '=', 'purged')
      .execute();
    expect(history).toMatchObject([{ actor_name: 'system (application documents)', text: '3 documents deleted' }]);
    const entries = await t.db
      .selectFrom('audit_log')
      .selectAll()
      .where('kind', '=', 'application-documents-deleted')
      .execute();
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ actor_name: 'system (application documents)' });
    expect(entries[0]!.subject).toBe(`Documents of ${closed} rejected or withdrawn applications`);

    const again = await office().purgeDocuments();
    expect(again.applications).toBe(0);
  });
});
