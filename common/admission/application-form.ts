import { z } from 'zod';
import {
  APPLICATION_FILE_LIMITS,
  GENDERS,
  HEARD_FROM,
  PAYMENT_METHODS,
  type Gender,
  type HeardFrom,
  type PaymentMethod,
  nepaliMobile,
} from './application.ts';
import { NEB_GRADES, type NebGrade, SEE_SUBJECTS } from './admission-season.ts';
import { bsDateProblem } from '../dates/bs-date.ts';
import { latinDigits } from '../digits.ts';
import { bsDateString } from '../dates/bs-date-string.ts';
import { type Catalogue, en } from '../i18n/en.ts';
import { DISTRICTS, districtInProvince } from '../nepal-places.ts';

/**
 * The online application's fields, shaped after NEB's Grade 11 registration so the office never types them
 * again. The form posts them as text under these names; the browser and the server read them with the same
 * rules (`readApplicationForm`), each refusal keyed by the field it is about, in the page's language.
 */

type ApplyText = Catalogue['apply'];

/** The SEE subjects' form fields: `grade_english`, `grade_social_studies`, … */
export const gradeField = (subject: string): string => `grade_${subject.toLowerCase().replace(/\s+/gu, '_')}`;

export const APPLICATION_TEXT_FIELDS = [
  'name_en',
  'name_ne',
  'birth_year',
  'birth_month',
  'birth_day',
  'gender',
  'citizenship',
  'father_name',
  'mother_name',
  'guardian_name',
  'guardian_relation',
  'guardian_mobile',
  'email',
  'province',
  'district',
  'municipality',
  'ward',
  'see_year',
  'symbol_number',
  'school',
  'school_district',
  'gpa',
  ...SEE_SUBJECTS.map(gradeField),
  'first_choice',
  'second_choice',
  'category',
  'heard_from',
  'payment_method',
  'voucher_number',
  'consent',
] as const;

/** The hidden field bots fill in and people never see. */
export const APPLICATION_HONEYPOT = 'website';

/** The form's values as typed: every field as text ('' when empty). */
export type ApplicationValues = Record<string, string>;

/** What an accepted form holds, ready to store. */
export interface ApplicationForm {
  nameEn: string;
  nameNe: string;
  /** 'YYYY-MM-DD' B.S. */
  birthDate: string;
  gender: Gender;
  citizenship: string;
  fatherName: string;
  motherName: string;
  guardianName: string;
  guardianRelation: string;
  guardianMobile: string;
  email: string;
  province: number;
  district: string;
  municipality: string;
  ward: number;
  seeYear: number;
  symbolNumber: string;
  school: string;
  schoolDistrict: string;
  gpaHundredths: number;
  grades: Record<string, NebGrade>;
  firstChoice: string;
  secondChoice: string | null;
  category: string | null;
  heardFrom: HeardFrom | '';
  paymentMethod: PaymentMethod;
  voucherNumber: string;
}

/** Everything the form refuses, field → message (the birth date's under `birth_date`). */
export type ApplicationFieldErrors = Record<string, string>;

/**
 * A control character left after the line's spaces are made one (escape, backspace, NUL …): refused, as
 * nobody types one into a one-line field. Line breaks and tabs are white space, made one space before.
 */
