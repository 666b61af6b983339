import { toBsDate } from '#common/dates/bs-date.ts';
import { BsDateStringSchema, bsStringToAd } from '#common/dates/bs-date-string.ts';
import { bsDateOfParts } from './admin/admin-form.ts';

/**
 * A B.S. date chosen in a BsDateField (its parts in `values`), as the A.D. day 'YYYY-MM-DD' the services
 * take: '' when no part was chosen, or the reason it cannot be used, after the field's label
 * ('Publish at: 32 Baisakh 2083 B.S. has no such day: …').
 */
export function bsDateInput(
  values: Readonly<Record<string, string | undefined>>,
  name: string,
  label: string,
): { ad: string; error?: string } {
  const bs = bsDateOfParts(values, name);
  if (bs === '') return { ad: '' };
  const issue = BsDateStringSchema.safeParse(bs).error?.issues[0];
  if (issue) return { ad: '', error: `${label}: ${issue.message.charAt(0).toLowerCase()}${issue.message.slice(1)}` };
  return { ad: bsStringToAd(bs) };
}

const TIME = /^([01]\d|2[0-3]):[0-5]\d$/u;

/** Why a time of day typed in a time input cannot be used ('' when it can): it must be 'HH:mm', Nepal time. */
export function nepalTimeProblem(time: string): string {
  if (time === '') return 'choose the time too (Nepal time), e.g. 10:00.';
  return TIME.test(time) ? '' : 'the time must be hours and minutes, e.g. 10:00.';
}

/** The B.S. years a date field offers: from `before` years before this one in Nepal to `after` years after it. */
export function bsYearsAround(now: Date, before: number, after: number): [number, number] {
  const { year } = toBsDate(now);
  return [year - before, year + after];
}
