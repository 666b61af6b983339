import {
  ApiErrorSchema,
  type ApiErrorCode,
  REQUEST_FAILURES,
  type RequestFailureCode,
  apiErrorMessage,
} from '#common/api-error.ts';
import type { WriteMessages } from './admin/admin-messages.ts';
import { type WriteRefused, writeRefused } from './admin/admin-result.ts';

/** An API answer that was not 2xx (or none at all), with a stable code and the words to show. */
export class ApiClientError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    /** The answer's Retry-After in seconds (a throttled or busy answer), or null. */
    readonly retryAfterSeconds: number | null = null,
  ) {
    super(message);
    this.name = 'ApiClientError';
  }
}

/** A failure the browser saw before any answer could be read (status 0). */
export const requestFailure = (code: RequestFailureCode) => new ApiClientError(0, code, REQUEST_FAILURES[code]);

/**
 * Statuses whose meaning does not depend on who answered (our server or a proxy in front of it): an answer
 * without our error body still gets the vocabulary's words for them.
 */
const CODE_OF_STATUS: Partial<Record<number, ApiErrorCode>> = {
  401: 'auth/unauthenticated',
  413: 'payload-too-large',
  507: 'storage/full',
};

/** The one place where an answer that is not 2xx becomes a code and words, for JSON calls and uploads alike. */
export function errorFromAnswer(status: number, bodyText: string, retryAfter: string | null = null): ApiClientError {
  const seconds = retryAfter !== null && /^\d+$/u.test(retryAfter.trim()) ? Number(retryAfter) : null;
  let body: unknown = null;
  try {
    body = JSON.parse(bodyText);
  } catch {
    // Not JSON (a proxy's error page, for instance): the status decides below.
  }
  const parsed = ApiErrorSchema.safeParse(body);
  if (parsed.success) return new ApiClientError(status, parsed.data.error.code, parsed.data.error.message, seconds);
  const code = CODE_OF_STATUS[status];
  if (code) return new ApiClientError(status, code, apiErrorMessage(code), seconds);
  return new ApiClientError(status, `http-${status}`, `The server answered ${status}.`, seconds);
}

/** A failed call as the admin's write result, titled with the specification's words for that write. */
export function refusedWrite(messages: WriteMessages, err: unknown): WriteRefused {
  const failure = err instanceof ApiClientError ? err : new ApiClientError(0, 'internal', apiErrorMessage('internal'));
  return writeRefused(messages, failure);
}

export interface ApiRequest {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  json?: unknown;
  signal?: AbortSignal;
}

/** The one way the browser calls /api with JSON: cookies same-origin, errors as ApiClientError. */
export async function api<T>(path: string, { method = 'GET', json, signal }: ApiRequest = {}): Promise<T> {
  let response: Response;
  try {
    response = await fetch(path, {
      method,
      signal,
      credentials: 'same-origin',
      headers:
        json === undefined
          ? { accept: 'application/json' }
          : { accept: 'application/json', 'content-type': 'application/json' },
      body: json === undefined ? undefined : JSON.stringify(json),
    });
  } catch (err) {
    throw requestFailure(err instanceof DOMException && err.name === 'AbortError' ? 'aborted' : 'network');
  }
  if (response.status === 204) return undefined as T;
  const text = await response.text();
  if (!response.ok) throw errorFromAnswer(response.status, text, response.headers.get('retry-after'));
  try {
    return JSON.parse(text) as T;
  } catch {
    throw requestFailure('bad-response');
  }
}
