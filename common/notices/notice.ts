import { z } from 'zod';
import { NOTICE_LIMITS } from '../limits.ts';
import { AttachmentSchema } from './notice-attachments.ts';
import { countWords } from '../words.ts';
import { DEFAULT_NOTICE_CATEGORY, NOTICE_CATEGORY_KEYS, isNoticeCategory } from './notice-category.ts';
import { isCalendarDate, nepalLocalToIso } from '../dates/nepal-time.ts';
import { SITE_LANGUAGES, type SiteLanguage } from '../site-content/local-text.ts';

const L = NOTICE_LIMITS;

const isSiteLanguage = (value: string): value is SiteLanguage => (SITE_LANGUAGES as readonly string[]).includes(value);

function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname.includes('.');
  } catch {
    return false;
  }
}

/** An optional text field: trimmed, and null when left empty. */
const optionalText = () =>
  z
    .string()
    .trim()
    .optional()
    .transform((v) => (v ? v : null));

/** Saving (or opening to edit) a notice that was deleted meanwhile: another tab, another admin. */
export const NOTICE_GONE_MESSAGE =
  'This notice no longer exists: it was deleted, perhaps in another tab. Nothing was saved.';

/**
 * One schema for the notice form and for the admin API (create and edit), with the specification's exact
 * messages. Publish time and pinned-until are typed in Nepal time: publish time as 'YYYY-MM-DDTHH:mm'
 * (stored as a UTC instant; empty means now, a future one schedules the notice), pinned-until as a day.
 */
export const NoticeInputSchema = z.object({
  title: z
    .string()
    .trim()
    .min(L.titleMinChars, `Title must be at least ${L.titleMinChars} characters.`)
    .max(L.titleMaxChars, `Title must be less than ${L.titleMaxChars} characters.`),
  description: z
    .string()
    .trim()
    .refine((d) => countWords(d) >= L.descriptionMinWords, {
      message: `Description must be at least ${L.descriptionMinWords} words.`,
    })
    .refine((d) => countWords(d) <= L.descriptionMaxWords, {
      message: `Description must be less than ${L.descriptionMaxWords} words.`,
    }),
  link: z
    .string()
    .trim()
    .max(L.linkMaxChars, `Link must be less than ${L.linkMaxChars} characters.`)
    .refine((v) => v === '' || isHttpUrl(v), {
      message: 'Link must be a web address starting with http:// or https://.',
    })
    .optional()
    .transform((v) => (v ? v : null)),
  category: z
    .string()
    .trim()
    .optional()
    .transform((v) => (v ? v : DEFAULT_NOTICE_CATEGORY))
    .refine(isNoticeCategory, { message: 'Choose a category from the list.' })
    .transform((v) => v as (typeof NOTICE_CATEGORY_KEYS)[number]),
  referenceNo: optionalText().refine((v) => v === null || v.length <= L.referenceNoMaxChars, {
    message: `Reference number must be ${L.referenceNoMaxChars} characters or fewer.`,
  }),
  publishAt: optionalText()
    .refine((v) => v === null || nepalLocalToIso(v) !== null, {
      message: 'Publish at must be a date and time, e.g. 2026-11-22 10:00.',
    })
    .transform((v) => (v === null ? null : nepalLocalToIso(v))),
  pinnedUntil: optionalText().refine((v) => v === null || isCalendarDate(v), {
    message: 'Pinned until must be a date, e.g. 2026-11-30.',
  }),
  /** The language the office wrote it in; English when not given. */
  language: z
    .string()
    .trim()
    .optional()
    .transform((v) => (v ? v : 'en'))
    .refine(isSiteLanguage, { message: 'Choose English or Nepali.' })
    .transform((v) => v as SiteLanguage),
});
export type NoticeInput = z.input<typeof NoticeInputSchema>;
export type NoticeData = z.output<typeof NoticeInputSchema>;

export const NoticeSchema = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string(),
  link: z.string().nullable(),
  createdDate: z.string(),
  category: z.enum(NOTICE_CATEGORY_KEYS),
  referenceNo: z.string().nullable(),
  /** When it is (or was) published: an ISO instant. */
  publishAt: z.string(),
  /** The last Nepal day ('YYYY-MM-DD') it is pinned on, or null. */
  pinnedUntil: z.string().nullable(),
  /** Pinned now: shown first with a 'Pinned' badge. */
  pinned: z.boolean(),
  /** Its publish time is still to come: it is shown nowhere public yet. */
  scheduled: z.boolean(),
  /** PDFs and scans, in the order they were added (at most 5). */
  attachments: z.array(AttachmentSchema),
  /** The language it is written in. */
  language: z.enum(SITE_LANGUAGES),
  /**
   * When it last changed as the public sees it (an ISO instant): its last edit, or its publish time when that
   * is later. Search engines and feeds read it; notices are never ordered by it.
   */
  updatedAt: z.string(),
});
export type Notice = z.infer<typeof NoticeSchema>;

export const NoticeListSchema = z.object({ notices: z.array(NoticeSchema) });
