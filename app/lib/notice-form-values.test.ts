import { describe, expect, it } from 'vitest';
import type { Notice } from '#common/notices/notice.ts';
import { formBsDate } from './admin/admin-form.ts';
import { bsDateInput, nepalTimeProblem } from './bs-date-input.ts';
import {
  EMPTY_NOTICE_FORM,
  type NoticeFormValues,
  noticeFormErrors,
  noticeFormInput,
  noticeFormValues,
  noticeFormValuesOf,
} from './notice-form-values.ts';

const filled = (dates: Partial<NoticeFormValues>): NoticeFormValues => ({
  ...EMPTY_NOTICE_FORM,
  title: 'Exam routine',
  description: 'The routine is on the notice board.',
  ...dates,
});

describe('the B.S. dates of the notice form', () => {
  it('turns a B.S. day and a Nepal time into the publish time the notice API takes', () => {
    // 6 Mangsir 2083 B.S. is 22 Nov 2026; 00:15 there is 18:30 UTC the day before.
    const values = filled({ publishAtDay: '6', publishAtMonth: '8', publishAtYear: '2083', publishAtTime: '00:15' });
    const { input, errors } = noticeFormInput(values);
    expect(errors).toEqual({});
    expect(input.publishAt).toBe('2026-11-22T00:15');
    expect(noticeFormErrors(values)).toBeNull();
  });

  it('turns the pinned B.S. day into its A.D. day, and leaves empty dates empty (publish now, not pinned)', () => {
    expect(noticeFormInput(filled({})).input).toMatchObject({ publishAt: '', pinnedUntil: '' });
    const pinned = filled({ pinnedUntilDay: '15', pinnedUntilMonth: '3', pinnedUntilYear: '2084' });
    expect(noticeFormInput(pinned).input.pinnedUntil).toBe('2027-06-29');
  });

  it('refuses a date by the name of its field, with what is wrong', () => {
    const errorsOf = (dates: Partial<NoticeFormValues>) => noticeFormErrors(filled(dates));
    expect(
      errorsOf({ publishAtDay: '32', publishAtMonth: '1', publishAtYear: '2083', publishAtTime: '10:00' }),
    ).toEqual({
      publishAt: 'Publish at: 32 Baisakh 2083 B.S. has no such day: Baisakh 2083 has 31 days.',
    });
    expect(errorsOf({ publishAtDay: '6', publishAtTime: '10:00' })).toEqual({
      publishAt: 'Publish at: choose the day, the month and the year.',
    });
    expect(errorsOf({ publishAtDay: '6', publishAtMonth: '8', publishAtYear: '2083' })).toEqual({
      publishAt: 'Publish at: choose the time too (Nepal time), e.g. 10:00.',
    });
    expect(errorsOf({ publishAtTime: '10:00' })).toEqual({
      publishAt: 'Publish at: choose the day, or clear the time.',
    });
    expect(errorsOf({ pinnedUntilMonth: '3' })).toEqual({
      pinnedUntil: 'Pinned until: choose the day, the month and the year.',
    });
    // A refused date with a refused text: both are named.
    expect(noticeFormErrors({ ...filled({ pinnedUntilDay: '1' }), title: 'Hi' })).toEqual({
      title: 'Title must be at least 5 characters.',
      pinnedUntil: 'Pinned until: choose the day, the month and the year.',
    });
  });

  it('checks a time as hours and minutes', () => {
    expect(nepalTimeProblem('09:30')).toBe('');
    expect(nepalTimeProblem('24:00')).toBe('the time must be hours and minutes, e.g. 10:00.');
    expect(nepalTimeProblem('9.30')).toBe('the time must be hours and minutes, e.g. 10:00.');
  });

  it('reads the parts a B.S. date field posts', () => {
    const form = new FormData();
    for (const [k, v] of Object.entries({ dayDay: '5', dayMonth: '12', dayYear: '2083', title: 'x' })) form.set(k, v);
    expect(formBsDate(form, 'day')).toBe('2083-12-05');
    expect(bsDateInput({ dayDay: '5', dayMonth: '12', dayYear: '2083' }, 'day', 'Day')).toEqual({ ad: '2027-03-19' });
    expect(noticeFormValuesOf(form)).toMatchObject({ title: 'x', publishAtDay: '', language: '' });
  });

  it('shows a stored notice in B.S. with its Nepal time, and converts it back to the same instant', () => {
    const notice = {
      title: 'Exam routine',
      description: 'The routine is on the notice board.',
      link: null,
      category: 'examination',
      referenceNo: null,
      publishAt: '2026-11-21T18:30:00.000Z',
      pinnedUntil: '2026-11-30',
      language: 'en',
    } as unknown as Notice;
    const values = noticeFormValues(notice);
    expect(values).toMatchObject({
      publishAtDay: '6',
      publishAtMonth: '8',
      publishAtYear: '2083',
      publishAtTime: '00:15',
      pinnedUntilDay: '14',
      pinnedUntilMonth: '8',
      pinnedUntilYear: '2083',
    });
    expect(noticeFormInput(values).input).toMatchObject({ publishAt: '2026-11-22T00:15', pinnedUntil: '2026-11-30' });
  });
});
