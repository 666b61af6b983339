/** One message per refused field, keyed by the field's name. */
export type FieldErrors = Record<string, string>;
/** The text fields of a refused form, so that the page sent back shows what was typed (never a password). */
export type FormValues = Record<string, string>;

export interface WriteDone {
  ok: true;
  /** What the toast (or, without JavaScript, the page) says; null where the specification says nothing. */
  message: string | null;
  /** A form rearranged on the server without saving (JavaScript off): shown again with these values. */
  values?: FormValues;
  /** The id of what the write created, where the page follows it up (a notice's attachments, sent with progress). */
  created?: string;
  /** What the person sees this once and never again (two-factor recovery codes): only its hashes are kept. */
  shownOnce?: string[];
  /** Files of a multi-file form that were not taken, each with its reason: the others were (shown as a warning). */
  notTaken?: string[];
  /** Which of a page's forms was sent (its `form` field), so the answer shows in that form when JavaScript is off. */
  form?: string;
}

export interface WriteRefused {
  ok: false;
  /** The failure's words above its reason ('Failed to create notice.'); null where there are none (the admin then only logs). */
  title: string | null;
  /** A code of the closed vocabulary (common/api-error.ts), or one the browser gave (network, timeout). */
  code: string;
  /** Why, in words: the server's message for this refusal. */
  message: string;
  fieldErrors?: FieldErrors;
  values?: FormValues;
}

/**
 * What every form's action answers, whichever way it went and wherever the form is: the admin's writes
 * (with or without JavaScript, and the upload client) and the forms outside the admin (contact, login,
 * the one-time link). One shape, so a page shows it one way: the message, each field's error beside it,
 * and the fields as they were typed.
 */
export type WriteResult = WriteDone | WriteRefused;

/** A form outside the admin refused: its reason, and the fields to mark and to show again. */
export function formRefused(
  { code, message }: { code: string; message: string },
  extra: Pick<WriteRefused, 'fieldErrors' | 'values'> = {},
): WriteRefused {
  return { ok: false, title: null, code, message, ...extra };
}
