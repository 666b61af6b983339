import { describe, expect, it } from 'vitest';
import { NoticeInputSchema } from '#common/notices/notice.ts';
import { countWords } from '#common/words.ts';
import { words } from '#server/test-support/factories.ts';
import { STICKY_PINNED_UNTIL, looksLikePreeti, noticeCategoryOf, noticeFromPost } from './wordpress-notice.ts';
import type { WxrItem } from './wxr-reader.ts';

const post = (overrides: Partial<WxrItem> = {}): WxrItem => ({
  id: 10,
  postType: 'post',
  status: 'publish',
  guid: 'http://old.example/?p=10',
  title: 'Grade 11 admission open',
  link: 'http://old.example/2024/05/admission/',
  postName: 'admission',
  dateGmt: '2024-05-01 04:15:00',
  date: '2024-05-01 10:00:00',
  creator: 'office',
  content: '<p>Admission for Grade 11 is open from Baisakh.</p>',
  excerpt: '',
  parentId: 0,
  menuOrder: 0,
  sticky: false,
  attachmentUrl: '',
  categories: [],
  meta: {},
  ...overrides,
});

describe('noticeFromPost', () => {
  it("takes the post's title, text, date (in Nepal time) and stickiness", () => {
    const { input, notes, problem } = noticeFromPost(post({ sticky: true }), []);
    expect(problem).toBeNull();
    expect(notes).toEqual([]);
    expect(input).toMatchObject({
      title: 'Grade 11 admission open',
      description: 'Admission for Grade 11 is open from Baisakh.',
      publishAt: '2024-05-01T10:00',
      pinnedUntil: STICKY_PINNED_UNTIL,
      language: 'en',
    });
  });

  it('cuts a text of 151 words to 150 with an ellipsis and says so; 150 words stay whole', () => {
    const long = noticeFromPost(post({ content: `<p>${words(151)}</p>` }), []);
    expect(countWords(String(long.input.description))).toBe(150);
    expect(long.input.description).toMatch(/word150…$/u);
    expect(long.notes).toEqual(['text shortened to 150 words (the post has 151)']);
    expect(long.problem).toBeNull();
    const exact = noticeFromPost(post({ content: words(150) }), []);
    expect(exact.input.description).toBe(words(150));
    expect(exact.notes).toEqual([]);
  });

  it('cuts a title of 61 characters at a word to fit 60; 60 characters stay whole', () => {
    const title61 = `${'Result '.repeat(8)}abcdefghijklm`.slice(0, 61);
    const cut = noticeFromPost(post({ title: title61 }), []);
    expect(String(cut.input.title).length).toBeLessThanOrEqual(60);
    expect(cut.input.title).toMatch(/…$/u);
    expect(cut.notes).toEqual(['title shortened to 60 characters']);
    expect(noticeFromPost(post({ title: 'x'.repeat(60) }), []).input.title).toBe('x'.repeat(60));
  });

  it('gives a post that is only a file a text from its title and the files it carries', () => {
    const { input, problem } = noticeFromPost(post({ title: 'Result of grade 11', content: '' }), ['result-11.pdf']);
    expect(problem).toBeNull();
    expect(input.description).toBe('Result of grade 11\n\nAttached: result-11.pdf.');
  });

  it("refuses a post whose title is too short, with the form's message", () => {
    expect(noticeFromPost(post({ title: 'Hi' }), []).problem).toBe('Title must be at least 5 characters.');
  });

  it('marks a Nepali post as Nepali, and its fields pass the notice form', () => {
    const { input } = noticeFromPost(
      post({ title: 'कक्षा ११ को नतिजा', content: '<p>कक्षा ११ को नतिजा प्रकाशित भएको छ।</p>' }),
      [],
    );
    expect(input.language).toBe('ne');
    expect(NoticeInputSchema.safeParse(input).success).toBe(true);
  });
});

describe('looksLikePreeti', () => {
  it('knows text typed in the Preeti font, and not English or Unicode Nepali', () => {
    expect(looksLikePreeti("cf]la{6 sn]hdf sIff !! sf] egf{ ;'? ePsf] 5 .")).toBe(true);
    expect(looksLikePreeti('The first term examination starts from Poush 7; bring your admit card [1].')).toBe(false);
    expect(looksLikePreeti('कक्षा ११ को नतिजा प्रकाशित भएको छ।')).toBe(false);
  });

  it('notes a Preeti post for the converter and marks it Nepali', () => {
    const { input, notes } = noticeFromPost(
      post({ title: 'sIff !! egf{ ;"rgf', content: "cf]la{6 sn]hdf sIff !! sf] egf{ ;'? ePsf] 5 ." }),
      [],
    );
    expect(notes).toEqual(["looks typed in the Preeti font: open the notice and use 'Convert from Preeti'"]);
    expect(input.language).toBe('ne');
  });
});

describe('noticeCategoryOf', () => {
  it("reads the kind of notice from a category's slug or name, English or Nepali, else general", () => {
    expect(noticeCategoryOf({ slug: 'exam-results', name: 'Exam results' })).toBe('result');
    expect(noticeCategoryOf({ slug: 'pariksha', name: 'परीक्षा' })).toBe('examination');
    expect(noticeCategoryOf({ slug: 'admissions', name: 'Admissions' })).toBe('admission');
    expect(noticeCategoryOf({ slug: 'news', name: 'News' })).toBe('general');
  });
});
