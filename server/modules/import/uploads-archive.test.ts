import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import * as tar from 'tar';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { WORDPRESS_FIXTURE } from '#server/test-support/wordpress-fixture.ts';
import { type ZipEntry, zipEntriesOf, zipOf } from '#server/test-support/zip-writer.ts';
import { type ArchiveLimits, leftOutLines, unpackArchive, uploadsRoot } from './uploads-archive.ts';

const UPLOADS = path.join(WORDPRESS_FIXTURE, 'uploads') + path.sep;
const ROOMY: ArchiveLimits = { bytes: 100 * 1024 * 1024, entries: 1000 };

let dir: string;
let into: string;
beforeEach(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'orbit-uploads-archive-'));
  into = path.join(dir, 'work', 'archive');
});
afterEach(() => fs.rm(dir, { recursive: true, force: true }));

async function zipFile(entries: readonly ZipEntry[]): Promise<string> {
  const file = path.join(dir, 'uploads.zip');
  await fs.writeFile(file, zipOf(entries));
  return file;
}

/** Every file under `at`, by its path relative to it. */
async function filesUnder(at: string): Promise<string[]> {
  const found = await fs.readdir(at, { recursive: true, withFileTypes: true }).catch(() => []);
  return found
    .filter((e) => e.isFile())
    .map((e) => path.relative(at, path.join(e.parentPath, e.name)))
    .sort();
}

describe('a .zip of the uploads folder', () => {
  it('unpacks the fixture uploads as wp-content/uploads, every file byte for byte', async () => {
    const file = await zipFile(zipEntriesOf(UPLOADS, 'wp-content/uploads'));
    await unpackArchive(file, into, ROOMY);
    const root = await uploadsRoot(into);
    expect(root).toBe(path.join(into, 'wp-content', 'uploads'));
    const expected = await filesUnder(UPLOADS);
    expect(expected.length).toBeGreaterThan(20);
    expect(await filesUnder(root)).toEqual(expected);
    for (const name of expected)
      expect(
        Buffer.compare(await fs.readFile(path.join(root, name)), await fs.readFile(path.join(UPLOADS, name))),
      ).toBe(0);
  });

  it.each([
    ['a path climbing out with ..', [{ name: 'uploads/../../evil.txt', data: Buffer.from('x') }], 'unsafe'],
    ['an absolute path', [{ name: '/tmp/evil.txt', data: Buffer.from('x') }], 'unsafe'],
    ['a link', [{ name: 'uploads/2024/link', data: Buffer.from('/etc/passwd'), mode: 0o120777 }], 'unsafe'],
    // Traditional zip encryption puts a 12-byte header before the data.
    [
      'an encrypted entry',
      [{ name: 'uploads/secret.jpg', data: Buffer.alloc(13), claimedSize: 1, flags: 1 }],
      'encrypted',
    ],
  ] as const)('refuses %s, writing nothing outside its folder', async (_what, entries, problem) => {
    const file = await zipFile([{ name: 'uploads/' }, { name: 'uploads/ok.txt', data: Buffer.from('ok') }, ...entries]);
    await expect(unpackArchive(file, into, ROOMY)).rejects.toMatchObject({ name: 'ArchiveRefused', problem });
    const everything = await filesUnder(dir);
    expect(everything.filter((f) => f !== 'uploads.zip' && !f.startsWith(path.join('work', 'archive')))).toEqual([]);
    await expect(fs.lstat('/tmp/evil.txt')).rejects.toMatchObject({ code: 'ENOENT' });
  });

  it('refuses a bomb by the bytes it unpacks to, and by its count of entries', async () => {
    const zeros = Buffer.alloc(8 * 1024 * 1024);
    const small: ArchiveLimits = { bytes: 1024 * 1024, entries: 1000 };
    // Its headers say what it holds.
    const honest = await zipFile([{ name: 'uploads/zeros.bin', data: zeros, deflate: true }]);
    expect((await fs.stat(honest)).size).toBeLessThan(20 * 1024);
    await expect(unpackArchive(honest, into, small)).rejects.toMatchObject({ problem: 'too-large' });
    // Its headers claim 100 bytes: the bytes as they inflate are what count.
    await fs.rm(dir, { recursive: true });
    await fs.mkdir(dir);
    const lying = await zipFile([{ name: 'uploads/zeros.bin', data: zeros, deflate: true, claimedSize: 100 }]);
    await expect(unpackArchive(lying, into, small)).rejects.toMatchObject({ name: 'ArchiveRefused' });
    const written = await fs.stat(path.join(into, 'uploads', 'zeros.bin')).catch(() => null);
    expect(written?.size ?? 0).toBeLessThanOrEqual(small.bytes);
    // Many small entries.
    await fs.rm(dir, { recursive: true });
    await fs.mkdir(dir);
    const many = await zipFile(
      Array.from({ length: 5 }, (_, i) => ({ name: `uploads/${i}.txt`, data: Buffer.from('x') })),
    );
    await expect(unpackArchive(many, into, { bytes: ROOMY.bytes, entries: 4 })).rejects.toMatchObject({
      problem: 'too-large',
    });
  });

  it('refuses a corrupt or truncated zip as unreadable', async () => {
    const good = zipOf(zipEntriesOf(UPLOADS, 'uploads'));
    const truncated = path.join(dir, 'truncated.zip');
    await fs.writeFile(truncated, good.subarray(0, good.length - 40));
    await expect(unpackArchive(truncated, into, ROOMY)).rejects.toMatchObject({ problem: 'unreadable' });
    const garbage = path.join(dir, 'garbage.zip');
    await fs.writeFile(garbage, Buffer.from('PK\u0003\u0004 this is not a zip at all'));
    await expect(unpackArchive(garbage, into, ROOMY)).rejects.toMatchObject({ problem: 'unreadable' });
  });
});

