import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type TestS3Server, startTestS3Server } from '#server/test-support/s3-server.ts';
import { MACHINE_TAG, batchOwnerGone } from './batch-owner.ts';
import { createLocalStorage } from './local-storage.ts';
import { createS3Storage } from './s3-storage.ts';
import { type FileOwner, type FileReference, SWEEP_MIN_AGE_MS, sweepStorage } from './storage-sweep.ts';
import type { Storage } from './storage.ts';

/**
 * The sweep on both back-ends. Files are written now; "an hour later" is the sweep's clock moved
 * forward, so nothing waits and both back-ends (whose listing dates come from the file system or the
 * bucket) are treated alike.
 */
let s3: TestS3Server;
beforeAll(async () => {
  s3 = await startTestS3Server('orbit-sweep');
});
afterAll(() => s3.close());

interface Subject {
  name: string;
  /** A file system keeps a batch's folders after its files are moved out; a bucket has no folders. */
  keepsEmptyFolders: boolean;
  open: () => Promise<{ storage: Storage; close: () => Promise<void> }>;
}

const subjects: Subject[] = [
  {
    name: 'local disk',
    keepsEmptyFolders: true,
    async open() {
      const root = await fs.mkdtemp(path.join(os.tmpdir(), 'orbit-sweep-'));
      return { storage: createLocalStorage(root), close: () => fs.rm(root, { recursive: true, force: true }) };
    },
  },
  {
    name: 'S3 (s3rver)',
    keepsEmptyFolders: false,
    async open() {
      const storage = createS3Storage(s3.settings);
      return { storage, close: async () => storage.close() };
    },
  },
];

const later = (ms = SWEEP_MIN_AGE_MS + 60_000) => new Date(Date.now() + ms);

async function collect<T>(items: AsyncIterable<T>): Promise<T[]> {
  const all: T[] = [];
  for await (const item of items) all.push(item);
  return all;
}

