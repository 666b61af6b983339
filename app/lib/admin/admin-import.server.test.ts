import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { ActionFunctionArgs, LoaderFunctionArgs } from 'react-router';
import * as tar from 'tar';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { IMPORT_ERRORS, IMPORT_LIMITS } from '#common/import.ts';
// The test starts the real app for the writes' load context; the pages themselves reach it only through that context.
// eslint-disable-next-line @typescript-eslint/no-restricted-imports
import { type AdminTestApp, createAdminTestApp } from '#server/test-support/admin-session.ts';
// eslint-disable-next-line @typescript-eslint/no-restricted-imports
import { pageContext, testStaffActor } from '#server/test-support/page-context.ts';
// eslint-disable-next-line @typescript-eslint/no-restricted-imports
import { WORDPRESS_FIXTURE } from '#server/test-support/wordpress-fixture.ts';
// eslint-disable-next-line @typescript-eslint/no-restricted-imports
import { zipEntriesOf, zipOf } from '#server/test-support/zip-writer.ts';
import { loader } from '../../routes/admin/import.tsx';
import { adminAction } from './admin-action.server.ts';
import { IMPORT_WRITES } from './admin-import-writes.server.ts';

// Every PDF of the fixture is opened and drawn, every image made into its sizes: slow on a busy machine.
vi.setConfig({ testTimeout: 240_000, hookTimeout: 240_000 });

// The import page's writes against the real app and a real database, with a real WordPress's export and
// uploads (tests/fixtures/wordpress/README.md says how they were made), posted as the page's form posts them.
const FIXTURE = WORDPRESS_FIXTURE;
const EXPORT = await fs.readFile(path.join(FIXTURE, 'export.xml'));

let t: AdminTestApp;
let archive: Buffer;
beforeAll(async () => {
  t = await createAdminTestApp();
  // The uploads folder as an owner would archive it: `uploads/2024/11/…`, gzipped.
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'orbit-import-archive-'));
  const file = path.join(dir, 'uploads.tar.gz');
  await tar.c({ gzip: true, cwd: FIXTURE, file, portable: true }, ['uploads']);
  archive = await fs.readFile(file);
  await fs.rm(dir, { recursive: true });
});
afterAll(() => t?.close());

const owner = testStaffActor('owner');

async function post(fields: Record<string, string | Blob>, actor = owner) {
  const body = new FormData();
  for (const [name, value] of Object.entries(fields)) body.set(name, value);
  const request = new Request('http://site.test/admin/import', { method: 'POST', body });
  const context = pageContext(t.app.services, actor);
  const result = await adminAction({ request, context, params: {} } as ActionFunctionArgs, IMPORT_WRITES);
  return { status: result.init?.status ?? 200, body: result.data };
}

const exportFile = () => new File([new Uint8Array(EXPORT)], 'college.WordPress.2026-11-28.xml');
const archiveFile = (name = 'uploads.tar.gz') => new File([new Uint8Array(archive)], name);

async function page(search = '') {
  const request = new Request(`http://site.test/admin/import${search}`);
  return loader({ request, context: pageContext(t.app.services, owner), params: {} } as LoaderFunctionArgs);
}

