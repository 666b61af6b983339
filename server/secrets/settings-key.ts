import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/**
 * Secrets the owner types in the admin (the SMTP password, the SMS token) are stored sealed with AES-256-GCM
 * under a key that is never in the database: SETTINGS_KEY when the server's environment sets it (64 hex digits
 * or 32 bytes in base64), else the file keys/settings.key in DATA_DIR, made (mode 0600) the first time a secret
 * is saved. A copy of the database alone opens nothing; a restore on a new machine needs the key too.
 */
export const SETTINGS_KEY_FILE = path.join('keys', 'settings.key');

/** A sealed value: the format's mark, then base64 of the 12-byte IV, the 16-byte tag and the ciphertext. */
const PREFIX = 'sealed:v1:';

export class SettingsKeyError extends Error {
  override name = 'SettingsKeyError';
}

/** The 32-byte key from SETTINGS_KEY's text, or undefined when it is neither 64 hex digits nor 32 bytes of base64. */
export function parseSettingsKey(text: string): Buffer | undefined {
  const t = text.trim();
  if (/^[0-9a-f]{64}$/iu.test(t)) return Buffer.from(t, 'hex');
  if (/^[A-Za-z0-9+/]{43}=?$/u.test(t)) {
    const key = Buffer.from(t, 'base64');
    if (key.length === 32) return key;
  }
  return undefined;
}

export interface SettingsCipher {
  /** Where the key comes from, in words for the owner and the docs ('SETTINGS_KEY', or the file's path). */
  readonly source: string;
  seal(plain: string): string;
  /** The plain text of a sealed value; a value stored before secrets were sealed is returned as it is. */
  open(stored: string): string;
  isSealed(stored: string): boolean;
}

/** The settings key of this install: from `envKey` when set, else the key file in `dataDir` (made when first sealing). */
export function createSettingsCipher({ envKey, dataDir }: { envKey?: string; dataDir: string }): SettingsCipher {
  const file = path.join(dataDir, SETTINGS_KEY_FILE);
  const source = envKey ? 'the server’s SETTINGS_KEY' : file;
  let key: Buffer | undefined;

  function readKey(create: boolean): Buffer {
    if (key) return key;
    if (envKey) {
      const parsed = parseSettingsKey(envKey);
      if (!parsed) throw new SettingsKeyError('SETTINGS_KEY must be 64 hex digits (openssl rand -hex 32).');
      key = parsed;
      return key;
    }
    let text: string;
    try {
      text = fs.readFileSync(file, 'utf8');
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'ENOENT' || !create)
        throw new SettingsKeyError(
          `The settings key ${file} cannot be read (${(err as NodeJS.ErrnoException).code ?? 'error'}): restore it from the backup it was saved with, or enter the password and token again.`,
        );
      fs.mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
      const made = randomBytes(32).toString('hex');
      try {
        // 'wx': another process that made it first wins, and this one reads that key.
        fs.writeFileSync(file, `${made}\n`, { mode: 0o600, flag: 'wx' });
      } catch (writeErr) {
        if ((writeErr as NodeJS.ErrnoException).code !== 'EEXIST') throw writeErr;
      }
      text = fs.readFileSync(file, 'utf8');
    }
    const parsed = parseSettingsKey(text);
    if (!parsed) throw new SettingsKeyError(`The settings key ${file} is not 64 hex digits: it is damaged.`);
    key = parsed;
    return key;
  }

  const isSealed = (stored: string) => stored.startsWith(PREFIX);

  return {
    source,
    isSealed,
    seal(plain) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', readKey(true), iv);
      const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return `${PREFIX}${Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64')}`;
    },
    open(stored) {
      if (!isSealed(stored)) return stored;
      const raw = Buffer.from(stored.slice(PREFIX.length), 'base64');
      if (raw.length < 28) throw new SettingsKeyError('A stored secret is damaged: enter it again.');
      const decipher = createDecipheriv('aes-256-gcm', readKey(false), raw.subarray(0, 12));
      decipher.setAuthTag(raw.subarray(12, 28));
      try {
        return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString('utf8');
      } catch {
        throw new SettingsKeyError(
          `A stored secret cannot be opened with the settings key (${source}): it is not the key it was saved with. Restore that key, or enter the password and token again.`,
        );
      }
    },
  };
}