describe('a .tar.gz of the uploads folder', () => {
  it('unpacks within the limits and is refused past them', async () => {
    const file = path.join(dir, 'uploads.tar.gz');
    await tar.c({ gzip: true, cwd: path.dirname(path.resolve(UPLOADS)), file, portable: true }, ['uploads']);
    await unpackArchive(file, into, ROOMY);
    expect(await filesUnder(await uploadsRoot(into))).toEqual(await filesUnder(UPLOADS));
    await expect(unpackArchive(file, path.join(dir, 'again'), { bytes: 10_000, entries: 1000 })).rejects.toMatchObject({
      problem: 'too-large',
    });
    await expect(
      unpackArchive(file, path.join(dir, 'again'), { bytes: ROOMY.bytes, entries: 3 }),
    ).rejects.toMatchObject({ problem: 'too-large' });
  });

  it('leaves out a link it holds, and names it for the plan', async () => {
    const folder = path.join(dir, 'with-link');
    await fs.cp(path.resolve(UPLOADS), path.join(folder, 'uploads'), { recursive: true });
    await fs.symlink('/etc/passwd', path.join(folder, 'uploads', 'passwd'));
    const file = path.join(dir, 'with-link.tar');
    await tar.c({ cwd: folder, file, portable: true }, ['uploads']);
    const leftOut = await unpackArchive(file, path.join(dir, 'linked'), ROOMY);
    expect(leftOut).toEqual(['uploads/passwd (SymbolicLink)']);
    expect(await filesUnder(await uploadsRoot(path.join(dir, 'linked')))).toEqual(await filesUnder(UPLOADS));
    await expect(fs.lstat(path.join(dir, 'linked', 'uploads', 'passwd'))).rejects.toMatchObject({ code: 'ENOENT' });
    expect(leftOutLines(leftOut)).toEqual([
      'Left out of the uploads archive, as not files or folders (links, devices): 1',
      '  uploads/passwd (SymbolicLink)',
    ]);
  });
});
