import fs from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { AlbumWithPhotos } from '#common/gallery.ts';
import type { Notice } from '#common/notices/notice.ts';
import { noticePath } from '#common/notices/notice-path.ts';
import { nextNoticeChange } from '#server/modules/notices/index.ts';
import { listFiles } from '#server/test-support/admin-session.ts';
import { buildImage } from '#server/test-support/factories.ts';
import { type TestApp, createTestApp } from '#server/test-support/test-app.ts';
import { WORDPRESS_FIXTURE } from '#server/test-support/wordpress-fixture.ts';
import { isOwnAddress, looksLikeWordPress, oldAddressKey } from './old-addresses.ts';
import { type WordPressImportReport, runWordPressImport } from './wordpress-import.ts';
import { type WordPressPlan, planWordPressImport } from './wordpress-plan.ts';
import { describePlan } from './wordpress-report.ts';

// Every PDF is opened and drawn, every image made into its sizes: slow on a busy machine.
vi.setConfig({ testTimeout: 240_000, hookTimeout: 240_000 });

/** A real WordPress's export and uploads (tests/fixtures/wordpress/README.md says how they were made). */
const FIXTURE = WORDPRESS_FIXTURE;
const EXPORT = path.join(FIXTURE, 'export.xml');
const UPLOADS = path.join(FIXTURE, 'uploads');

const t = await createTestApp();
afterAll(() => t.close());

const deps = (app: TestApp = t) => ({
  db: app.db,
  clock: app.services.clock,
  notices: app.services.notices,
  attachments: app.services.attachments,
  albums: app.services.albums,
  images: app.services.images,
});
const plan = () => planWordPressImport(t.db, EXPORT, { uploads: UPLOADS });

