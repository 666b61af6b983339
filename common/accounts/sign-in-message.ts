/** Plain sentences after a sign-in refusal's code, so staff know what to do next. */
const SENTENCES: Record<string, string> = {
  'invalid-credential': 'the e-mail or password is wrong.',
  'invalid-email': 'enter your e-mail address in the Username field.',
  'missing-password': 'enter your password.',
  'invalid-code': 'the code is wrong or was already used.',
  'code-expired': 'the sign-in took too long; enter your e-mail and password again.',
  'cross-origin': 'open the login page of this site and try again.',
  network: 'the server could not be reached; check the connection and try again.',
};

/** '14 minutes', '1 minute' or '40 seconds': the time to wait, rounded up. */
export function waitWords(seconds: number): string {
  const s = Math.max(1, Math.ceil(seconds));
  if (s < 60) return `${s} second${s === 1 ? '' : 's'}`;
  const minutes = Math.ceil(s / 60);
  return `${minutes} minute${minutes === 1 ? '' : 's'}`;
}

/**
 * The login page's words for a refusal: the code without its 'auth/' prefix (as the specification shows it),
 * then a plain sentence; a throttled sign-in says how long is left (from the answer's Retry-After).
 */
export function signInMessage(code: string, retryAfterSeconds?: number | null): string {
  const shortCode = code.replace(/^auth\//u, '');
  if (shortCode === 'too-many-requests') {
    return retryAfterSeconds && retryAfterSeconds > 0
      ? `${shortCode}: too many tries; wait ${waitWords(retryAfterSeconds)}.`
      : `${shortCode}: too many tries; wait a few minutes.`;
  }
  const sentence = SENTENCES[shortCode];
  return sentence ? `${shortCode}: ${sentence}` : shortCode;
}
