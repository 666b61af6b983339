import { errorFromAnswer, requestFailure } from './api-client.ts';

export interface UploadProgress {
  loaded: number;
  total: number;
  /** 0 to 1; null while the browser cannot tell the total yet. */
  fraction: number | null;
}

export interface UploadOptions {
  /** The multipart part name the API expects. */
  fieldName?: string;
  /** Text fields sent before the file (a slide's description). */
  fields?: Record<string, string>;
  onProgress?: (progress: UploadProgress) => void;
  /** Called once every byte has been sent, while the server is still processing. */
  onSent?: () => void;
  signal?: AbortSignal;
}

/**
 * Sends one file as multipart/form-data with real upload progress (fetch cannot report it), same-origin
 * with cookies; a refusal is read by the same code as the JSON client's (app/lib/api-client.ts).
 */
export function uploadFile<T>(path: string, file: Blob, options: UploadOptions = {}): Promise<T> {
  const { fieldName = 'file', fields = {}, onProgress, onSent, signal } = options;
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
      if (xhr.status < 200 || xhr.status >= 300) {
        reject(errorFromAnswer(xhr.status, xhr.responseText));
        return;
      }
      try {
        resolve((xhr.status === 204 || xhr.responseText === '' ? undefined : JSON.parse(xhr.responseText)) as T);
      } catch {
        reject(requestFailure('bad-response'));
      }
    };
    xhr.onerror = () => reject(requestFailure('network'));
    xhr.ontimeout = () => reject(requestFailure('timeout'));
    xhr.onabort = () => reject(requestFailure('aborted'));
    if (signal) {
      if (signal.aborted) {
        reject(requestFailure('aborted'));
        return;
      }
      signal.addEventListener('abort', () => xhr.abort(), { once: true });
    }
    const form = new FormData();
    for (const [name, value] of Object.entries(fields)) form.append(name, value);
    // The server never uses the file name; send a neutral one rather than the admin's own.
    form.append(fieldName, file, 'upload');
    xhr.send(form);
  });
}
