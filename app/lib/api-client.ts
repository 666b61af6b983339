import { ApiErrorSchema } from '#common/api-error.ts';

/** An API answer that was not 2xx, with the server's stable code and human message. */
export class ApiClientError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
    this.name = 'ApiClientError';
  }
}

export interface ApiRequest {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  json?: unknown;
  signal?: AbortSignal;
}

/** The one way the browser calls /api: JSON in and out, cookies same-origin, errors as ApiClientError. */
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
    throw new ApiClientError(0, 'network', err instanceof Error ? `Network error: ${err.message}` : 'Network error');
  }
  if (response.status === 204) return undefined as T;
  const body: unknown = await response.json().catch(() => null);
  if (!response.ok) {
    const parsed = ApiErrorSchema.safeParse(body);
    const { code, message } = parsed.success
      ? parsed.data.error
      : { code: `http-${response.status}`, message: `The server answered ${response.status}.` };
    throw new ApiClientError(response.status, code, message);
  }
  return body as T;
}
