import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { SETTINGS_KEY_FILE, SettingsKeyError, createSettingsCipher, parseSettingsKey } from './settings-key.ts';

const dirs: string[] = [];
const tempDir = () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'orbit-key-'));
  dirs.push(dir);
  return dir;
};
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

describe('the settings key', () => {
  it('is made in DATA_DIR/keys/settings.key, readable by the server alone, the first time a secret is sealed', () => {
    const dataDir = tempDir();
    const cipher = createSettingsCipher({ dataDir });
    const file = path.join(dataDir, SETTINGS_KEY_FILE);
    expect(fs.existsSync(file)).toBe(false);
    const sealed = cipher.seal('app-password-1234');
    expect(sealed).toMatch(/^sealed:v1:/u);
    expect(sealed).not.toContain('app-password');
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    expect(cipher.open(sealed)).toBe('app-password-1234');
    // Another process on the same DATA_DIR reads the same key.
    expect(createSettingsCipher({ dataDir }).open(sealed)).toBe('app-password-1234');
  });

  it('seals the same text differently each time', () => {
    const cipher = createSettingsCipher({ dataDir: tempDir() });
    expect(cipher.seal('same')).not.toBe(cipher.seal('same'));
  });

  it('comes from SETTINGS_KEY when set, and then no file is made', () => {
    const dataDir = tempDir();
    const envKey = 'ab'.repeat(32);
    const sealed = createSettingsCipher({ envKey, dataDir }).seal('token-1');
    expect(fs.existsSync(path.join(dataDir, SETTINGS_KEY_FILE))).toBe(false);
    expect(createSettingsCipher({ envKey, dataDir: tempDir() }).open(sealed)).toBe('token-1');
    expect(parseSettingsKey(Buffer.alloc(32, 7).toString('base64'))).toEqual(Buffer.alloc(32, 7));
    expect(parseSettingsKey('too-short')).toBeUndefined();
  });

  it('refuses, in words and without the secret, a value sealed under another key', () => {
    const sealed = createSettingsCipher({ dataDir: tempDir() }).seal('app-password-1234');
    const other = createSettingsCipher({ dataDir: tempDir() });
    other.seal('makes its own key');
    expect(() => other.open(sealed)).toThrow(SettingsKeyError);
    expect(() => other.open(sealed)).toThrow(/not the key it was saved with/u);
  });

  it('says the key file is missing rather than making a new one when opening', () => {
    const dataDir = tempDir();
    const sealed = createSettingsCipher({ dataDir }).seal('x');
    fs.rmSync(path.join(dataDir, SETTINGS_KEY_FILE));
    expect(() => createSettingsCipher({ dataDir }).open(sealed)).toThrow(/cannot be read \(ENOENT\)/u);
    expect(fs.existsSync(path.join(dataDir, SETTINGS_KEY_FILE))).toBe(false);
  });

  it('returns a value stored before secrets were sealed as it is', () => {
    expect(createSettingsCipher({ dataDir: tempDir() }).open('plain-old-token')).toBe('plain-old-token');
  });
});
