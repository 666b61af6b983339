/**
 * An application's access key: 28 characters of Crockford's base32 (140 random bits), shown and printed in
 * seven groups of four. A family types it from the confirmation, so reading it forgives what people do:
 * lower case, spaces or dashes anywhere, O for 0 and I or L for 1 (base32 of this kind has no O, I, L or U).
 */
export const ACCESS_KEY_ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
export const ACCESS_KEY_LENGTH = 28;

/** The key as typed, in its plain form (28 characters of the alphabet), or null when it cannot be one. */
export function readAccessKey(text: string): string | null {
  const plain = text
    .toUpperCase()
    .replace(/[\s\-–—.]/gu, '')
    .replace(/O/gu, '0')
    .replace(/[IL]/gu, '1');
  if (plain.length !== ACCESS_KEY_LENGTH) return null;
  for (const c of plain) if (!ACCESS_KEY_ALPHABET.includes(c)) return null;
  return plain;
}

/** The key as shown and printed: groups of four joined by dashes. */
export const formatAccessKey = (plain: string): string => plain.match(/.{1,4}/gu)?.join('-') ?? plain;
