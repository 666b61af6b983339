import { BsConfirmInputSchema, type BsCorrectionInput, BsCorrectionInputSchema } from '#common/dates/bs-calendar.ts';
import { describeMonthStartChange, monthStartChanges } from '#common/dates/bs-calendar-changes.ts';
import { bsLastYear, bsMonthLength } from '#common/dates/bs-date.ts';
import type { AdminWrite } from './admin-action.server.ts';
import { fieldErrorsOf, formText, formValues } from './admin-form.ts';
import { ADMIN_MESSAGES } from './admin-messages.ts';

/** The calendar form's fields: `months.0` (Baisakh) to `months.11` (Chaitra), and the source. */
export const calendarMonthField = (index: number) => `months.${index}`;

/** A form's number as typed: NaN for anything but digits, so the schema refuses it by the field's name. */
const whole = (text: string) => (/^\s*\d{1,4}\s*$/u.test(text) ? Number(text) : Number.NaN);

const correctionInput = (form: FormData): BsCorrectionInput => ({
  months: Array.from({ length: 12 }, (_, i) => whole(formText(form, calendarMonthField(i)))),
  source: formText(form, 'source'),
  confirm: formText(form, 'confirm') === 'yes',
});

/** The confirm form's field: what the year was checked with (named apart from the correction form's source). */
const CONFIRMED_FROM_FIELD = 'confirmedFrom';

const yearOf = (form: FormData) => whole(formText(form, 'year'));

const lengthsInUse = (year: number): number[] | null =>
  year <= bsLastYear() ? Array.from({ length: 12 }, (_, i) => bsMonthLength(year, i + 1)) : null;

/** The corrections of the B.S. calendar page (/admin/calendar), by the form's intent. */
export const CALENDAR_WRITES = {
  /** Saves a year's twelve lengths with their source, saying which first days of a month moved. */
  correct: {
    action: 'calendar.edit',
    messages: ADMIN_MESSAGES.calendarCorrect,
    async run(form, services, admin) {
      const input = correctionInput(form);
      const fieldErrors = fieldErrorsOf(BsCorrectionInputSchema, input);
      if (fieldErrors) return { fieldErrors };
      const year = yearOf(form);
      const moved = Number.isInteger(year) ? monthStartChanges(year, lengthsInUse(year), input.months) : [];
      await services.calendar.correct(admin, year, input);
      const lines = moved.map((change) => describeMonthStartChange(change, 'is now'));
      const confirmed = input.confirm ? ` It is confirmed from ${input.source}.` : '';
      return { done: [`Saved: ${year} B.S. has the corrected lengths.${confirmed}`, ...lines].join(' ') };
    },
  },
  /** Confirms a year from the printed government calendar: it is no longer a forecast. */
  confirm: {
    action: 'calendar.edit',
    messages: ADMIN_MESSAGES.calendarConfirm,
    async run(form, services, admin) {
      const input = { source: formText(form, CONFIRMED_FROM_FIELD) };
      const errors = fieldErrorsOf(BsConfirmInputSchema, input);
      if (errors?.source) return { fieldErrors: { [CONFIRMED_FROM_FIELD]: errors.source } };
      const year = yearOf(form);
      await services.calendar.confirm(admin, year, input);
      return { done: `Confirmed: ${year} B.S. is checked against ${input.source.trim()}; it is no longer a forecast.` };
    },
  },
  /** Shows what the typed lengths would change, saving nothing (the page works it out from the values). */
  preview: {
    action: 'calendar.edit',
    messages: ADMIN_MESSAGES.calendarCorrect,
    run: async (form) => ({ edited: formValues(form) }),
  },
  /** Withdraws a year's confirmation (given by mistake). */
  unconfirm: {
    action: 'calendar.edit',
    messages: ADMIN_MESSAGES.calendarUnconfirm,
    run: async (form, services, admin) => services.calendar.unconfirm(admin, yearOf(form)).then(() => undefined),
  },
  /**
   * Removes a year's correction: it has the package's lengths again. Asked first (the page's question says which
   * days move), so a post without the confirmation is refused and removes nothing.
   */
  remove: {
    action: 'calendar.edit',
    messages: ADMIN_MESSAGES.calendarRemove,
    async run(form, services, admin) {
      if (formText(form, 'confirmRemove') !== 'yes') {
        const message = 'Confirm the removal first: the year would have the package’s lengths again.';
        return { fieldErrors: {}, refusal: { code: 'calendar/confirm-remove', message } };
      }
      await services.calendar.remove(admin, yearOf(form));
      return undefined;
    },
  },
} satisfies Record<string, AdminWrite>;
