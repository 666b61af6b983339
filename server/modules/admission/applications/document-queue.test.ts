import { spawnSync } from 'node:child_process';
import fs from 'node:fs/promises';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApplicationValues } from '#common/admission/application-form.test-values.ts';
import { COMMAND_LINE_ACTOR } from '#server/auth/actor.ts';
import { createPhotoProcess, type PhotoProcess } from '#server/modules/images/index.ts';
import { makePdf } from '#server/pdf/test-pdfs.ts';
import { MACHINE_TAG } from '#server/storage/batch-owner.ts';
import { createLocalStorage } from '#server/storage/local-storage.ts';
import { createS3Storage } from '#server/storage/s3-storage.ts';
import { ManualClock } from '#server/test-support/manual-clock.ts';
import { startTestS3Server } from '#server/test-support/s3-server.ts';
import type { ApplyRequest } from './application-intake.service.ts';
import { applyRequest, createIntakeTestApp, jpeg, requiredFiles, statusByKey } from './application-intake.test-app.ts';
import { DOCUMENT_FAILURES, createDocumentQueue } from './document-queue.ts';
import { VISITOR } from '#server/test-support/actors.ts';

// 6 Ashadh 2084 B.S. (20 Jun 2027), noon in Nepal: the season is open.
const clock = new ManualClock('2027-06-20T06:00:00Z');
let t: Awaited<ReturnType<typeof createIntakeTestApp>>;
let photoProcess: PhotoProcess;
beforeAll(async () => {
  t = await createIntakeTestApp(clock);
  photoProcess = createPhotoProcess({ log: t.app.log });
}, 60_000);
afterAll(async () => {
  photoProcess.stop();
  await t.close();
});

const intake = () => t.app.services.applicationIntake;
let symbol = 3012300;
const apply = async (overrides: Partial<ApplyRequest> = {}) => {
  const values = buildApplicationValues(t.management.id, { symbol_number: String(++symbol) });
  const outcome = await intake().apply(await applyRequest(t.app, clock, { values, ...overrides }), VISITOR);
  if (!outcome.ok) throw new Error(`refused: ${outcome.message} ${JSON.stringify(outcome.fieldErrors)}`);
  return outcome.confirmation;
};
const documentsOf = async (reference: string) => {
  const app = await t.db
    .selectFrom('applications')
    .select('id')
    .where('reference', '=', reference)
    .executeTakeFirstOrThrow();
  const rows = await t.db
    .selectFrom('application_documents')
    .selectAll()
    .where('application_id', '=', app.id)
    .orderBy('kind')
    .execute();
  return { id: app.id, rows };
};
const keyOf = (accessKey: string) => accessKey.replaceAll('-', '');
const queueWith = (process: PhotoProcess, budgetMs?: number) =>
  createDocumentQueue({
    db: t.db,
    storage: createLocalStorage(`${t.dataDir}/uploads`),
    clock,
    log: t.app.log,
    photoProcess: process,
    pdfTimeoutMs: 20_000,
    ...(budgetMs ? { budgetMs } : {}),
  });

