import { DATABASE_BUSY, DATABASE_DAMAGED, STORAGE_FULL, refusalOf } from '#common/api-error.ts';
import { interfaceText } from '#common/i18n/catalogue.ts';
import {
  INQUIRY_FORM_EXPIRED,
  INQUIRY_FORM_INVALID,
  INQUIRY_FORM_USED,
  INQUIRY_TOO_FAST,
  INQUIRY_TOO_MANY,
  type InquiryInput,
  InquiryInputSchema,
  inquiryInputSchema,
} from '#common/inquiry.ts';
import type { SiteLanguage } from '#common/site-content/local-text.ts';

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
 * A service's refusal the contact page shows with the form kept: a 4xx, or the busy database's 503 or the
 * full disk's 507, after which nothing was saved and the same form can be sent again. Anything else is a
 * real failure, for the error page.
 */
export function isClientError(err: unknown): err is ClientError {
  return refusalOf(err) !== null;
}

export type InquiryFieldErrors = Partial<Record<InquiryField, string>>;

const NEPALI_INQUIRY_SCHEMA = inquiryInputSchema(interfaceText('ne').formMessages);

/**
 * The first message of the shared schema for each refused field, in the page's language, or null when every
 * visible field is accepted.
 */
export function inquiryFieldErrors(input: InquiryInput, lang: SiteLanguage = 'en'): InquiryFieldErrors | null {
  const parsed = (lang === 'ne' ? NEPALI_INQUIRY_SCHEMA : InquiryInputSchema).safeParse(input);
  if (parsed.success) return null;
  const found: InquiryFieldErrors = {};
  for (const issue of parsed.error.issues) {
    const field = INQUIRY_FIELDS.find((name) => name === issue.path[0]);
    if (field) found[field] ??= issue.message;
  }
  // Only the visible fields are marked; anything else (the honeypot) is the service's to refuse.
  return Object.keys(found).length > 0 ? found : null;
}

/** The service's refusals of a form, by code, with their text in each language's catalogue. */
const REFUSALS = {
  [INQUIRY_TOO_FAST.code]: 'tooFast',
  [INQUIRY_FORM_EXPIRED.code]: 'formExpired',
  [INQUIRY_FORM_INVALID.code]: 'formInvalid',
  [INQUIRY_FORM_USED.code]: 'formUsed',
  [INQUIRY_TOO_MANY.code]: 'tooMany',
  [DATABASE_BUSY.code]: 'databaseBusy',
  [STORAGE_FULL.code]: 'outOfSpace',
  [DATABASE_DAMAGED.code]: 'databaseDamaged',
} as const;

/**
 * A refusal's message in the page's language. One the catalogue does not word is shown as the service said it
 * on English pages, and as the catalogue's general "not sent" on Nepali ones, which show no English.
 */
export function refusalMessage(code: unknown, message: string, lang: SiteLanguage): string {
  const key =
    typeof code === 'string' && Object.hasOwn(REFUSALS, code) ? REFUSALS[code as keyof typeof REFUSALS] : null;
  const { formMessages } = interfaceText(lang);
  if (key) return formMessages[key];
  return lang === 'en' ? message : formMessages.notSent;
}