/** What an import can write: rows of every table it touches, and the stored files. */
async function written(app: TestApp = t) {
  const count = async (
    table:
      'notices' | 'notice_attachments' | 'imported_items' | 'old_addresses' | 'audit_log' | 'gallery_albums' | 'images',
  ) =>
    Number(
      (
        await app.db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  return {
    notices: await count('notices'),
    attachments: await count('notice_attachments'),
    imported: await count('imported_items'),
    oldAddresses: await count('old_addresses'),
    audit: await count('audit_log'),
    albums: await count('gallery_albums'),
    photos: await count('images'),
    files: await listFiles(path.join(app.dataDir, 'uploads')),
  };
}

let firstPlan: WordPressPlan;
let report: WordPressImportReport;
beforeAll(async () => {
  firstPlan = await plan();
  report = await runWordPressImport(deps(), firstPlan);
});

const getNotice = async (id: string) =>
  (await t.app.inject({ method: 'GET', url: `/api/notices/${id}` })).json<Notice>();

describe('WordPress import', () => {
  it('plans without writing anything (the dry run)', async () => {
    const fresh = await createTestApp();
    try {
      const empty = await written(fresh);
      const planned = await planWordPressImport(fresh.db, EXPORT, { uploads: UPLOADS });
      expect(planned.notices.length).toBeGreaterThan(0);
      expect(planned.albums.length).toBeGreaterThan(0);
      expect(await written(fresh)).toEqual(empty);
    } finally {
      await fresh.close();
    }
  });

  it('plans what the fixture holds: 14 posts to notices, the rest counted or named', () => {
    expect(firstPlan.notices).toHaveLength(14);
    expect(firstPlan.skippedPosts).toEqual({ draft: 1, private: 1, trash: 1, 'page draft': 1 });
    // About Us and Contact name pages of this site; Hostel Rules names none.
    expect(firstPlan.notImported.map((n) => n.title)).toEqual(['Hostel Rules']);
    expect(firstPlan.pages.map((p) => [p.title, p.becomes, p.target, p.oldPaths])).toEqual([
      ['About Us', 'about', '/#about', ['/about-us', '?page_id=5']],
      // Its permalink /contact/ is this site's own contact page already.
      ['Contact', 'contact', '/contact', ['?page_id=8']],
    ]);
    expect(firstPlan.otherTypes).toEqual({ nav_menu_item: 7 });
    const files = firstPlan.notices.flatMap((n) => n.files);
    expect(files.filter((f) => f.problem).map((f) => [f.name, f.problem])).toEqual([
      ['2025/11/scholarship-form-2082.docx', 'notices carry PDFs and images only'],
    ]);
    // Only the post typed in Preeti needed changing, and only as a note for the converter.
    expect(firstPlan.notices.filter((n) => n.notice.notes.length > 0).map((n) => n.title)).toEqual([
      'sIff !! egf{ ;"rgf',
    ]);
    // The logo, the private post's PDF, and the image of the About Us page (the Photo Gallery's are an album's).
    expect(firstPlan.unusedAttachments).toBe(3);
  });

  it('makes each published post a notice, with its title and date', async () => {
    expect(report.failed).toEqual([]);
    expect(report.created).toHaveLength(firstPlan.notices.length);
    for (const [i, created] of report.created.entries()) {
      const notice = await getNotice(created.noticeId);
      const planned = firstPlan.notices[i]!;
      expect(notice.title).toBe(String(planned.notice.input.title).trim());
      expect(notice.publishAt.slice(0, 16)).toBe(
        new Date(`${planned.notice.input.publishAt}+05:45`).toISOString().slice(0, 16),
      );
    }
  });

  it('keeps nothing of the posts that could run: no tags, scripts or inline handlers; Nepali text kept', async () => {
    const notices = await Promise.all(report.created.map((c) => getNotice(c.noticeId)));
    for (const notice of notices) {
      expect(notice.description, notice.title).not.toMatch(
        /<[a-z!/]|script|onclick|window\.print|\[gallery|\[caption/iu,
      );
    }
    const nepali = notices.find((n) => n.title === 'सरस्वती पूजा कार्यक्रम');
    expect(nepali?.language).toBe('ne');
    expect(nepali?.description).toMatch(/[\u0900-\u097f]{3}/u);
  });

  it('pins the sticky post for good, without disturbing when pages next change by themselves', async () => {
    const sticky = firstPlan.notices.filter((n) => n.notice.input.pinnedUntil);
    expect(sticky.length).toBeGreaterThan(0);
    const pinned = (await t.services.notices.list()).filter((n) => n.pinned);
    expect(pinned.map((n) => n.title).sort()).toEqual(sticky.map((n) => String(n.notice.input.title)).sort());
    expect(await nextNoticeChange(t.db, new Date())).toMatch(/^\d{4}-\d{2}-\d{2}T/u);
  });

  it("attaches each post's files, a PDF byte for byte as it was uploaded to WordPress", async () => {
    let pdfs = 0;
    for (const [i, created] of report.created.entries()) {
      const planned = firstPlan.notices[i]!;
      const carried = planned.files.filter((f) => f.file && !report.fileProblems.some((p) => p.name === f.name));
      const notice = await getNotice(created.noticeId);
      expect(notice.attachments).toHaveLength(carried.length);
      for (const [j, attachment] of notice.attachments.entries()) {
        const original = await fs.readFile(carried[j]!.file!);
        expect(attachment.bytes).toBe(original.length);
        if (attachment.kind !== 'pdf') continue;
        const served = await t.app.inject({ method: 'GET', url: attachment.url });
        expect(served.statusCode).toBe(200);
        expect(Buffer.compare(served.rawPayload, original)).toBe(0);
        pdfs += 1;
      }
    }
    expect(pdfs).toBeGreaterThan(0);
  });

  it('adds nothing when the same export is imported again', async () => {
    const after = await written();
    const again = await plan();
    expect(again.notices.every((n) => n.importedAs !== null)).toBe(true);
    expect(again.albums.every((a) => a.importedAs !== null)).toBe(true);
    const second = await runWordPressImport(deps(), again);
    expect(second.created).toEqual([]);
    expect(second.alreadyImported).toBe(report.created.length);
    expect(second.albums.created).toEqual([]);
    expect(second.albums.alreadyImported).toBe(3);
    expect(again.pages.every((p) => p.importedAs !== null)).toBe(true);
    expect(second.pages).toEqual({ created: [], alreadyImported: 2 });
    expect(await written()).toEqual(after);
  });

  /** The addresses the WordPress site served, crawled from it: URL, kind, WordPress ID (old-urls.txt). */
  async function oldUrls() {
    const text = await fs.readFile(path.join(FIXTURE, 'old-urls.txt'), 'utf8');
    return text
      .split('\n')
      .filter((line) => line !== '' && !line.startsWith('#'))
      .map((line) => {
        const [url, kind, id] = line.split('\t');
        const parsed = new URL(url!);
        // Sent as a browser sends it: characters outside ASCII percent-encoded.
        return { line, kind: kind!, id: Number(id), path: encodeURI(decodeURI(parsed.pathname)) + parsed.search };
      });
  }

  it("answers each old address of a post, and of its files, with a 301 to the notice's page, which answers", async () => {
    const noticeOf = new Map<number, string>();
    for (const [i, created] of report.created.entries()) {
      const planned = firstPlan.notices[i]!;
      noticeOf.set(planned.oldId, created.noticeId);
      for (const f of planned.files) if (!noticeOf.has(f.oldId)) noticeOf.set(f.oldId, created.noticeId);
    }
    const urls = (await oldUrls()).filter(
      (u) => noticeOf.has(u.id) && !u.kind.startsWith('page') && !u.kind.startsWith('category'),
    );
    expect(urls.filter((u) => u.kind === 'post')).toHaveLength(14);
    expect(urls.filter((u) => u.kind === 'post-id')).toHaveLength(14);
    // Each file a post carries (the Word file too: its addresses lead to its notice), with its smaller sizes; the
    // 2082 prospectus, which the 2083 admission notice links to as well, leads to the notice it was uploaded to.
    expect(urls.filter((u) => u.kind === 'upload')).toHaveLength(19);
    expect(urls.filter((u) => u.kind === 'attachment-page')).toHaveLength(19);
    for (const u of urls) {
      const res = await t.app.inject({ method: 'GET', url: u.path });
      expect(res.statusCode, u.line).toBe(301);
      const notice = await getNotice(noticeOf.get(u.id)!);
      expect(res.headers.location, u.line).toBe(noticePath(notice));
      expect((await t.app.inject({ method: 'GET', url: `/api/notices/${notice.id}` })).statusCode).toBe(200);
    }
  });

  it('sends the old addresses of what was not imported to the notices list with a 302, when they are WordPress-shaped', async () => {
    const imported = new Set([
      ...firstPlan.notices.flatMap((n) => [n.oldId, ...n.files.map((f) => f.oldId)]),
      ...firstPlan.albums.flatMap((a) => [a.oldId, ...a.photos.map((p) => p.oldId)]),
      ...firstPlan.pages.map((p) => p.oldId),
    ]);
    const rest = (await oldUrls()).filter(
      (u) => (u.kind.startsWith('category') || !imported.has(u.id)) && looksLikeWordPress(u.path),
    );
    expect(rest.length).toBeGreaterThan(0);
    for (const u of rest) {
      const res = await t.app.inject({ method: 'GET', url: u.path });
      expect(res.statusCode, u.line).toBe(302);
      // The old site's feed lands on this site's feed, everything else on the notices list.
      expect(res.headers.location, u.line).toBe(u.kind === 'feed' ? '/rss.xml' : '/notices');
    }
    // Its archives by year and by author, and its feed, are among them.
    expect(rest.map((u) => u.kind)).toEqual(expect.arrayContaining(['year-archive', 'author', 'feed', 'tag']));
  });

  it("answers the old addresses of a page that names one of the site's pages with a 301 there", async () => {
    expect(report.pages.created.map((p) => p.title)).toEqual(['About Us', 'Contact']);
    const targets = new Map(firstPlan.pages.map((p) => [p.oldId, p.target]));
    const urls = (await oldUrls()).filter((u) => targets.has(u.id) && u.kind.startsWith('page'));
    expect(urls.map((u) => u.kind).sort()).toEqual(['page', 'page', 'page-id', 'page-id']);
    for (const u of urls) {
      const res = await t.app.inject({ method: 'GET', url: u.path });
      if (isOwnAddress(oldAddressKey(u.path)!)) {
        // The old /contact/ is this site's contact page itself: left to the page router, never redirected.
        expect(res.statusCode, u.line).not.toBe(301);
        expect(res.headers.location, u.line).toBeUndefined();
        continue;
      }
      expect(res.statusCode, u.line).toBe(301);
      expect(res.headers.location, u.line).toBe(targets.get(u.id));
    }
    const lines = describePlan(firstPlan).join('\n');
    expect(lines).toContain('"About Us" → /#about (the about section of the home page)');
    expect(lines).toContain('page "Hostel Rules": no page of this site has its name');
  });

  it('sends an unknown address of WordPress shape to the notices list with a 302', async () => {
    for (const url of ['/?p=999999', '/1999/01/never-posted/', '/wp-content/uploads/1999/01/none.pdf']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(302);
      expect(res.headers.location).toBe('/notices');
    }
  });

  describe('galleries become albums', () => {
    /** What the fixture's galleries hold: the Gallery block, the [gallery] shortcode and the page of photos. */
    const EXPECTED = [
      {
        title: 'Annual sports week 2025',
        slug: 'annual-sports-week-2025',
        alts: ['Opening march', 'Football final', 'Relay race', 'Prize distribution'].map(
          (c) => `${c} at the sports week`,
        ),
        captions: ['Opening march', 'Football final', 'Relay race', 'Prize distribution'],
      },
      {
        title: 'Educational tour to Pokhara',
        slug: 'educational-tour-to-pokhara',
        alts: ['Phewa Lake', 'Sarangkot at sunrise', 'The group at the museum'],
        captions: ['Phewa Lake', 'Sarangkot at sunrise', 'The group at the museum'],
      },
      {
        title: 'Photo Gallery',
        slug: 'photo-gallery',
        alts: ['The library', 'The science lab', 'The computer lab'],
        captionsNe: ['पुस्तकालय', 'विज्ञान प्रयोगशाला', 'कम्प्युटर कक्ष'],
      },
    ];

    it('plans 3 albums with 10 photos, with their captions and alt texts, and says so in the dry run', () => {
      expect(firstPlan.albums.map((a) => [a.title, a.input.slug, a.photos.length])).toEqual(
        EXPECTED.map((e) => [e.title, e.slug, e.alts.length]),
      );
      expect(firstPlan.albums.flatMap((a) => a.photos.filter((p) => p.problem))).toEqual([]);
      expect(describePlan(firstPlan)).toContain(
        'Galleries → albums: 3 albums with 10 photos to import, 0 already imported',
      );
    });

    it('makes each album, its photos in order with their captions and alt texts, processed as an upload is', async () => {
      expect(report.albums.failed).toEqual([]);
      expect(report.albums.photoProblems).toEqual([]);
      expect(report.albums.created.map((a) => [a.title, a.slug, a.photos])).toEqual(
        EXPECTED.map((e) => [e.title, e.slug, e.alts.length]),
      );
      // Queued for the photo process like an upload: nothing is shown before its sizes are made.
      expect((await albumApi('photo-gallery')).photos).toEqual([]);
      expect(await t.services.photoQueue.drain()).toBe(10);
      for (const e of EXPECTED) {
        const { album, photos } = await albumApi(e.slug);
        expect(album).toMatchObject({ titleEn: e.title, published: true, photoCount: e.alts.length });
        expect(photos.map((p) => p.alt.en)).toEqual(e.alts);
        if (e.captions) expect(photos.map((p) => p.caption.en)).toEqual(e.captions);
        if (e.captionsNe) expect(photos.map((p) => p.caption.ne)).toEqual(e.captionsNe);
        for (const photo of photos) {
          expect(photo.src).not.toMatch(/original/u);
          expect((await t.app.inject({ method: 'GET', url: photo.src })).statusCode).toBe(200);
        }
      }
      const { album } = await albumApi('photo-gallery');
      expect(album).toMatchObject({
        descriptionEn: 'Our campus in pictures.',
        heldOn: expect.stringMatching(/^20\d\d-/u),
      });
    });

    it('makes no album of a gallery none of whose photos can be taken (no uploads given), so a later import brings it whole', async () => {
      const fresh = await createTestApp();
      try {
        const before = await written(fresh);
        const planned = await planWordPressImport(fresh.db, EXPORT, {});
        expect(planned.albums.flatMap((a) => a.photos.map((p) => p.problem))).toEqual(
          Array(10).fill('no uploads were given (--uploads, or the uploads archive in the admin)'),
        );
        const done = await runWordPressImport(deps(fresh), planned);
        expect(done.albums.created).toEqual([]);
        expect(done.albums.failed.map((f) => f.reason)).toEqual(Array(3).fill('none of its photos could be taken'));
        expect(done.albums.photoProblems).toHaveLength(10);
        const after = await written(fresh);
        expect([after.albums, after.photos]).toEqual([before.albums, before.photos]);
        expect(
          (await planWordPressImport(fresh.db, EXPORT, { uploads: UPLOADS })).albums.map((a) => a.importedAs),
        ).toEqual([null, null, null]);
      } finally {
        await fresh.close();
      }
    });

    it('queues every photo of its galleries even past PHOTO_QUEUE_MAX, which is for uploads from many at once', async () => {
      const small = await createTestApp({ PHOTO_QUEUE_MAX: '2' });
      try {
        const done = await runWordPressImport(
          deps(small),
          await planWordPressImport(small.db, EXPORT, { uploads: UPLOADS }),
        );
        expect(done.albums.photoProblems).toEqual([]);
        expect(done.albums.created.map((a) => a.photos)).toEqual(EXPECTED.map((e) => e.alts.length));
        // The office's own upload still meets the limit while the queue is over it.
        await expect(
          small.services.images.enqueue(
            { kind: 'system', job: 'test' },
            done.albums.created[0]!.albumId,
            await buildImage({ width: 40, height: 30 }),
          ),
        ).rejects.toMatchObject({ code: 'image/queue-full' });
        expect(await small.services.photoQueue.drain()).toBe(10);
      } finally {
        await small.close();
      }
    });

    it('takes up the album an import stopped inside: never a second album, each photo once, in order', async () => {
      const fresh = await createTestApp();
      try {
        // The process dies after queueing the first gallery's second photo (as kill -9 would: nothing after it).
        const dying = { ...fresh.services.images };
        let calls = 0;
        dying.enqueue = async (...args) => {
          const queued = await fresh.services.images.enqueue(...args);
          if ((calls += 1) === 2) throw new Error('killed');
          return queued;
        };
        const planned = await planWordPressImport(fresh.db, EXPORT, { uploads: UPLOADS });
        await expect(runWordPressImport({ ...deps(fresh), images: dying }, planned)).rejects.toThrow('killed');
        const stopped = await written(fresh);
        expect([stopped.albums, stopped.photos]).toEqual([1, 2]);
        // The stopped gallery is not 'already imported': the next run takes it up.
        const again = await planWordPressImport(fresh.db, EXPORT, { uploads: UPLOADS });
        expect(again.albums.map((a) => a.importedAs)).toEqual([null, null, null]);
        const done = await runWordPressImport(deps(fresh), again);
        expect(done.albums.created.map((a) => [a.slug, a.photos])).toEqual(
          EXPECTED.map((e) => [e.slug, e.alts.length]),
        );
        const after = await written(fresh);
        expect([after.albums, after.photos]).toEqual([3, 10]);
        expect(await fresh.services.photoQueue.drain()).toBe(10);
        const sports = (
          await fresh.app.inject({ method: 'GET', url: `/api/albums/${EXPECTED[0]!.slug}` })
        ).json<AlbumWithPhotos>();
        expect(sports.photos.map((p) => p.alt.en)).toEqual(EXPECTED[0]!.alts);
        // And a third run adds nothing.
        const third = await runWordPressImport(
          deps(fresh),
          await planWordPressImport(fresh.db, EXPORT, { uploads: UPLOADS }),
        );
        expect(third.albums).toMatchObject({ created: [], alreadyImported: 3 });
        const last = await written(fresh);
        expect([last.albums, last.photos, last.imported]).toEqual([after.albums, after.photos, after.imported]);
      } finally {
        await fresh.close();
      }
    });

    it("answers the gallery page's old addresses, and its photos', with a 301 to the album", async () => {
      const gallery = (await oldUrls()).filter((u) => u.id === 12 || [13, 14, 15].includes(u.id));
      expect(gallery.map((u) => u.kind)).toEqual(expect.arrayContaining(['page', 'upload', 'attachment-page']));
      for (const u of gallery) {
        const res = await t.app.inject({ method: 'GET', url: u.path });
        expect(res.statusCode, u.line).toBe(301);
        expect(res.headers.location, u.line).toBe('/gallery/photo-gallery');
      }
      for (const url of ['/photo-gallery/', '/?page_id=12']) {
        const res = await t.app.inject({ method: 'GET', url });
        expect(res.statusCode, url).toBe(301);
        expect(res.headers.location, url).toBe('/gallery/photo-gallery');
      }
    });
  });
});

const albumApi = async (slug: string) =>
  (await t.app.inject({ method: 'GET', url: `/api/albums/${slug}` })).json<AlbumWithPhotos>();
