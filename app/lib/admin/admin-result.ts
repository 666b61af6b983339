import { SESSION_ENDED, STORAGE_FULL } from '#common/api-error.ts';
import type { WriteMessages } from './admin-messages.ts';
import type { WriteDone, WriteRefused, WriteResult } from '../form-result.ts';

// The shape itself is shared with the forms outside the admin (form-result.ts); the admin's pages import it from here.
export type { FieldErrors, FormValues, WriteDone, WriteRefused, WriteResult } from '../form-result.ts';

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