const CONTROL = /\p{Cc}/u;
/** Letters in block capitals as the grade sheet prints them, with the spaces, dots, apostrophes and dashes of names. */
const BLOCK_LETTERS = /^[A-Z][A-Z .'-]*$/u;
/** Devanagari letters and signs with the spaces and dots of names. */
const DEVANAGARI = /^[\u0900-\u097F][\u0900-\u097F .]*$/u;
/** A SEE symbol number as printed: digits, maybe a letter after (spaces dropped). */
const SYMBOL_NUMBER = /^\d{6,10}[A-Z]?$/u;
/** A GPA as typed: 0 to 4 with at most two decimals. */
const GPA = /^[0-4](?:\.\d{1,2})?$/u;

/** The fields that hold a number, read with their Devanagari digits made Latin. */
const NUMBER_FIELDS: ReadonlySet<string> = new Set([
  'birth_year',
  'birth_month',
  'birth_day',
  'citizenship',
  'guardian_mobile',
  'province',
  'ward',
  'see_year',
  'symbol_number',
  'gpa',
]);

const oneSpace = (text: string) => text.trim().replace(/\s+/gu, ' ');

/** A SEE symbol number as stored: no spaces, capital letter. */
export const normaliseSymbolNumber = (text: string): string => text.replace(/[\s-]/gu, '').toUpperCase();

/** The GPA as typed, in hundredths (285 for 2.85), or null when it is not one. */
export function gpaHundredths(text: string): number | null {
  const trimmed = text.trim();
  if (!GPA.test(trimmed)) return null;
  const hundredths = Math.round(Number(trimmed) * 100);
  return hundredths <= 400 ? hundredths : null;
}

/**
 * Reads a posted form with the rules of every field; the programmes and categories a choice may name are the
 * season's (`choices`). Answers the form ready to store, or every refused field's message.
 */
export function readApplicationForm(
  values: ApplicationValues,
  choices: { programmes: readonly string[]; categories: readonly string[] },
  t: ApplyText = en.apply,
): { form: ApplicationForm; fieldErrors: null } | { form: null; fieldErrors: ApplicationFieldErrors } {
  const errors: ApplicationFieldErrors = {};
  // Every number the form asks for (date of birth, mobile, ward, SEE year, symbol number, GPA, the citizenship
  // certificate's number) may be typed in Devanagari digits: read in Latin ones.
  const v = (name: string) => (NUMBER_FIELDS.has(name) ? latinDigits(values[name] ?? '') : (values[name] ?? ''));
  const refuse = (name: string, message: string) => {
    errors[name] ??= message;
  };
  const text = (name: keyof ApplyText['fields'], max: number, required: boolean) => {
    const value = oneSpace(v(name));
    const label = t.fields[name];
    if (CONTROL.test(value)) refuse(name, t.errors.notAllowedCharacter(label));
    else if (required && !value) refuse(name, t.errors.required(label));
    else if (value.length > max) refuse(name, t.errors.tooLong(label, max));
    return value;
  };

  const nameEn = text('name_en', 100, true).toUpperCase();
  if (nameEn && !errors.name_en && !BLOCK_LETTERS.test(nameEn)) refuse('name_en', t.errors.blockLetters);
  const nameNe = text('name_ne', 100, true);
  if (nameNe && !errors.name_ne && !DEVANAGARI.test(nameNe)) refuse('name_ne', t.errors.devanagari);

  const birth = { year: Number(v('birth_year')), month: Number(v('birth_month')), day: Number(v('birth_day')) };
  const birthDate = bsDateProblem(birth) === '' ? bsDateString(birth) : '';
  if (!birthDate) refuse('birth_date', t.errors.birthDate);

  const gender = v('gender');
  if (!(GENDERS as readonly string[]).includes(gender)) refuse('gender', t.errors.gender);
  const citizenship = text('citizenship', 40, false);
  const fatherName = text('father_name', 100, true);
  const motherName = text('mother_name', 100, true);
  const guardianName = text('guardian_name', 100, true);
  const guardianRelation = text('guardian_relation', 40, true);
  const guardianMobile = nepaliMobile(v('guardian_mobile')) ?? '';
  if (!guardianMobile) refuse('guardian_mobile', t.errors.mobile);
  const email = text('email', 254, false).toLowerCase();
  if (email && !errors.email && !z.email().safeParse(email).success) refuse('email', t.errors.email);

  const province = Number(v('province'));
  if (!Number.isInteger(province) || province < 1 || province > 7) refuse('province', t.errors.province);
  const district = v('district');
  if (!districtInProvince(district, province)) refuse('district', t.errors.district);
  const municipality = text('municipality', 100, true);
  const ward = Number(v('ward'));
  if (!/^\d{1,2}$/u.test(v('ward').trim()) || ward < 1 || ward > 35) refuse('ward', t.errors.ward);

  const seeYear = Number(v('see_year'));
  if (!/^\d{4}$/u.test(v('see_year')) || seeYear < 2060 || seeYear > 2200) refuse('see_year', t.errors.seeYear);
  const symbolNumber = normaliseSymbolNumber(v('symbol_number'));
  if (!SYMBOL_NUMBER.test(symbolNumber)) refuse('symbol_number', t.errors.symbolNumber);
  const school = text('school', 200, true);
  const schoolDistrict = v('school_district');
  if (!DISTRICTS.some((d) => d.en === schoolDistrict)) refuse('school_district', t.errors.schoolDistrict);
  const gpa = gpaHundredths(v('gpa'));
  if (gpa === null) refuse('gpa', t.errors.gpa);
  const grades: Record<string, NebGrade> = {};
  for (const subject of SEE_SUBJECTS) {
    const grade = v(gradeField(subject));
    if ((NEB_GRADES as readonly string[]).includes(grade)) grades[subject] = grade as NebGrade;
    else refuse(gradeField(subject), t.errors.grade(t.subjects[subject] ?? subject));
  }

  const firstChoice = v('first_choice');
  if (!choices.programmes.includes(firstChoice)) refuse('first_choice', t.errors.choice);
  const secondChoice = v('second_choice') || null;
  if (secondChoice !== null && !choices.programmes.includes(secondChoice)) refuse('second_choice', t.errors.choice);
  else if (secondChoice !== null && secondChoice === firstChoice) refuse('second_choice', t.errors.sameChoice);
  const category = v('category') || null;
  if (category !== null && !choices.categories.includes(category)) refuse('category', t.errors.category);
  const heardFrom = v('heard_from');
  if (heardFrom && !(HEARD_FROM as readonly string[]).includes(heardFrom)) refuse('heard_from', t.errors.heardFrom);
  const paymentMethod = v('payment_method');
  if (!(PAYMENT_METHODS as readonly string[]).includes(paymentMethod)) refuse('payment_method', t.errors.method);
  const voucherNumber = text('voucher_number', 40, false);
  if (v('consent') !== 'yes') refuse('consent', t.errors.consent);

  if (Object.keys(errors).length > 0) return { form: null, fieldErrors: errors };
  return {
    fieldErrors: null,
    form: {
      nameEn,
      nameNe,
      birthDate,
      gender: gender as Gender,
      citizenship,
      fatherName,
      motherName,
      guardianName,
      guardianRelation,
      guardianMobile,
      email,
      province,
      district,
      municipality,
      ward,
      seeYear,
      symbolNumber,
      school,
      schoolDistrict,
      gpaHundredths: gpa!,
      grades,
      firstChoice,
      secondChoice,
      category,
      heardFrom: heardFrom as HeardFrom | '',
      paymentMethod: paymentMethod as PaymentMethod,
      voucherNumber,
    },
  };
}

/**
 * The words for a refusal of the application or status pages, in the page's language: the server's refusals
 * carry a code (common/api-error.ts) and, for a limit, the seconds to wait (Retry-After).
 */
export function applicationRefusalText(code: string, t: ApplyText, retryAfterSeconds = 0): string {
  const minutes = Math.max(1, Math.ceil(retryAfterSeconds / 60));
  const r = t.refusals;
  const words: Record<string, string> = {
    'application/closed': r.closed,
    'application/exists': r.exists,
    'application/too-many-requests': r.tooMany(minutes),
    'application/lookups-limited': r.tooManyLookups(minutes),
    'application/not-found': r.notFound,
    'application/not-correctable': r.notCorrectable,
    'offer/not-open': r.offerNotOpen,
    'offer/voucher-waiting': r.offerVoucherWaiting,
    'offer/past-deadline': r.offerPastDeadline,
    'application/file-too-large': r.tooLarge(APPLICATION_FILE_LIMITS.fileBytes / 1_048_576),
    'application/not-image': r.notImage,
    'application/not-document': r.notImageOrPdf,
    'application/unreadable': r.unreadable,
    'application/too-many-pixels': r.tooManyPixels(APPLICATION_FILE_LIMITS.megapixels),
    'application/pdf-scripts': r.pdfScripts,
    'application/too-many-pages': r.tooManyPages(APPLICATION_FILE_LIMITS.pages),
    'inquiry/too-fast': r.tooFast,
    'inquiry/form-expired': r.formExpired,
    'inquiry/form-invalid': r.formInvalid,
    'inquiry/form-used': r.formUsed,
    'storage/full': r.storageFull,
    'database/busy': r.busy,
    validation: t.correctFields,
  };
  return words[code] ?? r.formInvalid;
}
