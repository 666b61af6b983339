import { type BsDate, adDateToBs, toBsDate } from '#common/dates/bs-date.ts';
import { isoToNepalLocal } from '#common/dates/nepal-time.ts';
import { type Notice, type NoticeInput, NoticeInputSchema } from '#common/notices/notice.ts';
import { DEFAULT_NOTICE_CATEGORY } from '#common/notices/notice-category.ts';
import { fieldErrorsOf, formText } from './admin/admin-form.ts';
import type { FieldErrors } from './admin/admin-result.ts';
import { bsDateInput, nepalTimeProblem } from './bs-date-input.ts';

/**
 * The notice form's fields as the office chooses them, by the names the form posts. Its dates are B.S.:
 * day, month and year choices (a BsDateField each) and, for the publish time, a time of day in Nepal.
 */
// A type, not an interface: it is also a record of strings (the drafts kept for a signed-out admin).
export type NoticeFormValues = {
  title: string;
  description: string;
  link: string;
  category: string;
  referenceNo: string;
  publishAtDay: string;
  publishAtMonth: string;
  publishAtYear: string;
  /** 'HH:mm' in Nepal time. */
  publishAtTime: string;
  pinnedUntilDay: string;
  pinnedUntilMonth: string;
  pinnedUntilYear: string;
  language: string;
};

export const EMPTY_NOTICE_FORM: NoticeFormValues = {
  title: '',
  description: '',
  link: '',
  category: DEFAULT_NOTICE_CATEGORY,
  referenceNo: '',
  publishAtDay: '',
  publishAtMonth: '',
  publishAtYear: '',
  publishAtTime: '',
  pinnedUntilDay: '',
  pinnedUntilMonth: '',
  pinnedUntilYear: '',
  language: 'en',
};

const parts = (bs: BsDate | null) =>
  bs ? { day: String(bs.day), month: String(bs.month), year: String(bs.year) } : { day: '', month: '', year: '' };

/** The B.S. date of a stored day or instant, or none when it is outside the calendar the site knows. */
function bsOf(convert: () => BsDate): BsDate | null {
  try {
    return convert();
  } catch {
    return null;
  }
}

/** A stored notice as the edit form shows it: its publish time and pinned day as B.S. dates, Nepal time. */
export function noticeFormValues(notice: Notice): NoticeFormValues {
  const publish = parts(bsOf(() => toBsDate(new Date(notice.publishAt))));
  const pinned = parts(notice.pinnedUntil ? bsOf(() => adDateToBs(notice.pinnedUntil ?? '')) : null);
  return {
    title: notice.title,
    description: notice.description,
    link: notice.link ?? '',
    category: notice.category,
    referenceNo: notice.referenceNo ?? '',
    publishAtDay: publish.day,
    publishAtMonth: publish.month,
    publishAtYear: publish.year,
    publishAtTime: isoToNepalLocal(notice.publishAt).slice(11, 16),
    pinnedUntilDay: pinned.day,
    pinnedUntilMonth: pinned.month,
    pinnedUntilYear: pinned.year,
    language: notice.language,
  };
}

/** The notice form's fields from a posted form. */
export const noticeFormValuesOf = (form: FormData): NoticeFormValues =>
  Object.fromEntries(Object.keys(EMPTY_NOTICE_FORM).map((key) => [key, formText(form, key)])) as NoticeFormValues;

/**
 * The notice the form's values ask for, as the notice API takes it (publish time 'YYYY-MM-DDTHH:mm' and the
 * pinned day 'YYYY-MM-DD', both A.D. in Nepal time), and each date field refused with its reason. A refused
 * date is left empty in the input: the notice is saved only when there are no errors at all.
 */
export function noticeFormInput(values: NoticeFormValues): { input: NoticeInput; errors: FieldErrors } {
  const errors: FieldErrors = {};
  const publishDay = bsDateInput(values, 'publishAt', 'Publish at');
  const pinnedDay = bsDateInput(values, 'pinnedUntil', 'Pinned until');
  const time = values.publishAtTime.trim();
  let publishAt = '';
  if (publishDay.error) errors.publishAt = publishDay.error;
  else if (publishDay.ad === '' && time !== '') errors.publishAt = 'Publish at: choose the day, or clear the time.';
  else if (publishDay.ad !== '') {
    const problem = nepalTimeProblem(time);
    if (problem) errors.publishAt = `Publish at: ${problem}`;
    else publishAt = `${publishDay.ad}T${time}`;
  }
  if (pinnedDay.error) errors.pinnedUntil = pinnedDay.error;
  const input: NoticeInput = {
    title: values.title,
    description: values.description,
    link: values.link,
    category: values.category,
    referenceNo: values.referenceNo,
    publishAt,
    pinnedUntil: pinnedDay.ad,
    language: values.language,
  };
  return { input, errors };
}

/**
 * Each refused field of the notice form with its message, or null when the notice can be saved: the form
 * asks this before sending and the page's action after, so both say the same.
 */
export function noticeFormErrors(values: NoticeFormValues): FieldErrors | null {
  const { input, errors } = noticeFormInput(values);
  const all = { ...fieldErrorsOf(NoticeInputSchema, input), ...errors };
  return Object.keys(all).length > 0 ? all : null;
}
