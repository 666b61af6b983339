import { bsDateProblem, toBsDate } from '#common/dates/bs-date.ts';
import { bsDateString } from '#common/dates/bs-date-string.ts';
import { latinDigits } from '#common/digits.ts';
import { APPLICATION_HONEYPOT, APPLICATION_TEXT_FIELDS } from '#common/admission/application-form.ts';
import { DOCUMENT_KINDS, type DocumentKind } from '#common/admission/application.ts';
import { FORM_TOKEN_FIELD } from '#common/inquiry.ts';
import type { SiteLanguage } from '#common/site-content/local-text.ts';
import type { ApplyRequest, SentFile } from '#server/modules/admission/index.ts';
import { KEEP_FIELD, UPLOAD_TOKEN_FIELD, fileField } from '#app/admission/components/application-form.tsx';
import { noticeQrSvg } from '#app/lib/notice-qr.server.ts';

/** A posted field's text ('' when absent or a file). */
export const formText = (form: FormData, name: string) => {
  const value = form.get(name);
  return typeof value === 'string' ? value : '';
};

/** The B.S. years a date of birth may be chosen from on the look-up forms: students of 10 to 30. */
export function birthYearChoices(now: Date): number[] {
  const year = toBsDate(now).year;
  return Array.from({ length: 21 }, (_, i) => year - 10 - i);
}

/**
 * The date of birth of a look-up form (the results' roll number, the lost key's reference): its three B.S.
 * choices as posted, for the refused form to show again, and the 'YYYY-MM-DD' they name (null for no such day).
 */
export function readBirthDate(form: FormData) {
  // Numbers typed or chosen in Devanagari digits are read in Latin ones; a value sent back is kept short.
  const part = (name: string) => latinDigits(formText(form, name)).slice(0, 20);
  const values = { birth_year: part('birth_year'), birth_month: part('birth_month'), birth_day: part('birth_day') };
  const birth = { year: Number(values.birth_year), month: Number(values.birth_month), day: Number(values.birth_day) };
  return { values, date: bsDateProblem(birth) ? null : bsDateString(birth) };
}

/** The files chosen in one file input, for a document (an empty input sends one nameless, empty file). */
export async function filesIn(form: FormData, field: string, kind: DocumentKind): Promise<SentFile[]> {
  const files: SentFile[] = [];
  for (const entry of form.getAll(field)) {
    if (!(entry instanceof File) || entry.size === 0) continue;
    // The posted file's own bytes, not a copy (server/pages/form-body.ts).
    const bytes = await entry.bytes();
    files.push({ kind, name: entry.name || 'file', body: Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength) });
  }
  return files;
}

/** The files chosen for every document of the application form. */
async function sentFiles(form: FormData): Promise<SentFile[]> {
  const files: SentFile[] = [];
  for (const kind of DOCUMENT_KINDS) files.push(...(await filesIn(form, fileField(kind), kind)));
  return files;
}

/** The application form as posted, for the intake service. */
export async function readApplyRequest(form: FormData, lang: SiteLanguage, clientIp: string): Promise<ApplyRequest> {
  return {
    values: Object.fromEntries(APPLICATION_TEXT_FIELDS.map((name) => [name, formText(form, name)])),
    files: await sentFiles(form),
    keep: form.getAll(KEEP_FIELD).filter((k): k is string => typeof k === 'string'),
    uploadToken: formText(form, UPLOAD_TOKEN_FIELD),
    formToken: formText(form, FORM_TOKEN_FIELD),
    honeypot: formText(form, APPLICATION_HONEYPOT),
    lang,
    clientIp,
  };
}

/**
 * The status page's address, and its QR code with the reference and the access key after '#' (the part a
 * browser never sends: the status page's script writes them into its form, so a phone opens the status at once).
 */
export async function statusAddress(siteUrl: string, lang: SiteLanguage, reference: string, accessKey: string) {
  const statusUrl = `${siteUrl}${lang === 'ne' ? '/ne' : ''}/admission/status`;
  return { statusUrl, qrSvg: await noticeQrSvg(`${statusUrl}#ref=${reference}&key=${accessKey}`, { quick: true }) };
}