async function counts() {
  const count = async (
    table: 'notices' | 'notice_attachments' | 'imported_items' | 'old_addresses' | 'gallery_albums' | 'images',
  ) =>
    Number(
      (
        await t.db
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
    albums: await count('gallery_albums'),
    photos: await count('images'),
  };
}

const auditKinds = async () =>
  (await t.db.selectFrom('audit_log').select('kind').execute())
    .map((r) => r.kind)
    .filter((k) => k.startsWith('import') || k.startsWith('old-address'));

describe('the import page', () => {
  it('is for owners only: an editor is refused, nothing read or kept', async () => {
    for (const role of ['editor', 'admissions'] as const) {
      const refused = await post({ intent: 'plan', file: exportFile() }, testStaffActor(role));
      expect(refused.status).toBe(403);
      await expect(t.app.services.importRuns.latest(testStaffActor(role))).rejects.toMatchObject({ statusCode: 403 });
    }
    expect((await page()).run).toBeNull();
  });

  it('refuses a missing export, a file that is not an export, and an archive it cannot or must not unpack, keeping nothing', async () => {
    const missing = await post({ intent: 'plan' });
    expect(missing).toMatchObject({
      status: 400,
      body: { ok: false, fieldErrors: { file: IMPORT_ERRORS.missing.message } },
    });
    const notWxr = await post({ intent: 'plan', file: new File(['<html><body>hello</body></html>'], 'site.xml') });
    expect(notWxr).toMatchObject({ status: 400, body: { ok: false, code: 'import/not-wxr' } });
    expect(notWxr.body.ok ? '' : notWxr.body.message).toMatch(/not a WordPress export/u);
    const rar = await post({ intent: 'plan', file: exportFile(), uploads: new File(['Rar!'], 'uploads.rar') });
    expect(rar).toMatchObject({ status: 415, body: { ok: false, message: IMPORT_ERRORS.archiveType.message } });
    const broken = await post({ intent: 'plan', file: exportFile(), uploads: new File(['not a tar'], 'u.tar') });
    expect(broken).toMatchObject({ status: 400, body: { ok: false, code: 'import/archive-unreadable' } });
    const brokenZip = await post({ intent: 'plan', file: exportFile(), uploads: new File(['PK'], 'uploads.zip') });
    expect(brokenZip).toMatchObject({
      status: 400,
      body: { ok: false, message: IMPORT_ERRORS.archiveUnreadable.message },
    });
    const climbing = zipOf([{ name: 'uploads/' }, { name: 'uploads/../../../evil.php', data: Buffer.from('<?php') }]);
    const unsafe = await post({
      intent: 'plan',
      file: exportFile(),
      uploads: new File([new Uint8Array(climbing)], 'uploads.zip'),
    });
    expect(unsafe).toMatchObject({ status: 400, body: { ok: false, message: IMPORT_ERRORS.archiveUnsafe.message } });
    const bomb = zipOf([
      { name: 'uploads/zeros.bin', data: Buffer.alloc(IMPORT_LIMITS.archiveUnpackedBytes + 1), deflate: true },
    ]);
    const tooLarge = await post({
      intent: 'plan',
      file: exportFile(),
      uploads: new File([new Uint8Array(bomb)], 'uploads.zip'),
    });
    expect(tooLarge).toMatchObject({
      status: 413,
      body: { ok: false, message: IMPORT_ERRORS.archiveUnpackedTooLarge.message },
    });
    expect((await page()).run).toBeNull();
    const kept = await fs.readdir(path.join(t.dataDir, 'imports')).catch(() => []);
    expect(kept).toEqual([]);
  });

  it('shows the dry run of the export and its uploads archive, and writes nothing', async () => {
    const before = await counts();
    const planned = await post({ intent: 'plan', file: exportFile(), uploads: archiveFile() });
    expect(planned).toEqual({ status: 200, body: { ok: true, message: 'Dry run ready: nothing was imported yet.' } });
    expect(await counts()).toEqual(before);
    const { run } = await page();
    expect(run).toMatchObject({ status: 'planned', toImport: 17, total: 17, done: 0, reportLines: null });
    expect(run!.planLines).toContain('Published posts → notices: 14 to import, 0 already imported');
    expect(run!.planLines).toContain('Galleries → albums: 3 albums with 10 photos to import, 0 already imported');
    // The archive's files were found: only the .docx is not carried.
    expect(run!.planLines.join('\n')).toMatch(
      /scholarship-form-2082\.docx \(of .*\): notices carry PDFs and images only/u,
    );
    expect(run!.planLines.join('\n')).not.toMatch(/missing from the uploads folder|no uploads were given/u);
    // Uploading again replaces the dry run never started, and its files; the same uploads as a .zip (as a
    // host's file manager downloads them) plan the same.
    const zipped = zipOf(zipEntriesOf(path.join(FIXTURE, 'uploads'), 'public_html/wp-content/uploads'));
    await post({ intent: 'plan', file: exportFile(), uploads: new File([new Uint8Array(zipped)], 'uploads.zip') });
    expect((await page()).run!.planLines).toEqual(run!.planLines);
    await post({ intent: 'plan', file: exportFile(), uploads: archiveFile() });
    const plannedRows = await t.db.selectFrom('import_runs').select('id').where('status', '=', 'planned').execute();
    expect(plannedRows.map((r) => r.id)).toEqual([(await page()).run!.id]);
    expect(await fs.readdir(path.join(t.dataDir, 'imports'))).toEqual([plannedRows[0]!.id]);
  });

  it('imports after the answer, shows how far it went, then the report; audited', async () => {
    const before = await counts();
    const { run } = await page();
    const started = await post({ intent: 'start', id: run!.id });
    expect(started).toEqual({ status: 200, body: { ok: true, message: 'Import started.' } });
    // Starting it twice is refused while the first runs (or once it has ended).
    expect((await post({ intent: 'start', id: run!.id })).status).toBe(409);
    await t.app.services.importRuns.settled();
    const done = (await page()).run!;
    expect(done).toMatchObject({ status: 'done', done: 17, total: 17 });
    expect(done.reportLines![0]).toMatch(/^Imported 14 notices with \d+ attachments; 0 were already imported\.$/u);
    expect(done.reportLines!.join('\n')).toMatch(/Files not attached:\n {2}2025\/11\/scholarship-form-2082\.docx/u);
    const after = await counts();
    expect(after.notices).toBe(14);
    expect(after.albums).toBe(before.albums + 3);
    expect(done.reportLines).toContain(
      'Made 3 albums with 10 photos (their sizes are made in the background); 0 were already imported.',
    );
    expect(after.attachments).toBeGreaterThan(0);
    expect(await auditKinds()).toEqual(expect.arrayContaining(['import-started', 'import-ended']));
    // The files it was given are gone once it has ended.
    expect(await fs.readdir(path.join(t.dataDir, 'imports'))).toEqual([]);
  });

  it('adds nothing when the same export is imported again', async () => {
    const before = await counts();
    await post({ intent: 'plan', file: exportFile(), uploads: archiveFile() });
    const { run } = await page();
    expect(run).toMatchObject({ status: 'planned', toImport: 0 });
    expect(run!.planLines).toContain('Published posts → notices: 0 to import, 14 already imported');
    expect(run!.planLines).toContain('Galleries → albums: 0 albums with 0 photos to import, 3 already imported');
    expect((await post({ intent: 'start', id: run!.id })).status).toBe(200);
    await t.app.services.importRuns.settled();
    expect((await page()).run!.reportLines![0]).toBe(
      'Imported 0 notices with 0 attachments; 14 were already imported.',
    );
    expect((await page()).run!.reportLines).toContain(
      'Made 0 albums with 0 photos (their sizes are made in the background); 3 were already imported.',
    );
    expect(await counts()).toEqual(before);
  });

  it('says an import the server stopped during has stopped, and starts it again to bring over the rest', async () => {
    await post({ intent: 'plan', file: exportFile() });
    const { run } = await page();
    // As a process killed half-way leaves it.
    await t.db.updateTable('import_runs').set({ status: 'running', done: 3 }).where('id', '=', run!.id).execute();
    expect(await t.app.services.importRuns.stopInterrupted()).toBe(1);
    expect((await page()).run).toMatchObject({ status: 'stopped', done: 3 });
    expect((await post({ intent: 'start', id: run!.id })).status).toBe(200);
    await t.app.services.importRuns.settled();
    expect((await page()).run).toMatchObject({ status: 'done', done: 17 });
  });

  it("lists an album's old address with the album's current address, after the office renames it", async () => {
    const row = await t.db
      .selectFrom('gallery_albums')
      .select('id')
      .where('slug', '=', 'photo-gallery')
      .executeTakeFirstOrThrow();
    const { album } = await t.app.services.albums.byId(owner, row.id);
    const { slug: _slug, id: _id, cover: _cover, photoCount: _count, ...input } = album;
    await t.app.services.albums.update(owner, row.id, { ...input, slug: 'campus-photos' });
    const { addresses } = await page();
    const items = (
      await Promise.all(
        Array.from({ length: addresses.pageCount }, async (_, i) => (await page(`?page=${i + 1}`)).addresses.items),
      )
    ).flat();
    const gallery = items.find((i) => i.path === '?page_id=12')!;
    expect(gallery).toEqual({
      path: '?page_id=12',
      target: '/gallery/campus-photos',
      title: 'Photo Gallery',
      kind: 'album',
    });
    const res = await t.app.inject({ method: 'GET', url: '/?page_id=12' });
    expect(res.statusCode).toBe(301);
    expect(res.headers.location).toBe('/gallery/campus-photos');
    // A notice's address leads to the notice, by its title.
    const notice = items.find((i) => i.kind === 'notice')!;
    expect(notice.target).toMatch(/^\/notices\/[^/]+\/[a-z0-9-]+$/u);
    await t.app.services.albums.update(owner, row.id, { ...input, slug: 'photo-gallery' });
  });

  it('lists the old addresses, paged; a deleted one no longer answers 301, at once', async () => {
    const { addresses } = await page();
    expect(addresses.total).toBeGreaterThan(50);
    expect(addresses.items).toHaveLength(50);
    expect(addresses.pageCount).toBe(Math.ceil(addresses.total / 50));
    const second = (await page('?page=2')).addresses;
    expect(second.page).toBe(2);
    expect(second.items[0]!.path > addresses.items.at(-1)!.path).toBe(true);
    // A page past the last shows the first.
    expect((await page('?page=999')).addresses.page).toBe(1);

    // WordPress's `?p=ID` addresses sort after the paths: on the last page.
    const last = (await page(`?page=${addresses.pageCount}`)).addresses;
    const item = last.items.find((i) => i.path.startsWith('?p='))!;
    expect(item.title).not.toBeNull();
    const url = `/${item.path}`;
    const before = await t.app.inject({ method: 'GET', url });
    expect(before.statusCode).toBe(301);
    expect(before.headers.location).toBe(item.target);

    expect((await post({ intent: 'delete', id: item.path }, testStaffActor('editor'))).status).toBe(403);
    expect(await post({ intent: 'delete', id: item.path })).toEqual({
      status: 200,
      body: { ok: true, message: 'Old address deleted.' },
    });
    const after = await t.app.inject({ method: 'GET', url });
    // Still shaped like a WordPress address: it lands on the notices list, for now only.
    expect(after.statusCode).toBe(302);
    expect(after.headers.location).toBe('/notices');
    expect((await page()).addresses.total).toBe(addresses.total - 1);
    expect(await auditKinds()).toContain('old-address-deleted');
    expect((await post({ intent: 'delete', id: item.path })).status).toBe(404);
  });
});
