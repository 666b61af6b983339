import { z } from 'zod';
import { NOTICE_LIMITS } from './limits.ts';
import { countWords } from './words.ts';

const L = NOTICE_LIMITS;

function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname.includes('.');
  } catch {
    return false;
  }
}

/** One schema for the notice form and for POST /api/notices, with the specification's exact messages. */
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
});
export type NoticeInput = z.input<typeof NoticeInputSchema>;
export type NoticeData = z.output<typeof NoticeInputSchema>;

export const NoticeSchema = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string(),
  link: z.string().nullable(),
  createdDate: z.string(),
});
export type Notice = z.infer<typeof NoticeSchema>;

export const NoticeListSchema = z.object({ notices: z.array(NoticeSchema) });
