import { ApiErrorSchema, STORAGE_FULL } from '#common/api-error.ts';
import { ApiClientError } from './api-client.ts';

export interface UploadProgress {
  loaded: number;
  total: number;
  /** 0 to 1; null while the browser cannot tell the total yet. */
  fraction: number | null;
}

export interface UploadOptions {
  /** The multipart part name the API expects. */
  fieldName?: string;
  onProgress?: (progress: UploadProgress) => void;
  /** Called once every byte has been sent, while the server is still processing. */
  onSent?: () => void;
  signal?: AbortSignal;
}

/** What a failed upload says: the server's code and message, or one made from the status alone. */
export function uploadErrorFrom(status: number, responseText: string): ApiClientError {
  let body: unknown = null;
  try {
    body = JSON.parse(responseText);
  } catch {
    // Not JSON (a proxy's error page, for instance): fall back to the status below.
  }
  const parsed = ApiErrorSchema.safeParse(body);
  if (parsed.success) return new ApiClientError(status, parsed.data.error.code, parsed.data.error.message);
  // 507 means the same whoever answered it, so the admin reads the same words either way.
  if (status === 507) return new ApiClientError(status, STORAGE_FULL.code, STORAGE_FULL.message);
  return new ApiClientError(status, `http-${status}`, `The server answered ${status}.`);
}

/**
 * Sends one file as multipart/form-data with real upload progress (fetch cannot report it), same-origin
 * with cookies, and the same error shape as the JSON client (app/lib/api-client.ts).
 */
export function uploadFile<T>(path: string, file: Blob, options: UploadOptions = {}): Promise<T> {
  const { fieldName = 'file', onProgress, onSent, signal } = options;
  return new Promise<T>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', path);
    xhr.withCredentials = true;
    xhr.setRequestHeader('accept', 'application/json');
    xhr.upload.onprogress = (event) => {
      onProgress?.({
        loaded: event.loaded,
        total: event.total,
        fraction: event.lengthComputable && event.total > 0 ? event.loaded / event.total : null,
      });
    };
    xhr.upload.onload = () => onSent?.();
    xhr.onload = () => {
      if (xhr.status >= 200 && xhr.status < 300) {
        try {
          resolve((xhr.status === 204 || xhr.responseText === '' ? undefined : JSON.parse(xhr.responseText)) as T);
        } catch {
          reject(new ApiClientError(xhr.status, 'bad-response', 'The server sent an answer that could not be read.'));
        }
      } else {
        reject(uploadErrorFrom(xhr.status, xhr.responseText));
      }
    };
    xhr.onerror = () => reject(new ApiClientError(0, 'network', 'Network error: the upload did not reach the server.'));
    xhr.ontimeout = () => reject(new ApiClientError(0, 'timeout', 'The upload took too long.'));
    xhr.onabort = () => reject(new ApiClientError(0, 'aborted', 'The upload was cancelled.'));
    if (signal) {
      if (signal.aborted) {
        reject(new ApiClientError(0, 'aborted', 'The upload was cancelled.'));
        return;
      }
      signal.addEventListener('abort', () => xhr.abort(), { once: true });
    }
    const form = new FormData();
    // The server never uses the file name; send a neutral one rather than the admin's own.
    form.append(fieldName, file, 'upload');
    xhr.send(form);
  });
}
