import type { SmsProvider } from '#common/messages.ts';
import type { Courier, Delivery } from '../delivery.ts';
import { aakashRequest, readAakashAnswer } from './aakash.ts';
import { readSparrowAnswer, sparrowRequest } from './sparrow.ts';

export interface SmsSettings {
  provider: SmsProvider;
  token: string;
  sender: string;
}

/** Where each provider's API is; tests point these at a local stand-in speaking the same requests. */
export const SMS_BASE_URLS: Record<SmsProvider, string> = {
  sparrow: 'https://api.sparrowsms.com',
  aakash: 'https://sms.aakashsms.com',
};

const SMS_TIMEOUT_MS = 20_000;

/** One provider's request and how to read its answer. */
export interface SmsRequest {
  path: string;
  body: URLSearchParams;
}

/** An SMS courier for the configured provider: one HTTP POST per message, the answer read in words. */
export function createSmsCourier(
  settings: SmsSettings,
  baseUrls: Record<SmsProvider, string> = SMS_BASE_URLS,
): Courier {
  return {
    async send({ recipient, text }): Promise<Delivery> {
      const request =
        settings.provider === 'sparrow'
          ? sparrowRequest(settings, recipient, text)
          : aakashRequest(settings, recipient, text);
      let response: Response;
      try {
        response = await fetch(`${baseUrls[settings.provider].replace(/\/+$/u, '')}${request.path}`, {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
          body: request.body,
          signal: AbortSignal.timeout(SMS_TIMEOUT_MS),
        });
      } catch (err) {
        return { outcome: 'failed', answer: `The SMS provider could not be reached: ${(err as Error).message}` };
      }
      const raw = await response.text();
      let body: unknown;
      try {
        body = JSON.parse(raw);
      } catch {
        return { outcome: 'failed', answer: `The SMS provider answered HTTP ${response.status} without JSON.` };
      }
      return settings.provider === 'sparrow'
        ? readSparrowAnswer(response.status, body)
        : readAakashAnswer(response.status, body);
    },
  };
}
