import { describe, expect, it } from 'vitest';
import { TestimonialsUpdateSchema } from '#common/site-content/people.ts';
import { errorsAtRows, errorsUnder, formLocalText, pathErrorsOf, resultFor, typedOr } from './admin-section-form.ts';

describe('site-content form helpers', () => {
  it("keys a shared schema's refusals by the full path of the refused value", () => {
    const errors = pathErrorsOf(TestimonialsUpdateSchema, {
      items: [
        { student: { en: 'BSc student', ne: '' }, quote: { en: 'Fine.', ne: '' } },
        { student: { en: '', ne: '' }, quote: { en: 'x'.repeat(501), ne: '' } },
      ],
    });
    expect(errors).toEqual({
      'items.1.student.en': 'Enter the description of the student.',
      'items.1.quote.en': 'The quote must be at most 500 characters.',
    });
    expect(errorsUnder(errors!, 'items.1')).toEqual({
      'student.en': 'Enter the description of the student.',
      'quote.en': 'The quote must be at most 500 characters.',
    });
    expect(errorsUnder(errors!, 'items.0')).toEqual({});
    expect(pathErrorsOf(TestimonialsUpdateSchema, { items: [] })).toBeNull();
  });

  it('reads an English and Nepali text pair from a posted form', () => {
    const form = new FormData();
    form.set('title.en', 'Science');
    form.set('title.ne', 'विज्ञान');
    expect(formLocalText(form, 'title')).toEqual({ en: 'Science', ne: 'विज्ञान' });
    expect(formLocalText(form, 'summary')).toEqual({ en: '', ne: '' });
    form.set('body.en', 'One.\r\n\r\nTwo.');
    expect(formLocalText(form, 'body').en).toBe('One.\n\nTwo.');
  });

  it('gives a refused answer only to the form that was posted, and its typed values over the stored ones', () => {
    const refused = {
      ok: false as const,
      title: 'Could not save:',
      code: 'validation',
      message: 'Please correct the marked fields.',
      values: { form: 'course:a', 'title.en': 'typed' },
    };
    expect(resultFor(refused, 'course:a')).toBe(refused);
    expect(resultFor(refused, 'course:b')).toBeUndefined();
    expect(resultFor({ ok: true, message: 'Saved.' }, 'course:b')).toEqual({ ok: true, message: 'Saved.' });
    expect(typedOr(refused.values, 'title.en', 'stored')).toBe('typed');
    expect(typedOr(refused.values, 'summary.en', 'stored')).toBe('stored');
    expect(typedOr(undefined, 'title.en', 'stored')).toBe('stored');
  });

  it('names the form row a refusal came from when emptied rows before it were left out', () => {
    // Rows 0 and 2 were filled, row 1 emptied: the schema's second item is the form's row 2.
    const errors = { 'points.1.title.en': 'Too long.', 'points.0.text.en': 'Enter it.', heading: 'Enter it.' };
    expect(errorsAtRows(errors, 'points', [0, 2])).toEqual({
      'points.2.title.en': 'Too long.',
      'points.0.text.en': 'Enter it.',
      heading: 'Enter it.',
    });
    // A list's own refusal (too many items) and another list of the same prefix keep their names.
    expect(errorsAtRows({ points: 'At most 6.', pointsExtra: 'x' }, 'points', [1])).toEqual({
      points: 'At most 6.',
      pointsExtra: 'x',
    });
  });
});
