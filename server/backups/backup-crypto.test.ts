import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { BackupPassphraseError, decryptBackup, encryptBackup, isEncryptedBackup } from './backup-crypto.ts';

const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'orbit-backup-crypto-'));
afterAll(() => fs.rm(dir, { recursive: true, force: true }));

const PASSPHRASE = 'seven horses graze by the river';
const archive = path.join(dir, 'orbit-backup.tar.gz');
const sealed = path.join(dir, 'orbit-backup.tar.gz.enc');
// Larger than one read of a stream (64 KiB), so the tag is found at the end of a file read in pieces.
const content = randomBytes(300_000);
await fs.writeFile(archive, content);
await encryptBackup(archive, sealed, PASSPHRASE);

describe('an encrypted backup', () => {
  it('holds none of the archive in the clear and is told from a plain one', async () => {
    const bytes = await fs.readFile(sealed);
    expect(bytes.includes(content.subarray(0, 64))).toBe(false);
    expect(await isEncryptedBackup(sealed)).toBe(true);
    expect(await isEncryptedBackup(archive)).toBe(false);
  });

  it('opens with its passphrase to the same archive', async () => {
    const opened = path.join(dir, 'opened.tar.gz');
    await decryptBackup(sealed, opened, PASSPHRASE);
    expect((await fs.readFile(opened)).equals(content)).toBe(true);
  });

  it('refuses another passphrase and leaves nothing behind', async () => {
    const opened = path.join(dir, 'wrong.tar.gz');
    await expect(decryptBackup(sealed, opened, 'seven horses graze by the rivers')).rejects.toThrow(
      BackupPassphraseError,
    );
    await expect(fs.stat(opened)).rejects.toMatchObject({ code: 'ENOENT' });
  });

  it('refuses a file with one byte changed', async () => {
    const changed = path.join(dir, 'changed.enc');
    const bytes = await fs.readFile(sealed);
    bytes[bytes.length - 100]! ^= 1;
    await fs.writeFile(changed, bytes);
    await expect(decryptBackup(changed, path.join(dir, 'changed.tar.gz'), PASSPHRASE)).rejects.toThrow(
      BackupPassphraseError,
    );
  });
});
