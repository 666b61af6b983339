import { z } from 'zod';
import { CONTENT_LIMITS as L } from './limits.ts';
import { localText } from './local-text.ts';
import { ItemIdSchema, KeepOrRemoveSchema, LocalTextSchema, SitePictureSchema } from './picture.ts';

/** The two messages on the home page, each from one person. */
export const MESSAGE_KEYS = ['chairman', 'principal'] as const;
/** A message form naming anyone else: refused by the schema and by the page's action alike. */
export const UNKNOWN_MESSAGE_KEY = 'There is a chairman’s and a principal’s message.';
export const MessageKeySchema = z.enum(MESSAGE_KEYS, { error: UNKNOWN_MESSAGE_KEY });
export type MessageKey = (typeof MESSAGE_KEYS)[number];

const MessageInputSchema = z.object({
  /** May stay empty while the college has not given it: the role is shown instead. */
  name: localText({ noun: "person's name", max: L.personName, optional: true }),
  role: localText({ noun: "person's role", max: L.personRole }),
  heading: localText({ noun: 'heading of the message', max: L.heading }),
  /** Paragraphs separated by an empty line. */
  body: localText({ noun: 'message', max: L.messageBody }),
  /** The photo is uploaded on its own (POST .../messages/:key/photo); here it is kept or removed. */
  photo: KeepOrRemoveSchema,
});

export const MessagesUpdateSchema = z.object({ chairman: MessageInputSchema, principal: MessageInputSchema });
export type MessagesUpdate = z.input<typeof MessagesUpdateSchema>;

export const MessageSchema = z.object({
  name: LocalTextSchema,
  role: LocalTextSchema,
  heading: LocalTextSchema,
  body: LocalTextSchema,
  photo: SitePictureSchema.nullable(),
});
export type Message = z.infer<typeof MessageSchema>;
export const MessagesSchema = z.object({ chairman: MessageSchema, principal: MessageSchema });
export type Messages = z.infer<typeof MessagesSchema>;

const uniqueIds = (items: { id?: string | undefined }[]) => {
  const ids = items.flatMap((i) => (i.id ? [i.id] : []));
  return new Set(ids).size === ids.length;
};

/** Students' words: a description of the student (never an invented name) and the quote. */
export const TestimonialsUpdateSchema = z.object({
  items: z
    .array(
      z.object({
        id: ItemIdSchema.optional(),
        student: localText({ noun: 'description of the student', max: L.testimonialStudent }),
        quote: localText({ noun: 'quote', max: L.testimonialQuote }),
      }),
    )
    .max(L.testimonialsMax, `Show at most ${L.testimonialsMax} testimonials.`)
    .refine(uniqueIds, 'A testimonial appears twice in the list.'),
});
export type TestimonialsUpdate = z.input<typeof TestimonialsUpdateSchema>;

export const TestimonialSchema = z.object({ id: z.string(), student: LocalTextSchema, quote: LocalTextSchema });
export const TestimonialsSchema = z.object({ items: z.array(TestimonialSchema) });
export type Testimonials = z.infer<typeof TestimonialsSchema>;

/** Reasons to choose the college: facts, no invented achievements. */
export const WhyChooseUsUpdateSchema = z.object({
  heading: localText({ noun: 'heading of the reasons to choose the college', max: L.heading }),
  intro: localText({ noun: 'introduction to the reasons', max: L.whyIntro, optional: true }),
  points: z
    .array(
      z.object({
        id: ItemIdSchema.optional(),
        title: localText({ noun: 'title of the reason', max: L.whyPointTitle }),
        text: localText({ noun: 'text of the reason', max: L.whyPointText }),
      }),
    )
    .max(L.whyPointsMax, `List at most ${L.whyPointsMax} reasons.`)
    .refine(uniqueIds, 'A reason appears twice in the list.'),
});
export type WhyChooseUsUpdate = z.input<typeof WhyChooseUsUpdateSchema>;

export const WhyChooseUsSchema = z.object({
  heading: LocalTextSchema,
  intro: LocalTextSchema,
  points: z.array(z.object({ id: z.string(), title: LocalTextSchema, text: LocalTextSchema })),
});
export type WhyChooseUs = z.infer<typeof WhyChooseUsSchema>;
