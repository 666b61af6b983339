import type { Delivery } from '../delivery.ts';
import type { SmsRequest, SmsSettings } from './sms-provider.ts';

/**
 * Sparrow SMS, API v2 as its documentation describes it: POST /v2/sms/ with `token`, `from` (the sender
 * identity Sparrow gives the account), `to` (10-digit numbers, comma-separated) and `text`. 200 with
 * `response_code: 200` and a count when queued; 403 with a numbered `response_code` otherwise.
 */
export const sparrowRequest = (settings: SmsSettings, to: string, text: string): SmsRequest => ({
  path: '/v2/sms/',
  body: new URLSearchParams({ token: settings.token, from: settings.sender, to, text }),
});

/** Sparrow's documented refusals in the office's words; `final`: another try would be refused the same. */
export const SPARROW_CODES: Record<number, { words: string; final: boolean }> = {
  1000: { words: 'a required field is missing', final: true },
  1001: { words: 'this server’s IP address is not allowed on the Sparrow account', final: false },
  1002: { words: 'the token is not valid', final: false },
  1003: { words: 'the account is inactive', final: false },
  1004: { words: 'the account is inactive', final: false },
  1005: { words: 'the account has expired', final: false },
  1006: { words: 'the account has expired', final: false },
  1007: { words: 'the number is not a valid receiver', final: true },
  1008: { words: 'the sender identity is not valid', final: false },
  1010: { words: 'the text is empty', final: true },
  1011: { words: 'no valid receiver', final: true },
  1012: { words: 'no credit left on the account', final: false },
  1013: { words: 'not enough credit on the account', final: false },
};

export function readSparrowAnswer(status: number, body: unknown): Delivery {
  const answer = body as { response_code?: unknown; response?: unknown; count?: unknown };
  const code = Number(answer.response_code);
  const said = typeof answer.response === 'string' ? answer.response : '';
  if (status === 200 && code === 200) return { outcome: 'sent', answer: `Sparrow SMS: ${said || 'queued'}` };
  const known = SPARROW_CODES[code];
  if (known)
    return { outcome: known.final ? 'refused' : 'failed', answer: `Sparrow SMS refused (${code}): ${known.words}.` };
  return { outcome: 'failed', answer: `Sparrow SMS answered HTTP ${status}, code ${code || 'none'}: ${said}`.trim() };
}
