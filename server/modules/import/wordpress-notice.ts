import { type NoticeInput, NoticeInputSchema } from '#common/notices/notice.ts';
import { NOTICE_LIMITS } from '#common/limits.ts';
import type { NoticeCategory } from '#common/notices/notice-category.ts';
import { isoToNepalLocal } from '#common/dates/nepal-time.ts';
import { countWords } from '#common/words.ts';
import { htmlToText } from './html-to-text.ts';
import type { WxrItem, WxrItemCategory } from './wxr-reader.ts';

/**
 * A WordPress post as a notice's fields. A notice is shorter than many posts (its title at most 60
 * characters, its text 5 to 150 words, as the office's form allows): a longer one is cut at a word with '…'
 * and the report says so (the whole post stays in the export). A sticky post is pinned until the office
 * unpins it, as WordPress kept it on top.
 */

/**
 * The day a sticky post's notice stays pinned until: for good, until someone unpins it. Not 9999-12-31: the
 * end of a pinned day is kept as an ISO instant, and the one after that day would be in the year 10000, which
 * no longer sorts as text among the others.
 */
export const STICKY_PINNED_UNTIL = '9999-12-30';

/** Words in a WordPress category's slug or name that say which kind of notice it holds (English and Nepali). */
const CATEGORY_WORDS: readonly [NoticeCategory, RegExp][] = [
  ['result', /result|नतिजा|परिणाम/iu],
  ['examination', /exam|परीक्षा/iu],
  ['admission', /admission|enrol|भर्ना/iu],
  ['scholarship', /scholarship|छात्रवृत्ति/iu],
  ['holiday', /holiday|vacation|बिदा/iu],
  ['event', /event|programme|program|कार्यक्रम/iu],
];

/** The notice category a WordPress category becomes ('general' when its name says none). */
export function noticeCategoryOf(category: Pick<WxrItemCategory, 'slug' | 'name'>): NoticeCategory {
  const words = `${category.slug} ${category.name}`;
  return CATEGORY_WORDS.find(([, pattern]) => pattern.test(words))?.[0] ?? 'general';
}

/** The first of a post's categories that names a kind of notice, else what its title names, else 'general'. */
function categoryOf(item: WxrItem, title: string): NoticeCategory {
  for (const c of item.categories) {
    if (c.domain !== 'category') continue;
    const found = noticeCategoryOf(c);
    if (found !== 'general') return found;
  }
  return noticeCategoryOf({ slug: '', name: title });
}

/** Text cut after `max` words, its separators (lines, paragraphs) kept, with '…' on the last word. */
export function firstWords(text: string, max: number): string {
  const words = /[^\s\u0964\u0965]+/gu;
  let count = 0;
  let match: RegExpExecArray | null;
  while ((match = words.exec(text)) !== null) {
    count += 1;
    if (count === max) return `${text.slice(0, match.index + match[0].length)}…`;
  }
  return text;
}

/** A title cut at a word to fit the notice's limit, with '…'. */
function shortTitle(title: string): string {
  const max = NOTICE_LIMITS.titleMaxChars - 1;
  const cut = title.slice(0, max);
  const atWord = cut.lastIndexOf(' ');
  return `${(atWord > max / 2 ? cut.slice(0, atWord) : cut).trimEnd()}…`;
}

/** The post's time ('YYYY-MM-DD HH:MM:SS' in UTC) as the form's Nepal time; empty (now) when it has none. */
function publishAtOf(item: WxrItem): string {
  const gmt = /^(\d{4}-\d{2}-\d{2}) (\d{2}:\d{2}:\d{2})$/u.exec(item.dateGmt);
  if (!gmt || gmt[1]!.startsWith('0000')) return '';
  return isoToNepalLocal(`${gmt[1]}T${gmt[2]}Z`);
}

const DEVANAGARI = /[\u0900-\u097f]/u;
/**
 * A word typed in the Preeti font: Preeti types the e-sign, the reph and other signs with ] { } [ | \ keys
 * ('sf]', 'egf{'), and ';' starts many syllables (';dod}'); English words carry them seldom.
 */
const PREETI_WORD = /[\]{}[|\\]|;(?=.)/u;

/** Text without Devanagari in which at least a quarter of the words (3 or more) look typed in Preeti. */
export function looksLikePreeti(text: string): boolean {
  if (DEVANAGARI.test(text)) return false;
  const words = text.split(/\s+/u).filter((w) => /[a-z]/iu.test(w));
  const preeti = words.filter((w) => PREETI_WORD.test(w)).length;
  return preeti >= 3 && preeti * 4 >= words.length;
}

export interface NoticeFromPost {
  input: NoticeInput;
  /** What had to change to make it a notice (shortened title or text), for the report. */
  notes: string[];
  /** Why it cannot be a notice (the form's message), or null. */
  problem: string | null;
}

/** `attachmentNames`: the files it will carry, named in the text when the post has almost none of its own. */
export function noticeFromPost(item: WxrItem, attachmentNames: readonly string[]): NoticeFromPost {
  const notes: string[] = [];
  let title = htmlToText(item.title).replace(/\s+/gu, ' ');
  if (title.length > NOTICE_LIMITS.titleMaxChars) {
    title = shortTitle(title);
    notes.push('title shortened to 60 characters');
  }
  let text = htmlToText(item.content) || htmlToText(item.excerpt);
  const words = countWords(text);
  if (words > NOTICE_LIMITS.descriptionMaxWords) {
    text = firstWords(text, NOTICE_LIMITS.descriptionMaxWords);
    notes.push(`text shortened to ${NOTICE_LIMITS.descriptionMaxWords} words (the post has ${words})`);
  } else if (words < NOTICE_LIMITS.descriptionMinWords) {
    // A post that is only its title and a file: the notice says what it is and what is attached.
    const attached = attachmentNames.length > 0 ? `Attached: ${attachmentNames.join(', ')}.` : '';
    text = [title, text, attached].filter(Boolean).join('\n\n');
  }
  const preeti = looksLikePreeti(`${title} ${text}`);
  if (preeti) notes.push("looks typed in the Preeti font: open the notice and use 'Convert from Preeti'");
  const input: NoticeInput = {
    title,
    description: text,
    category: categoryOf(item, title),
    publishAt: publishAtOf(item),
    pinnedUntil: item.sticky ? STICKY_PINNED_UNTIL : '',
    language: preeti || DEVANAGARI.test(`${title} ${text}`) ? 'ne' : 'en',
  };
  const parsed = NoticeInputSchema.safeParse(input);
  return { input, notes, problem: parsed.success ? null : (parsed.error.issues[0]?.message ?? 'Not a valid notice.') };
}
