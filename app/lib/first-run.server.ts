import type { z } from 'zod';
import { FirstOwnerSchema } from '#common/accounts/staff.ts';
import { FirstRunCollegeSchema } from '#common/site-content/first-run.ts';
import { CONTENT_LIMITS } from '#common/site-content/limits.ts';
import { LOGO_ERRORS } from '#common/site-content/logo.ts';
import type { SiteLanguage } from '#common/site-content/local-text.ts';
import type { FirstRun } from '#server/modules/first-run/index.ts';
import { fieldErrorsOf, formText, formValues } from './admin/admin-form.ts';
import { collegeFromValues } from './college-form.ts';
import type { FieldErrors } from './form-result.ts';
import { FIRST_RUN_LOGO, OWNER_EMAIL, OWNER_NAME, REQUIRE_TWO_FACTOR } from './first-run-fields.ts';
import { nepaliIssue, nepaliRefusal } from './first-run-nepali.ts';

/** The owner's control of a field of the staff rules. */
const ownerField = (field: string) => (field === 'name' ? OWNER_NAME : field === 'email' ? OWNER_EMAIL : field);

/** The owner's refusals at the owner's controls. */
function ownerErrors(errors: FieldErrors | null): FieldErrors {
  const { name, email, ...rest } = errors ?? {};
  return { ...rest, ...(name ? { [OWNER_NAME]: name } : {}), ...(email ? { [OWNER_EMAIL]: email } : {}) };
}

/**
 * Each refused field's first message, in the page's language: the schema's own words in English; in Nepali
 * the same rule worded from the catalogue, at the control the page names (`rename`: the owner's controls).
 */
function refusedFields(
  schema: z.ZodType,
  values: unknown,
  lang: SiteLanguage,
  typed: (field: string) => string,
  rename: (field: string) => string = (field) => field,
): FieldErrors | null {
  if (lang === 'en') return fieldErrorsOf(schema, values);
  const result = schema.safeParse(values);
  if (result.success) return null;
  const errors: FieldErrors = {};
  for (const issue of result.error.issues) {
    const field = rename(issue.path.map(String).join('.'));
    errors[field] ??= nepaliIssue(field, issue, typed(field));
  }
  return errors;
}

/** The phone rows of the setup form, with the empty rows after the last number dropped. */
function postedPhones(phones: string[]): string[] {
  const last = phones.findLastIndex((phone) => phone.trim() !== '');
  return phones.slice(0, last + 1);
}

/**
 * The whole first run as posted, or every refused field with its words (the college with the College page's
 * rules, the owner with the staff rules, the logo's size): nothing is written before all of it passes.
 */
export async function readFirstRun(
  form: FormData,
  lang: SiteLanguage = 'en',
): Promise<{ fieldErrors: FieldErrors } | { run: FirstRun }> {
  const all = collegeFromValues(formValues(form));
  const college = {
    name: all.name,
    shortName: all.shortName,
    addressLines: all.addressLines,
    phones: postedPhones(all.phones),
    email: all.email,
    mapLinkUrl: all.mapLinkUrl,
    colours: all.colours,
  };
  const owner = {
    name: formText(form, OWNER_NAME),
    email: formText(form, OWNER_EMAIL),
    password: formText(form, 'password'),
  };
  const file = form.get(FIRST_RUN_LOGO);
  const logo = file instanceof File && file.size > 0 ? file : null;
  const typed = (field: string) => formText(form, field);
  const tooLarge = lang === 'ne' ? nepaliRefusal(LOGO_ERRORS.tooLarge.code)! : LOGO_ERRORS.tooLarge.message;
  const fieldErrors: FieldErrors = {
    ...refusedFields(FirstRunCollegeSchema, college, lang, typed),
    ...ownerErrors(refusedFields(FirstOwnerSchema, owner, lang, typed, ownerField)),
    ...(logo && logo.size > CONTENT_LIMITS.logoBytes ? { [FIRST_RUN_LOGO]: tooLarge } : {}),
  };
  if (Object.keys(fieldErrors).length > 0) return { fieldErrors };
  return {
    run: {
      college: FirstRunCollegeSchema.parse(college),
      owner: FirstOwnerSchema.parse(owner),
      requireTwoFactor: form.get(REQUIRE_TWO_FACTOR) === 'yes',
      logo: logo ? Buffer.from(await logo.arrayBuffer()) : null,
    },
  };
}

/** A refusal of the service that belongs to one field of the page (a logo's content, a password's rules). */
export function fieldOfRefusal(code: string): string | null {
  if (code.startsWith('logo/') || code === 'image/bad-upload') return FIRST_RUN_LOGO;
  if (code.startsWith('password/')) return 'password';
  if (code === 'staff/email-taken') return OWNER_EMAIL;
  return null;
}
