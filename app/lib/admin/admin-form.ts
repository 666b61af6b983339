import type { z } from 'zod';
import type { FieldErrors, FormValues } from './admin-result.ts';

/**
 * The first message of a shared schema for each refused field, or null when the values pass. The form
 * (before sending) and the page action (after) both ask this, so they show the same words per field.
 * A nested field is named by its path with dots ('name.en', 'phones.1'), as the form names its control.
 */
export function fieldErrorsOf(schema: z.ZodType, values: unknown): FieldErrors | null {
  const result = schema.safeParse(values);
  if (result.success) return null;
  const errors: FieldErrors = {};
  for (const issue of result.error.issues) {
    const field = issue.path.map(String).join('.');
    errors[field] ??= issue.message;
  }
  return errors;
}

/** A text field of a posted form ('' when absent or a file). */
export function formText(form: FormData, name: string): string {
  const value = form.get(name);
  return typeof value === 'string' ? value : '';
}

/** Fields never sent back into a page: a password stays only in the browser that typed it. */
const SECRET_FIELDS = new Set(['password', 'current', 'proof', 'smsToken']);

/** Every text field of a posted form except the intent and passwords, to send a refused form back as it was typed. */
export function formValues(form: FormData): FormValues {
  const values: FormValues = {};
  for (const [name, value] of form) {
    if (name !== 'intent' && !SECRET_FIELDS.has(name) && typeof value === 'string') values[name] = value;
  }
  return values;
}

/** The three parts a BsDateField posts for its field `name`, in the order a B.S. date string has them. */
export const BS_DATE_PARTS = ['Year', 'Month', 'Day'] as const;

/**
 * A B.S. date chosen in a BsDateField as 'YYYY-MM-DD' (B.S.), from its parts in `values` (a posted form's,
 * or a form's own state): '' when no part was chosen, and '-' when only some were, so the schema refuses it by name.
 */
export function bsDateOfParts(values: Readonly<Record<string, string | undefined>>, name: string): string {
  const parts = BS_DATE_PARTS.map((part) => (values[`${name}${part}`] ?? '').trim());
  if (parts.every((p) => p === '')) return '';
  if (parts.some((p) => !/^\d{1,4}$/u.test(p))) return '-';
  const [year, month, day] = parts as [string, string, string];
  return `${year.padStart(4, '0')}-${month.padStart(2, '0')}-${day.padStart(2, '0')}`;
}

/** The same for a posted form. */
export function formBsDate(form: FormData, name: string): string {
  return bsDateOfParts(
    Object.fromEntries(BS_DATE_PARTS.map((p) => [`${name}${p}`, formText(form, `${name}${p}`)])),
    name,
  );
}
