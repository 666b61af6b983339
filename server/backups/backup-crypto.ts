import { createCipheriv, createDecipheriv, randomBytes, scrypt } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import fsp from 'node:fs/promises';
import { pipeline } from 'node:stream/promises';

/**
 * A backup encrypted with a passphrase (BACKUP_PASSPHRASE): `npm run backup` writes one, `npm run restore`
 * opens it. The file: MAGIC, the scrypt salt (16 bytes), the AES-256-GCM nonce (12), the encrypted archive,
 * and GCM's tag (16) last, so a wrong passphrase or a changed byte is refused before anything is restored.
 */
const MAGIC = Buffer.from('ORBIT-BACKUP-AES256GCM-1\n', 'latin1');
const SALT_BYTES = 16;
const NONCE_BYTES = 12;
const TAG_BYTES = 16;
const HEADER_BYTES = MAGIC.length + SALT_BYTES + NONCE_BYTES;
/** scrypt's cost: about a third of a second and 128 MB once per backup, far more for each guess. */
const SCRYPT = { N: 2 ** 17, r: 8, p: 1, maxmem: 256 * 1024 * 1024 } as const;

/** A wrong passphrase, or a file changed or cut since it was written. */
export class BackupPassphraseError extends Error {
  override name = 'BackupPassphraseError';
}

const keyOf = (passphrase: string, salt: Buffer) =>
  new Promise<Buffer>((resolve, reject) =>
    scrypt(passphrase.normalize('NFC'), salt, 32, SCRYPT, (err, key) => (err ? reject(err) : resolve(key))),
  );

/** Whether `file` is an encrypted backup (by its first bytes; a tar.gz starts otherwise). */
export async function isEncryptedBackup(file: string): Promise<boolean> {
  const handle = await fsp.open(file, 'r');
  try {
    const start = Buffer.alloc(MAGIC.length);
    const { bytesRead } = await handle.read(start, 0, MAGIC.length, 0);
    return bytesRead === MAGIC.length && start.equals(MAGIC);
  } finally {
    await handle.close();
  }
}

/** Writes `to`, the archive `from` encrypted under `passphrase`. */
export async function encryptBackup(from: string, to: string, passphrase: string): Promise<void> {
  const salt = randomBytes(SALT_BYTES);
  const nonce = randomBytes(NONCE_BYTES);
  const cipher = createCipheriv('aes-256-gcm', await keyOf(passphrase, salt), nonce);
  const out = createWriteStream(to, { flags: 'wx' });
  out.write(Buffer.concat([MAGIC, salt, nonce]));
  await pipeline(createReadStream(from), cipher, out, { end: false });
  await new Promise<void>((resolve, reject) =>
    out.end(cipher.getAuthTag(), (err?: Error | null) => (err ? reject(err) : resolve())),
  );
}

/**
 * Writes `to`, the archive in the encrypted backup `from`. A wrong passphrase or a changed file throws
 * BackupPassphraseError and leaves no `to`.
 */
export async function decryptBackup(from: string, to: string, passphrase: string): Promise<void> {
  const { size } = await fsp.stat(from);
  if (size < HEADER_BYTES + TAG_BYTES) throw new BackupPassphraseError('The encrypted backup is cut short.');
  const handle = await fsp.open(from, 'r');
  const header = Buffer.alloc(HEADER_BYTES);
  const tag = Buffer.alloc(TAG_BYTES);
  try {
    await handle.read(header, 0, HEADER_BYTES, 0);
    await handle.read(tag, 0, TAG_BYTES, size - TAG_BYTES);
  } finally {
    await handle.close();
  }
  const salt = header.subarray(MAGIC.length, MAGIC.length + SALT_BYTES);
  const nonce = header.subarray(MAGIC.length + SALT_BYTES);
  const decipher = createDecipheriv('aes-256-gcm', await keyOf(passphrase, salt), nonce);
  decipher.setAuthTag(tag);
  try {
    await pipeline(
      createReadStream(from, { start: HEADER_BYTES, end: size - TAG_BYTES - 1 }),
      decipher,
      createWriteStream(to, { flags: 'wx' }),
    );
  } catch (err) {
    await fsp.rm(to, { force: true });
    if (err instanceof Error && /authenticate/iu.test(err.message)) {
      throw new BackupPassphraseError(
        'BACKUP_PASSPHRASE does not open this backup, or the file was changed since it was written.',
      );
    }
    throw err;
  }
}
