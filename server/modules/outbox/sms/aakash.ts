import type { Delivery } from '../delivery.ts';
import type { SmsRequest, SmsSettings } from './sms-provider.ts';

/**
 * Aakash SMS, API v3: POST /sms/v3/send with `auth_token`, `to` (10-digit numbers, comma-separated) and
 * `text`; the sender is the one set on the account. The answer is JSON with `error` (a boolean) and
 * `message`; when queued, `data.valid` lists the numbers taken and `data.invalid` those refused.
 */
export const aakashRequest = (settings: SmsSettings, to: string, text: string): SmsRequest => ({
  path: '/sms/v3/send',
  body: new URLSearchParams({ auth_token: settings.token, to, text }),
});

/** Aakash's refusals, recognised by their message, in the office's words. */
const AAKASH_REFUSALS: { pattern: RegExp; words: string; final: boolean }[] = [
  { pattern: /invalid (mobile|number|receiver)|no valid/iu, words: 'the number is not a valid receiver', final: true },
  { pattern: /credit|balance/iu, words: 'not enough credit on the account', final: false },
  { pattern: /\bip\b/iu, words: 'this server’s IP address is not allowed on the Aakash account', final: false },
  { pattern: /token|auth/iu, words: 'the auth token is not valid', final: false },
];

export function readAakashAnswer(status: number, body: unknown): Delivery {
  const answer = body as { error?: unknown; message?: unknown; data?: { valid?: unknown[]; invalid?: unknown[] } };
  const said = typeof answer.message === 'string' ? answer.message : '';
  const valid = Array.isArray(answer.data?.valid) ? answer.data.valid.length : 0;
  if (status === 200 && answer.error === false && valid > 0)
    return { outcome: 'sent', answer: `Aakash SMS: ${said || 'queued'}` };
  if (answer.error === false && valid === 0)
    return { outcome: 'refused', answer: 'Aakash SMS refused: the number is not a valid receiver.' };
  const known = AAKASH_REFUSALS.find((r) => r.pattern.test(said));
  if (known)
    return { outcome: known.final ? 'refused' : 'failed', answer: `Aakash SMS refused: ${known.words} (${said}).` };
  return { outcome: 'failed', answer: `Aakash SMS answered HTTP ${status}: ${said || 'no message'}` };
}
