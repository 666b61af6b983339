import type { z } from 'zod';
import type { FieldErrors, FormValues, WriteResult } from './admin-result.ts';

/**
 * Site-content forms name their controls by the path of the value in the section's schema
 * (`title.en`, `items.2.quote.ne`), so a refusal of that schema points at the control that holds it.
 */

/** The refusals of a shared schema, keyed by the full path of each refused value; null when it passes. */
export function pathErrorsOf(schema: z.ZodType, values: unknown): FieldErrors | null {
  const result = schema.safeParse(values);
  if (result.success) return null;
  const errors: FieldErrors = {};
  for (const issue of result.error.issues) errors[issue.path.map(String).join('.')] ??= issue.message;
  return errors;
}

/** Only the errors under `prefix` (`cards.3`), keyed by what follows it (`title.en`). */
export function errorsUnder(errors: FieldErrors, prefix: string): FieldErrors {
  const under: FieldErrors = {};
  for (const [path, message] of Object.entries(errors)) {
    if (path.startsWith(`${prefix}.`)) under[path.slice(prefix.length + 1)] = message;
  }
  return under;
}

/**
 * The refusals of a list saved from numbered form rows of which some were left out (emptied rows): the
 * schema names the k-th saved item (`points.1.title.en`), the form the row it came from, `rows[k]`
 * (`points.2.title.en`). Refusals of anything else keep their names.
 */
export function errorsAtRows(errors: FieldErrors, list: string, rows: readonly number[]): FieldErrors {
  const at: FieldErrors = {};
  for (const [path, message] of Object.entries(errors)) {
    const [head, index, ...rest] = path.split('.');
    const row = head === list && /^\d+$/u.test(index ?? '') ? rows[Number(index)] : undefined;
    at[row === undefined ? path : [list, row, ...rest].join('.')] ??= message;
  }
  return at;
}

/**
 * A `{ en, ne }` text of a posted form, from its `<name>.en` and `<name>.ne` controls. A browser posts a
 * text area's line breaks as CR LF; they are stored as LF, as the JSON API and a fetcher send them.
 */
export function formLocalText(form: FormData, name: string): { en: string; ne: string } {
  const text = (key: string) => {
    const value = form.get(`${name}.${key}`);
    return typeof value === 'string' ? value.replace(/\r\n?/gu, '\n') : '';
  };
  return { en: text('en'), ne: text('ne') };
}

/** The version a section form was edited from (NaN when absent, which the schema refuses). */
export const formVersion = (form: FormData): number => Number(form.get('version') ?? Number.NaN);

/**
 * The answer meant for one form of a page with several: a form names itself in its hidden `form` field,
 * and a page posted without JavaScript gets back the values of the one form that was sent.
 */
export function resultFor(result: WriteResult | undefined, formKey: string): WriteResult | undefined {
  if (!result) return undefined;
  if (result.ok) return result;
  return result.values?.form === formKey ? result : undefined;
}

/** What a refused form had in a control, or the stored value when the form was not refused. */
export function typedOr(values: FormValues | undefined, name: string, stored: string): string {
  return values && Object.hasOwn(values, name) ? (values[name] ?? stored) : stored;
}
