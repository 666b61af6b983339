import { describe, expect, it } from 'vitest';
import { type NoticeInput, NoticeInputSchema } from './notice.ts';

const words = (n: number) => Array.from({ length: n }, (_, i) => `w${i + 1}`).join(' ');
const VALID: NoticeInput = { title: 'Exam routine', description: words(10), link: '' };

/** The messages of the form: every issue's message, by field. */
function messages(overrides: Partial<NoticeInput>): Record<string, string[]> {
  const result = NoticeInputSchema.safeParse({ ...VALID, ...overrides });
  if (result.success) return {};
  const byField: Record<string, string[]> = {};
  for (const issue of result.error.issues) (byField[String(issue.path[0])] ??= []).push(issue.message);
  return byField;
}

const link = (n: number) => {
  const base = 'https://example.com/';
  return base + 'x'.repeat(n - base.length);
};

describe('NoticeInputSchema boundaries (SPEC.md section 5)', () => {
  it('rejects a title of 4 characters with the specification message', () => {
    expect(messages({ title: 'abcd' })).toEqual({ title: ['Title must be at least 5 characters.'] });
  });
  it('accepts a title of 5 characters', () => {
    expect(messages({ title: 'abcde' })).toEqual({});
  });
  it('accepts a title of 60 characters', () => {
    expect(messages({ title: 'a'.repeat(60) })).toEqual({});
  });
  it('rejects a title of 61 characters with the specification message', () => {
    expect(messages({ title: 'a'.repeat(61) })).toEqual({ title: ['Title must be less than 60 characters.'] });
  });
  it('counts the title after trimming', () => {
    expect(messages({ title: '   abcd   ' })).toEqual({ title: ['Title must be at least 5 characters.'] });
    expect(NoticeInputSchema.parse({ ...VALID, title: '  abcde  ' }).title).toBe('abcde');
  });

  it('rejects a description of 4 words with the specification message', () => {
    expect(messages({ description: words(4) })).toEqual({ description: ['Description must be at least 5 words.'] });
  });
  it('accepts a description of 5 words', () => {
    expect(messages({ description: words(5) })).toEqual({});
  });
  it('accepts a description of 150 words', () => {
    expect(messages({ description: words(150) })).toEqual({});
  });
  it('rejects a description of 151 words with the specification message', () => {
    expect(messages({ description: words(151) })).toEqual({
      description: ['Description must be less than 150 words.'],
    });
  });
  it('counts words on any whitespace, not on single spaces', () => {
    expect(messages({ description: ' one\ttwo\n\nthree   four  five ' })).toEqual({});
    expect(messages({ description: 'one  two   three    four' })).toEqual({
      description: ['Description must be at least 5 words.'],
    });
  });

  it('counts Nepali words separated by the danda as well as by spaces', () => {
    // Four words, the last two joined by a danda with no space: the fifth word makes it valid.
    expect(messages({ description: 'परीक्षा तालिका प्रकाशित भयो।' })).toEqual({
      description: ['Description must be at least 5 words.'],
    });
    expect(messages({ description: 'परीक्षा तालिका प्रकाशित भयो।सबै' })).toEqual({});
    // A danda between spaces is not a word.
    expect(messages({ description: 'परीक्षा तालिका प्रकाशित भयो ।' })).toEqual({
      description: ['Description must be at least 5 words.'],
    });
    expect(messages({ description: Array.from({ length: 151 }, () => 'शब्द').join('।') })).toEqual({
      description: ['Description must be less than 150 words.'],
    });
    expect(messages({ description: Array.from({ length: 150 }, () => 'शब्द').join('।') })).toEqual({});
  });

  it('accepts a link of 100 characters', () => {
    expect(link(100)).toHaveLength(100);
    expect(messages({ link: link(100) })).toEqual({});
  });
  it('rejects a link of 101 characters with the specification message', () => {
    expect(messages({ link: link(101) })).toEqual({ link: ['Link must be less than 100 characters.'] });
  });
  it('accepts a missing or empty link and stores it as null', () => {
    const { link: _omitted, ...withoutLink } = VALID;
    expect(NoticeInputSchema.parse(withoutLink).link).toBeNull();
    expect(NoticeInputSchema.parse({ ...VALID, link: '   ' }).link).toBeNull();
  });
  it('rejects a link that is not an http(s) web address', () => {
    for (const bad of ['javascript:alert(1)', 'ftp://example.com/x', 'example.com', 'https://localhost']) {
      expect(messages({ link: bad }).link, bad).toHaveLength(1);
    }
  });
});
