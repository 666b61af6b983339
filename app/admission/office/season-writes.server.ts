import {
  CategoryInputSchema,
  type CategoryInput,
  type FeeLine,
  ProgrammeInputSchema,
  type ProgrammeInput,
  SEASON_OVERRIDES,
  SeasonInputSchema,
  type SeasonInput,
} from '#common/admission/admission-season.ts';
import { seasonSummaryNotice } from '#common/admission/admission-summary.ts';
import { refusalOf } from '#common/api-error.ts';
import { type PaymentDetailsInput, PaymentDetailsInputSchema } from '#common/admission/payment-details.ts';
import { NoticeInputSchema } from '#common/notices/notice.ts';
import { streamDefaultsFor } from '#common/stream-defaults.ts';
import type { AppLoadContext } from 'react-router';
import type { z } from 'zod';
import type { AdminWrite, WriteOutcome, WritingAdmin } from '#app/lib/admin/admin-action.server.ts';
import { fieldErrorsOf, formBsDate, formText } from '#app/lib/admin/admin-form.ts';
import { SEASON_MESSAGES, type WriteMessages } from '#app/lib/admin/admin-messages.ts';

type Services = AppLoadContext['services'];

/**
 * The admission season pages' writes (/admin/seasons, /admin/seasons/:id), each calling the season service
 * as its JSON API route does. Field names follow the schemas' paths ('fees.0.amount'), so a refusal is
 * shown beside the field it names.
 */

/** A number field: '' is missing (the schema says what to enter), anything else is read as typed. */
const formNumber = (form: FormData, name: string): number => {
  const text = formText(form, name).trim().replace(/,/gu, '');
  return text === '' ? Number.NaN : Number(text);
};

const SEASON_DATES = ['opensOn', 'closesOn', 'lateClosesOn', 'entranceOn', 'resultsOn', 'admissionDeadline'] as const;

function seasonInputOf(form: FormData): SeasonInput {
  const dates = Object.fromEntries(SEASON_DATES.map((name) => [name, formBsDate(form, name)])) as Record<
    (typeof SEASON_DATES)[number],
    string
  >;
  const lateFee = formText(form, 'lateFee').trim() === '' ? 0 : formNumber(form, 'lateFee');
  const enrolment = formText(form, 'expectedEnrolment').trim() === '' ? 0 : formNumber(form, 'expectedEnrolment');
  return {
    name: formText(form, 'name'),
    ...dates,
    lateFee,
    expectedEnrolment: enrolment,
    documentsEn: formText(form, 'documentsEn'),
    documentsNe: formText(form, 'documentsNe'),
  };
}

/** Rows of a repeated group ('fees.0.…', 'fees.1.…') up to the first index the form does not have. */
function rows(form: FormData, group: string, field: string): number[] {
  const found: number[] = [];
  for (let i = 0; i < 40 && form.has(`${group}.${i}.${field}`); i++) found.push(i);
  return found;
}

function programmeInputOf(form: FormData): ProgrammeInput {
  const fees: FeeLine[] = [];
  for (const i of rows(form, 'fees', 'nameEn')) {
    const f = (name: string) => formText(form, `fees.${i}.${name}`).trim();
    // A row left blank (the spare rows offered without JavaScript) is no fee.
    if (!f('nameEn') && !f('nameNe') && !f('amount')) continue;
    fees.push({
      nameEn: f('nameEn'),
      nameNe: f('nameNe'),
      amount: formNumber(form, `fees.${i}.amount`),
      period: f('period') as FeeLine['period'],
      neb: form.get(`fees.${i}.neb`) === 'on',
    });
  }
  const minGrades: ProgrammeInput['minGrades'] = [];
  for (const i of rows(form, 'minGrades', 'subject')) {
    const subject = formText(form, `minGrades.${i}.subject`).trim();
    const grade = formText(form, `minGrades.${i}.grade`).trim();
    if (!subject && !grade) continue;
    minGrades.push({ subject, grade: grade as ProgrammeInput['minGrades'][number]['grade'] });
  }
  const scholarshipSeats: Record<string, number> = {};
  for (const [name, value] of form) {
    if (!name.startsWith('scholarshipSeats.') || typeof value !== 'string') continue;
    scholarshipSeats[name.slice('scholarshipSeats.'.length)] = value.trim() === '' ? 0 : Number(value);
  }
  return {
    nameEn: formText(form, 'nameEn'),
    nameNe: formText(form, 'nameNe'),
    stream: formText(form, 'stream') as ProgrammeInput['stream'],
    seats: formNumber(form, 'seats'),
    fees,
    admissionFeeForContinuing: form.get('admissionFeeForContinuing') === 'on',
    feeApprovedBy: formText(form, 'feeApprovedBy'),
    feeApprovedOn: formBsDate(form, 'feeApprovedOn'),
    feeReference: formText(form, 'feeReference'),
    minGpa: formNumber(form, 'minGpa'),
    minGrades,
    scholarshipSeats,
    applicationFee: formNumber(form, 'applicationFee'),
    payment: paymentInputOf(form),
  };
}

