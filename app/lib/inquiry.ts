import { DATABASE_BUSY } from '#common/api-error.ts';
import type { InquiryInput } from '#common/inquiry.ts';

/** The contact form's fields, in the order of the form (SPEC.md section 3), plus the honeypot. */
export const INQUIRY_FIELDS = ['first_name', 'last_name', 'phone', 'email', 'subject', 'message'] as const;
export type InquiryField = (typeof INQUIRY_FIELDS)[number];
export const HONEYPOT_FIELD = 'website';

export function readInquiry(form: FormData): InquiryInput {
  const value = (name: string) => {
    const v = form.get(name);
    return typeof v === 'string' ? v : '';
  };
  const input: InquiryInput = {
    first_name: value('first_name'),
    last_name: value('last_name'),
    phone: value('phone'),
    email: value('email'),
    subject: value('subject'),
    message: value('message'),
  };
  const website = value(HONEYPOT_FIELD);
  return website ? { ...input, website } : input;
}

export interface ClientError {
  statusCode: number;
  message: string;
  headers?: Record<string, string>;
}

/**
 * A service's AppError for the client (4xx, or the busy database's 503: nothing was saved and sending the
 * same form again soon will work): its message is safe to show. Anything else is a real failure.
 */
export function isClientError(err: unknown): err is ClientError {
  if (typeof err !== 'object' || err === null) return false;
  const { statusCode, message, code } = err as Partial<ClientError> & { code?: unknown };
  if (typeof statusCode !== 'number' || typeof message !== 'string') return false;
  return (statusCode >= 400 && statusCode < 500) || code === DATABASE_BUSY.code;
}

/** The form's outcome, from the page action (no JavaScript) or from the fetch (JavaScript). */
export type InquiryResult =
  { ok: true; message: string } | { ok: false; message: string; values?: Partial<Record<InquiryField, string>> };