describe.each(subjects)('storage sweep: $name', ({ open, keepsEmptyFolders }) => {
  let storage: Storage;
  let close: () => Promise<void>;
  let rows: FileReference[];
  let prefix: string;
  let owner: FileOwner;
  let run = 0;

  beforeAll(async () => {
    ({ storage, close } = await open());
  });
  afterAll(() => close());
  beforeEach(async () => {
    // Each test has its own owner prefix, so tests on the shared bucket do not see each other's files.
    run += 1;
    prefix = `sw${run}/`;
    rows = [];
    owner = { kind: 'image', prefix, references: async () => rows.map((r) => ({ ...r })) };
    for (const entry of await collect(storage.stagedEntries())) await storage.discard(entry.batch);
    for (const empty of await collect(storage.emptyBatches())) await storage.discard(empty.batch);
  });

  const key = (id: string, name = '1-400.jpg') => `${prefix}${id}/${name}`;
  const put = (k: string) => storage.put(k, Buffer.from(k), 'image/jpeg');
  const stored = async () => (await collect(storage.entries(prefix))).map((e) => e.key).sort();
  const staged = async () => (await collect(storage.stagedEntries())).map((e) => e.key).sort();

  it('removes files that no row refers to once they are an hour old, and keeps every referenced one', async () => {
    await Promise.all([put(key('kept')), put(key('kept', '1-800.jpg')), put(key('orphan'))]);
    rows = [{ id: 'kept', keys: [key('kept'), key('kept', '1-800.jpg')] }];

    const report = await sweepStorage(storage, [owner], { now: later() });

    expect(report.orphans).toEqual([key('orphan')]);
    expect(report.removed).toBe(1);
    expect(report.missing).toEqual([]);
    expect(await stored()).toEqual([key('kept'), key('kept', '1-800.jpg')]);
  });

  it('leaves files younger than an hour alone, as an upload in flight may be writing them', async () => {
    await put(key('young'));
    const report = await sweepStorage(storage, [owner], { now: later(SWEEP_MIN_AGE_MS - 60_000) });
    expect(report.orphans).toEqual([]);
    expect(report.recent).toBe(1);
    expect(await stored()).toEqual([key('young')]);
  });

  it('removes the staged files of an upload that never committed, after an hour, and not before', async () => {
    await storage.stage('abandoned-1', key('lost'), Buffer.from('x'), 'image/jpeg');
    await storage.stage('abandoned-1', key('lost', '1-800.jpg'), Buffer.from('x'), 'image/jpeg');

    const early = await sweepStorage(storage, [owner], { now: later(SWEEP_MIN_AGE_MS - 60_000) });
    expect(early.abandoned).toEqual([]);
    expect(await staged()).toHaveLength(2);

    const report = await sweepStorage(storage, [owner], { now: later() });
    expect(report.abandoned.map((e) => e.key).sort()).toEqual([key('lost'), key('lost', '1-800.jpg')]);
    expect(await staged()).toEqual([]);
    expect(await stored()).toEqual([]);
  });

  it('removes at once the staged files of a process that has ended, and spares a running one', async () => {
    // Batch names as a process on this machine writes them (batch-owner.ts); pid 1 always runs.
    const gone = `p999999-${MACHINE_TAG}-5f0c3b1e-0000-4000-8000-000000000001`;
    const live = `p1-${MACHINE_TAG}-5f0c3b1e-0000-4000-8000-000000000002`;
    const elsewhere = 'p999999-00000000-5f0c3b1e-0000-4000-8000-000000000003';
    await storage.stage(gone, key('killed'), Buffer.from('x'), 'image/jpeg');
    await storage.stage(live, key('uploading'), Buffer.from('x'), 'image/jpeg');
    await storage.stage(elsewhere, key('other-host'), Buffer.from('x'), 'image/jpeg');
    const running = (pid: number) => pid !== 999999;
    const ownerGone = (batch: string) => batchOwnerGone(batch, { running });

    const report = await sweepStorage(storage, [owner], { ownerGone });
    expect(report.abandoned.map((e) => e.key)).toEqual([key('killed')]);
    expect(report.recent).toBe(2);
    expect(await staged()).toEqual([key('other-host'), key('uploading')]);
  });

  it('removes the staging folder that a crash after publishing left empty, after an hour', async () => {
    await storage.stage('published-1', key('done'), Buffer.from('x'), 'image/jpeg');
    await storage.publish('published-1', key('done'));
    rows = [{ id: 'done', keys: [key('done')] }];
    const emptyBatches = async () => (await collect(storage.emptyBatches())).map((b) => b.batch);
    const left = keepsEmptyFolders ? ['published-1'] : [];
    expect(await emptyBatches()).toEqual(left);

    const early = await sweepStorage(storage, [owner], { now: later(SWEEP_MIN_AGE_MS - 60_000) });
    expect(early.emptyBatches).toEqual([]);
    expect(await emptyBatches()).toEqual(left);

    const report = await sweepStorage(storage, [owner], { now: later() });
    expect(report.emptyBatches).toEqual(left);
    expect(await emptyBatches()).toEqual([]);
    expect(await stored()).toEqual([key('done')]);
  });

  it('publishes the staged files of a row that was committed just before a crash', async () => {
    await storage.stage('crashed-1', key('saved'), Buffer.from('a'), 'image/jpeg');
    await storage.stage('crashed-1', key('saved', '1-800.jpg'), Buffer.from('b'), 'image/jpeg');
    rows = [{ id: 'saved', keys: [key('saved'), key('saved', '1-800.jpg')] }];

    const report = await sweepStorage(storage, [owner]);

    expect(report.restored.sort()).toEqual([key('saved'), key('saved', '1-800.jpg')]);
    expect(report.missing).toEqual([]);
    expect(await stored()).toEqual([key('saved'), key('saved', '1-800.jpg')]);
    expect(await staged()).toEqual([]);
  });

  it('reports rows whose files are missing, naming each missing key, and changes nothing for them', async () => {
    await put(key('whole'));
    rows = [
      { id: 'whole', keys: [key('whole')] },
      { id: 'broken', keys: [key('broken'), key('broken', '1-800.jpg')] },
    ];
    const report = await sweepStorage(storage, [owner], { now: later() });
    expect(report.missing).toEqual([
      { kind: 'image', id: 'broken', keys: [key('broken'), key('broken', '1-800.jpg')] },
    ]);
    expect(await stored()).toEqual([key('whole')]);
  });

  it('does not report a row that was deleted, with its files, while the sweep ran', async () => {
    await put(key('alive'));
    let reads = 0;
    const deleting: FileOwner = {
      ...owner,
      references: async () => {
        reads += 1;
        // The first read still sees a row whose files are already gone; the second read does not.
        return reads === 1
          ? [
              { id: 'gone', keys: [key('gone')] },
              { id: 'alive', keys: [key('alive')] },
            ]
          : [{ id: 'alive', keys: [key('alive')] }];
      },
    };
    const report = await sweepStorage(storage, [deleting], { now: later() });
    expect(report.missing).toEqual([]);
  });

  it('changes nothing in a dry run, and reports what a sweep would do', async () => {
    await put(key('orphan'));
    await storage.stage('dry-1', key('lost'), Buffer.from('x'), 'image/jpeg');
    await storage.stage('dry-2', key('saved'), Buffer.from('x'), 'image/jpeg');
    rows = [{ id: 'saved', keys: [key('saved')] }];

    const report = await sweepStorage(storage, [owner], { now: later(), dryRun: true });

    expect(report.orphans).toEqual([key('orphan')]);
    expect(report.removed).toBe(0);
    expect(report.abandoned.map((e) => e.key)).toEqual([key('lost')]);
    expect(report.restored).toEqual([key('saved')]);
    expect(await stored()).toEqual([key('orphan')]);
    expect(await staged()).toEqual([key('lost'), key('saved')]);
  });

  it('removes nothing when most stored files look orphaned, as with a wrong database', async () => {
    await Promise.all(Array.from({ length: 12 }, (_, i) => put(key(`old${i}`))));
    const report = await sweepStorage(storage, [owner], { now: later() });
    expect(report.orphans).toHaveLength(12);
    expect(report.refused).toBe(true);
    expect(report.removed).toBe(0);
    expect(await stored()).toHaveLength(12);
  });

  it("never touches files outside its owners' prefixes", async () => {
    const foreign = `other${run}/keep/me.jpg`;
    await put(foreign);
    await sweepStorage(storage, [owner], { now: later() });
    expect(await storage.get(foreign)).not.toBeNull();
    await storage.delete(foreign);
  });
});