/** The bank account fields (`payment.bank`, …) of the season's payment form or a programme's. */
const paymentInputOf = (form: FormData): PaymentDetailsInput => ({
  bank: formText(form, 'payment.bank'),
  branch: formText(form, 'payment.branch'),
  accountName: formText(form, 'payment.accountName'),
  accountNumber: formText(form, 'payment.accountNumber'),
  referenceEn: formText(form, 'payment.referenceEn'),
  referenceNe: formText(form, 'payment.referenceNe'),
});

/** Field errors of the payment fields, named as the form names them ('payment.accountNumber'). */
const paymentErrorsOf = (input: PaymentDetailsInput) => {
  const errors = fieldErrorsOf(PaymentDetailsInputSchema, input);
  return errors ? Object.fromEntries(Object.entries(errors).map(([k, v]) => [`payment.${k}`, v])) : null;
};

const categoryInputOf = (form: FormData): CategoryInput => ({
  nameEn: formText(form, 'nameEn'),
  nameNe: formText(form, 'nameNe'),
  proofEn: formText(form, 'proofEn'),
  proofNe: formText(form, 'proofNe'),
});

/**
 * A write whose form is checked against its schema first: refused fields come back by name, and only a
 * form that passes is saved (the service checks again with the same schema).
 */
function checkedWrite<T>(
  messages: WriteMessages,
  schema: z.ZodType<T>,
  inputOf: (form: FormData) => T,
  save: (services: Services, admin: WritingAdmin, input: T, form: FormData) => Promise<WriteOutcome | void>,
): AdminWrite {
  return {
    action: 'seasons.edit',
    messages,
    async run(form, services, admin) {
      const input = inputOf(form);
      const fieldErrors = fieldErrorsOf(schema, input);
      if (fieldErrors) return { fieldErrors };
      return (await save(services, admin, input, form)) ?? undefined;
    },
  };
}

export const createSeason = checkedWrite(
  SEASON_MESSAGES.create,
  SeasonInputSchema,
  seasonInputOf,
  async (services, admin, input) => ({
    created: (await services.seasons.create(admin, input)).id,
  }),
);

export const updateSeason = (id: string): AdminWrite =>
  checkedWrite(SEASON_MESSAGES.update, SeasonInputSchema, seasonInputOf, async (services, admin, input) => {
    await services.seasons.update(admin, id, input);
  });

/**
 * The season's bank account and reference text, then its payment QR image when one was chosen (or its
 * removal when ticked). A refused image keeps the details saved and says why beside the file field.
 */
export const updatePayment = (id: string): AdminWrite => ({
  action: 'seasons.edit',
  messages: SEASON_MESSAGES.payment,
  async run(form, services, admin) {
    const input = paymentInputOf(form);
    const fieldErrors = paymentErrorsOf(input);
    if (fieldErrors) return { fieldErrors };
    await services.payments.update(admin, id, input);
    const file = form.get('file');
    if (file instanceof File && file.size > 0) {
      try {
        await services.payments.setQr(admin, id, Buffer.from(await file.arrayBuffer()));
      } catch (err) {
        const refused = refusalOf(err);
        if (!refused) throw err;
        return { fieldErrors: { file: refused.message }, refusal: refused };
      }
    } else if (form.get('removeQr') === 'on') {
      await services.payments.removeQr(admin, id);
    }
  },
});

export const deleteSeason = (id: string): AdminWrite => ({
  action: 'seasons.edit',
  messages: SEASON_MESSAGES.remove,
  async run(_form, services, admin) {
    await services.seasons.remove(admin, id);
  },
});

export const publishSeason = (id: string): AdminWrite => ({
  action: 'seasons.edit',
  messages: SEASON_MESSAGES.publish,
  async run(form, services, admin) {
    await services.seasons.publish(admin, id, { belowMinimum: form.get('belowMinimum') === 'on' });
  },
});

