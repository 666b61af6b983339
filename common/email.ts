/**
 * An e-mail address as a person types it: kept deliberately simple, the shape a browser's own check for
 * type="email" expects (something, @, a domain with at least one dot, no spaces).
 */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@.]+(\.[^\s@.]+)+$/u;

export const EMAIL_MESSAGE = 'Enter an e-mail address, like name@example.com.';

export const isEmailAddress = (value: string): boolean => EMAIL_PATTERN.test(value.trim());

/**
 * Sign-in asks only for something shaped like an address: accounts made from the command line before it
 * followed EMAIL_PATTERN may have one without a dot in the domain (admin@localhost), and they can sign in.
 */
export const looksLikeEmailAddress = (value: string): boolean => /^[^\s@]+@[^\s@]+$/u.test(value.trim());

/** One mailbox, however it is written: case, spaces and a `+tag` in the local part do not make another. */
export function mailboxKey(email: string): string {
  const [local = '', domain = ''] = email
    .trim()
    .toLowerCase()
    .split(/@(?=[^@]*$)/u);
  return `${local.replace(/\+.*$/u, '')}@${domain}`;
}

/**
 * A From header's sender: the name as it is when it is plain words, quoted otherwise (so a comma or an angle
 * bracket in a college's name stays part of the name), then the address.
 */
export function mailboxOf(name: string, address: string): string {
  const oneLine = name.replace(/[\r\n]+/gu, ' ').trim();
  const shown = /^[\p{L}\p{M}\p{N} .'-]+$/u.test(oneLine) ? oneLine : `"${oneLine.replace(/["\\]/gu, '\\$&')}"`;
  return `${shown} <${address}>`;
}
