import { SESSION_ENDED, STORAGE_FULL } from '#common/api-error.ts';
import type { WriteMessages } from './admin-messages.ts';

/** One message per refused field, keyed by the field's name. */
export type FieldErrors = Record<string, string>;
/** The text fields of a refused form, so that the page sent back shows what was typed. */
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
}

export interface WriteRefused {
  ok: false;
  /** The specification's failure wording ('Failed to create notice.'); null where it only logs. */
  title: string | null;
  /** A code of the closed vocabulary (common/api-error.ts), or one the browser gave (network, timeout). */
  code: string;
  /** Why, in words: the server's message for this refusal. */
  message: string;
  fieldErrors?: FieldErrors;
  values?: FormValues;
}

/**
 * What every admin write answers, whichever way it went: a page action (a form posted with or without
 * JavaScript) or the upload client. One shape, so one place shows it (toast, inline, session ended).
 */
export type WriteResult = WriteDone | WriteRefused;

export const writeDone = (messages: WriteMessages, message = messages.done): WriteDone => ({ ok: true, message });

export function writeRefused(
  messages: WriteMessages,
  { code, message }: { code: string; message: string },
  extra: Pick<WriteRefused, 'fieldErrors' | 'values'> = {},
): WriteRefused {
  return { ok: false, title: messages.failed, code, message, ...extra };
}

function isWriteResult(value: unknown): value is WriteResult {
  return typeof value === 'object' && value !== null && 'ok' in value && typeof value.ok === 'boolean';
}

/** Whether a write was refused because the admin's session has ended (or was revoked). */
export function isSessionEnded(value: unknown): boolean {
  return isWriteResult(value) && !value.ok && value.code === SESSION_ENDED.code;
}

/** Refusals that stay on the page after their toast has gone: the admin must act on them (sign in, free space). */
export function isLasting(result: WriteResult | undefined): result is WriteRefused {
  return (
    result !== undefined && !result.ok && (result.code === SESSION_ENDED.code || result.code === STORAGE_FULL.code)
  );
}