export const withdrawSeason = (id: string): AdminWrite => ({
  action: 'seasons.edit',
  messages: SEASON_MESSAGES.withdraw,
  async run(_form, services, admin) {
    await services.seasons.withdraw(admin, id);
  },
});

export const overrideSeason = (id: string): AdminWrite => ({
  action: 'seasons.override',
  messages: SEASON_MESSAGES.override,
  async run(form, services, admin) {
    const status = SEASON_OVERRIDES.find((s) => s === formText(form, 'statusOverride'));
    if (status === undefined) return { fieldErrors: { statusOverride: 'Choose a status, or follow the dates.' } };
    await services.seasons.override(admin, id, status);
  },
});

/** A name another programme or category of the season has: refused beside the name field, not as a toast. */
async function sameNameBeside(save: () => Promise<unknown>): Promise<WriteOutcome | void> {
  try {
    await save();
  } catch (err) {
    const refused = refusalOf(err);
    if (refused?.code !== 'admission/programme-exists' && refused?.code !== 'admission/category-exists') throw err;
    return { fieldErrors: { nameEn: refused.message } };
  }
}

/**
 * A new programme as posted: its minima follow the chosen stream when they are still the defaults of the
 * stream the form showed them for (`defaultsOf`; a browser without JavaScript cannot change them as the
 * stream is picked).
 */
function newProgrammeInputOf(form: FormData): ProgrammeInput {
  const input = programmeInputOf(form);
  const defaults = streamDefaultsFor(input, form.get('defaultsOf'), input.stream);
  return defaults ? { ...input, ...defaults } : input;
}

export const addProgramme = (seasonId: string): AdminWrite =>
  checkedWrite(SEASON_MESSAGES.programme, ProgrammeInputSchema, newProgrammeInputOf, (services, admin, input) =>
    sameNameBeside(() => services.seasons.addProgramme(admin, seasonId, input)),
  );

export const updateProgramme = checkedWrite(
  SEASON_MESSAGES.programme,
  ProgrammeInputSchema,
  programmeInputOf,
  (services, admin, input, form) =>
    sameNameBeside(() => services.seasons.updateProgramme(admin, formText(form, 'id'), input)),
);

export const removeProgramme: AdminWrite = {
  action: 'seasons.edit',
  messages: SEASON_MESSAGES.programmeRemove,
  async run(form, services, admin) {
    await services.seasons.removeProgramme(admin, formText(form, 'id'));
  },
};

export const addCategory = (seasonId: string): AdminWrite =>
  checkedWrite(SEASON_MESSAGES.category, CategoryInputSchema, categoryInputOf, (services, admin, input) =>
    sameNameBeside(() => services.seasons.addCategory(admin, seasonId, input)),
  );

export const updateCategory = checkedWrite(
  SEASON_MESSAGES.category,
  CategoryInputSchema,
  categoryInputOf,
  (services, admin, input, form) =>
    sameNameBeside(() => services.seasons.updateCategory(admin, formText(form, 'id'), input)),
);

export const removeCategory: AdminWrite = {
  action: 'seasons.edit',
  messages: SEASON_MESSAGES.categoryRemove,
  async run(form, services, admin) {
    await services.seasons.removeCategory(admin, formText(form, 'id'));
  },
};

/**
 * Publishes the season's fee structure and scholarship quota as a notice under the office's reference
 * number: the notice board prints it with its QR code, which opens the notice on the site.
 */
export const publishSeasonSummary = (seasonId: string): AdminWrite => ({
  action: 'seasons.edit',
  messages: SEASON_MESSAGES.summary,
  async run(form, services, admin) {
    const referenceNo = formText(form, 'referenceNo').trim();
    if (!referenceNo) return { fieldErrors: { referenceNo: 'Enter the reference number the printed notice carries.' } };
    const input = seasonSummaryNotice(await services.seasons.get(admin, seasonId), referenceNo);
    const fieldErrors = fieldErrorsOf(NoticeInputSchema, input);
    if (fieldErrors) return { fieldErrors: { referenceNo: Object.values(fieldErrors)[0] ?? '' } };
    const notice = await services.notices.create(admin, input);
    return { done: `Published as notice ${notice.referenceNo ?? ''}: print it from its page, with its QR code.` };
  },
});