/** Polls until `test` holds (the drawing takes seconds on a busy machine: up to 90 s). */
async function until(test: () => boolean | Promise<boolean>, what: string): Promise<void> {
  const end = Date.now() + 90_000;
  while (!(await test())) {
    if (Date.now() > end) throw new Error(`timed out waiting until ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

describe("the applicants' documents, accepted first and drawn after", { timeout: 120_000 }, () => {
  it('answers an application while the documents before it are still being drawn; all are drawn after, in order', async () => {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const drawn: string[] = [];
    let held = 0;
    const heldProcess: PhotoProcess = {
      ...photoProcess,
      async processDocument(input, document, budgetMs) {
        held++;
        await gate;
        const result = await photoProcess.processDocument(input, document, budgetMs);
        drawn.push(document.kind);
        return result;
      },
    };
    const queue = queueWith(heldProcess);
    const first = await apply();
    const rounds = await queue.start(60_000);
    try {
      await until(() => held === 1, 'the queue holds the first document');
      // The next family's Submit is answered while the queue is held on the first application's file.
      const second = await apply({
        files: [
          ...(await requiredFiles()).filter((f) => f.kind !== 'grade-sheet'),
          { kind: 'grade-sheet', name: 'see.pdf', body: makePdf({ pages: 5 }) },
        ],
      });
      expect(second.reference).toMatch(/^ORB-2084-\d{4}$/u);
      expect(drawn).toEqual([]);
      const waiting = await documentsOf(second.reference);
      expect(waiting.rows.map((d) => d.state)).toEqual(['processing', 'processing', 'processing']);
      expect(await queue.depth()).toMatchObject({ waiting: 6 });
      const before = await statusByKey(t.app, second.reference, keyOf(second.accessKey), '192.0.2.10');
      expect(before).toMatchObject({ photo: '', documents: { preparing: 3, unreadable: [] } });

      release();
      await until(async () => (await queue.depth()).waiting === 0, 'every document is drawn');
      // A document's row is committed ready before its pictures are moved to their keys (storeWithCommit): the
      // round under way is let finish, so the last photo is in place before the status is read.
      await rounds.stop();
      expect(drawn).toHaveLength(6);
      for (const reference of [first.reference, second.reference]) {
        const { rows } = await documentsOf(reference);
        for (const row of rows) {
          expect(row).toMatchObject({ state: 'ready', failure: '', claimed_by: null });
          expect(JSON.parse(row.variants)).not.toHaveLength(0);
        }
      }
      const sheet = (await documentsOf(second.reference)).rows.find((d) => d.kind === 'grade-sheet')!;
      expect(sheet).toMatchObject({ format: 'pdf', pages: 5, file_key: expect.stringMatching(/received\.pdf$/u) });
      const after = await statusByKey(t.app, second.reference, keyOf(second.accessKey), '192.0.2.10');
      expect(after.photo).toMatch(/^data:image\/jpeg;base64,/u);
      expect(after.documents).toEqual({ preparing: 0, unreadable: [] });
    } finally {
      release();
      await rounds.stop();
    }
  });

  it('flags a photo that passed its header but cannot be decoded: kept as received, told to the office and the family', async () => {
    const good = await jpeg();
    // Its headers whole, its picture data replaced by noise just after the start of scan.
    const scan = good.indexOf(Buffer.from([0xff, 0xda]));
    const damaged = Buffer.concat([good.subarray(0, scan + 20), Buffer.alloc(4000, 0x55)]);
    const files = (await requiredFiles()).map((f) => (f.kind === 'photo' ? { ...f, body: damaged } : f));
    const confirmation = await apply({ files });
    await queueWith(photoProcess).drain();
    const { id, rows } = await documentsOf(confirmation.reference);
    const photo = rows.find((d) => d.kind === 'photo')!;
    expect(photo.state).toBe('failed');
    expect(photo.failure).toMatch(/^Could not be read: ask for it again\./u);
    // Kept as received, byte for byte, for the office to ask again knowing what came.
    expect(await fs.readFile(`${t.dataDir}/uploads/${photo.file_key}`)).toEqual(damaged);
    expect(rows.filter((d) => d.kind !== 'photo').map((d) => d.state)).toEqual(['ready', 'ready']);

    const detail = await t.app.services.applicationOffice.get(COMMAND_LINE_ACTOR, id);
    const shown = detail.documents.find((d) => d.kind === 'photo')!;
    expect(shown).toMatchObject({ state: 'failed', failure: photo.failure, full: '', pictures: [] });
    // The photo as received is never opened, even by the office (its metadata is only removed from pictures).
    const received = photo.file_key!.slice(photo.file_key!.lastIndexOf('/') + 1);
    await expect(
      t.app.services.applicationOffice.openDocument(COMMAND_LINE_ACTOR, id, photo.id, received),
    ).rejects.toMatchObject({ statusCode: 404 });

    const status = await statusByKey(t.app, confirmation.reference, keyOf(confirmation.accessKey), '192.0.2.10');
    expect(status).toMatchObject({ photo: '', documents: { preparing: 0, unreadable: ['photo'] } });
  });

  it('flags a file that overruns its time budget at once, never trying it again', async () => {
    const confirmation = await apply();
    const stats = { tries: 0 };
    const counting: PhotoProcess = {
      ...photoProcess,
      processDocument(input, document) {
        stats.tries++;
        // A budget no file meets: the process is ended mid-file.
        return photoProcess.processDocument(input, document, 1);
      },
    };
    await queueWith(counting).drain();
    const { rows } = await documentsOf(confirmation.reference);
    expect(rows.map((d) => [d.state, d.failure])).toEqual(rows.map(() => ['failed', DOCUMENT_FAILURES.slow]));
    expect(stats.tries).toBe(3);
    expect(await queueWith(counting).drain()).toBe(0);
  });

  it('takes up, once, a document whose worker was killed mid-file (its claim names a process that has ended)', async () => {
    const confirmation = await apply();
    const dead = spawnSync(process.execPath, ['-e', '']).pid!;
    const { rows } = await documentsOf(confirmation.reference);
    const photo = rows.find((d) => d.kind === 'photo')!;
    await t.db
      .updateTable('application_documents')
      .set({ claimed_by: `p${dead}-${MACHINE_TAG}-killed`, claimed_until: '2999-01-01T00:00:00.000Z' })
      .where('id', '=', photo.id)
      .execute();
    const tries = new Map<string, number>();
    const counting: PhotoProcess = {
      ...photoProcess,
      async processDocument(input, document, budgetMs) {
        tries.set(document.kind, (tries.get(document.kind) ?? 0) + 1);
        return photoProcess.processDocument(input, document, budgetMs);
      },
    };
    // A restart: the new process's queue releases the ended worker's claim and draws everything once.
    const queue = queueWith(counting);
    const rounds = await queue.start(60_000);
    try {
      await until(async () => (await queue.depth()).waiting === 0, 'the killed worker’s document is drawn');
    } finally {
      await rounds.stop();
    }
    const after = await documentsOf(confirmation.reference);
    expect(after.rows.map((d) => d.state)).toEqual(['ready', 'ready', 'ready']);
    expect(after.rows.find((d) => d.kind === 'photo')!.attempts).toBe(1);
    expect(Object.fromEntries(tries)).toEqual({ photo: 1, 'grade-sheet': 1, character: 1 });
    // The photo as received is gone: only its pictures, without metadata, are kept.
    const drawnPhoto = after.rows.find((d) => d.kind === 'photo')!;
    expect(drawnPhoto.file_key).toBeNull();
    const [variant] = JSON.parse(drawnPhoto.variants) as { key: string }[];
    expect((await sharp(`${t.dataDir}/uploads/${variant!.key}`).metadata()).exif).toBeUndefined();
  });
});

describe('with the files in a bucket (S3)', () => {
  it('accepts the files into the bucket as received and draws them there; the photo as received is deleted', async () => {
    const s3 = await startTestS3Server('orbit-documents');
    const bucket = createS3Storage({
      bucket: s3.bucket,
      region: 'us-east-1',
      endpoint: s3.endpoint,
      accessKeyId: 'S3RVER',
      secretAccessKey: 'S3RVER',
      forcePathStyle: true,
    });
    const bucketClock = new ManualClock('2027-06-20T06:00:00Z');
    const inBucket = await createIntakeTestApp(bucketClock, {}, undefined, bucket);
    try {
      const values = buildApplicationValues(inBucket.management.id, { symbol_number: '4012300' });
      const outcome = await inBucket.app.services.applicationIntake.apply(
        await applyRequest(inBucket.app, bucketClock, { values }),
        VISITOR,
      );
      if (!outcome.ok) throw new Error(outcome.message);
      const keys = async () => {
        const all: string[] = [];
        for await (const key of bucket.list()) all.push(key);
        return all;
      };
      expect((await keys()).filter((k) => /\/received\.(jpg|png|pdf)$/u.test(k))).toHaveLength(3);
      expect(await inBucket.app.services.documentQueue.drain()).toBe(3);
      const rows = await inBucket.db.selectFrom('application_documents').selectAll().execute();
      expect(rows.map((r) => r.state)).toEqual(['ready', 'ready', 'ready']);
      const left = await keys();
      // The photo and the page's photo as received are gone; only their pictures are in the bucket.
      expect(left.filter((k) => k.includes('/received.'))).toEqual([]);
      for (const row of rows) {
        for (const variant of JSON.parse(row.variants) as { key: string }[]) expect(left).toContain(variant.key);
      }
    } finally {
      await inBucket.close();
      bucket.close();
      await s3.close();
    }
  });
});
