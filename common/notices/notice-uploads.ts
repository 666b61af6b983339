/**
 * How the add-notice form and its page action name the files the server keeps while the form is refused
 * (a file refused, a field to correct): the form's token, the kept files sent back, and the ticks that keep them.
 */
export const NOTICE_UPLOAD_FIELDS = {
  /** A hidden field: the token the kept files are filed under. */
  token: 'uploadToken',
  /** In a refused answer's values: the kept files as JSON, `[{ key, name }]`. */
  attached: 'attached',
  /** A checkbox per kept file, its key as value: ticked, the file is saved with the notice. */
  keep: 'keepAttachment',
} as const;

/** One file kept for a refused form: its storage key and the name it was chosen by. */
export interface KeptUpload {
  key: string;
  name: string;
}

const TOKEN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/u;

/** A form token is a random UUID made by the server; anything else names no kept files. */
export const isUploadToken = (token: string): boolean => TOKEN.test(token);

/** The kept files listed in a refused answer's values (none when absent or not readable). */
export function keptUploads(values: Record<string, string> | undefined): KeptUpload[] {
  const raw = values?.[NOTICE_UPLOAD_FIELDS.attached];
  if (!raw) return [];
  try {
    const parsed: unknown = JSON.parse(raw);
    if (!Array.isArray(parsed)) return [];
    return parsed.filter(
      (k): k is KeptUpload =>
        typeof k === 'object' && k !== null && typeof k.key === 'string' && typeof k.name === 'string',
    );
  } catch {
    return [];
  }
}
