import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { DemoCounts } from '#common/demo.ts';
import { COMMAND_LINE_ACTOR } from '#server/auth/actor.ts';
import { nextPublicChange } from '#server/services.ts';
import { createLocalStorage } from '#server/storage/local-storage.ts';
import type { Storage } from '#server/storage/storage.ts';
import { type AdminTestApp, createAdminTestApp, listFiles } from '#server/test-support/admin-session.ts';
import { buildImage, buildNoticeInput } from '#server/test-support/factories.ts';
import { createDemoService } from './demo.service.ts';

vi.setConfig({ testTimeout: 60_000, hookTimeout: 60_000 });

/** Deletes fail while `failing` is set, as if the process had been killed after the removal's commit. */
let failing = false;
const failingDeletes = (storage: Storage): Storage => ({
  ...storage,
  delete: (key) => (failing ? Promise.reject(new Error('killed')) : storage.delete(key)),
});

let t: AdminTestApp;
beforeAll(async () => {
  t = await createAdminTestApp({}, failingDeletes);
});
afterAll(() => t.close());

/** Two demo notices and one demo photo, recorded as the seeder records them, and one photo of the office's. */
async function seedSmallDemo(): Promise<{ officePhoto: string }> {
  const services = t.app.services;
  for (const title of ['Demo notice number one', 'Demo notice number two']) {
    const notice = await services.notices.create(COMMAND_LINE_ACTOR, buildNoticeInput({ title }));
    await services.demo.recordSeeded('notice', notice.id, notice.updatedAt);
  }
  const photo = await services.images.create(COMMAND_LINE_ACTOR, 'gallery', await buildImage());
  await services.demo.recordSeeded('photo', photo.id, 'gallery');
  const office = await services.images.create(COMMAND_LINE_ACTOR, 'gallery', await buildImage({ width: 500 }));
  return { officePhoto: office.id };
}

/** The default texts of a site whose content was never edited, which a removal takes too. */
const DEFAULT_TEXTS = { texts: 28, people: 4, downloads: 1 };

const photoFiles = async () => (await listFiles(t.uploadsDir)).filter((f) => f.startsWith('img/'));

describe('removing the demo content when something fails mid-way', () => {
  it('leaves every row as it was when the transaction fails part-way', async () => {
    await seedSmallDemo();
    const filesBefore = await photoFiles();
    let calls = 0;
    const breaking = createDemoService({
      db: t.db,
      storage: createLocalStorage(t.uploadsDir),
      log: t.app.log,
      clock: { now: () => new Date() },
      nextPublicChange,
      attachments: {
        // The second notice's step fails, after the first notice's row is already deleted in the transaction.
        removeRowsOf: async (trx, id) => {
          calls += 1;
          if (calls === 2) throw new Error('the database went away');
          return t.app.services.attachments.removeRowsOf(trx, id);
        },
      },
    });
    await expect(breaking.remove(COMMAND_LINE_ACTOR)).rejects.toThrow('the database went away');

    expect(await t.app.services.demo.counts(COMMAND_LINE_ACTOR)).toEqual<DemoCounts>({
      notices: 2,
      photos: 1,
      ...DEFAULT_TEXTS,
    });
    expect(await t.app.services.notices.count()).toBe(2);
    expect(await t.app.services.images.count('gallery')).toBe(2);
    expect(await photoFiles()).toEqual(filesBefore);
    const audited = await t.db.selectFrom('audit_log').select('id').where('kind', '=', 'demo-removed').execute();
    expect(audited).toEqual([]);
  });

  it('deletes the files left by a removal killed after its commit on the next start, and only those', async () => {
    const officeFilesOf = (files: string[], id: string) => files.filter((f) => f.startsWith(`img/${id}/`));
    const office = (await t.app.services.images.list('gallery')).find((i) => i.width === 500)!;
    const officeFiles = officeFilesOf(await photoFiles(), office.id);
    expect(officeFiles.length).toBeGreaterThan(0);

    failing = true;
    const removed = await t.app.services.demo.remove(COMMAND_LINE_ACTOR);
    failing = false;
    expect(removed).toEqual<DemoCounts>({ notices: 2, photos: 1, ...DEFAULT_TEXTS });
    // The rows are gone at once; the demo photo's files are still on disk, noted for deletion.
    expect(await t.app.services.notices.count()).toBe(0);
    expect(await t.app.services.images.count('gallery')).toBe(1);
    expect((await photoFiles()).length).toBeGreaterThan(officeFiles.length);
    expect((await t.db.selectFrom('demo_removed_files').select('key').execute()).length).toBeGreaterThan(0);

    // What server/main.ts does on every start.
    await t.app.services.demo.finishRemoval();
    expect(await photoFiles()).toEqual(officeFiles);
    expect(await t.db.selectFrom('demo_removed_files').select('key').execute()).toEqual([]);
  });
});
