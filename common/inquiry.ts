import { z } from 'zod';
import { nepaliMobile } from './admission/application.ts';
import type { ChannelsReady } from './messages.ts';
import { latinDigits } from './digits.ts';
import { type Catalogue, en } from './i18n/en.ts';

type FormMessages = Catalogue['formMessages'];

const required = (m: FormMessages, label: string, max: number) =>
  z
    .string({ error: (issue) => (issue.input === undefined ? m.required(label) : m.notText(label)) })
    .trim()
    .min(1, m.required(label))
    .max(max, m.tooLong(label, max))
    // PostgreSQL cannot store a NUL character (a 500 from the contact form's action); no person types one.
    .refine((v) => !v.includes('\u0000'), m.notAllowedCharacter(label));

/** A line break of any kind (LF, CR, vertical tab, form feed, NEL, the line and paragraph separators). */
const LINE_BREAK = /[\n\v\f\r\u0085\u2028\u2029]/u;
/** Other control characters (escape, backspace, delete …): nobody types them into a name or a subject. */
const CONTROL = /\p{Cc}/u;

/**
 * A required field of one line (a name, the subject): a line break in it would start a forged line in the
 * office's alert (e-mail or SMS), so it is refused, and so is any other control character.
 */
const oneLine = (m: FormMessages, label: string, max: number) =>
  required(m, label, max)
    .refine((v) => !LINE_BREAK.test(v), m.oneLine(label))
    .refine((v) => LINE_BREAK.test(v) || !CONTROL.test(v), m.notAllowedCharacter(label));

/** A field that may be left empty; a number's Devanagari digits (९८४…) are read, and stored, as Latin ones. */
const optional = (m: FormMessages, label: string, max: number, number = false) =>
  z
    .string({ error: m.notText(label) })
    .overwrite((v) => (number ? latinDigits(v) : v))
    .trim()
    .max(max, m.tooLong(label, max))
    .refine((v) => !v.includes('\u0000'), m.notAllowedCharacter(label))
    .default('');

/** The contact form's fields, each checked on its own. */
function inquiryFields(m: FormMessages) {
  const name = m.fieldNames;
  return z.object({
    first_name: oneLine(m, name.first_name, 60),
    last_name: oneLine(m, name.last_name, 60),
    phone: optional(m, name.phone, 20, true).refine((v) => v === '' || PHONE.test(v), m.invalidPhone),
    email: optional(m, name.email, 254).refine((v) => v === '' || z.email().safeParse(v).success, m.invalidEmail),
    subject: oneLine(m, name.subject, 120),
    message: required(m, name.message, 3000),
    /** Honeypot: hidden from people, filled in by bots. */
    website: z.string().max(500).optional(),
  });
}

const PHONE = /^\+?[0-9][0-9\s-]{5,18}$/u;

/**
 * The office answers by e-mail, or by SMS to a Nepali mobile number: a message gives at least one of them, so
 * that it can be answered. Marked on the phone field, the first of the two.
 */
function answerable<T extends z.ZodType<{ phone: string; email: string }>>(schema: T, m: FormMessages) {
  return schema.refine((v) => v.email !== '' || nepaliMobile(v.phone) !== null, {
    message: m.phoneOrEmail,
    path: ['phone'],
    // Only once the message is an object and each of the two is valid on its own: a malformed number
    // already has its own message.
    when: (payload) =>
      payload.issues.every((i) => {
        const field = i.path?.[0];
        return field !== undefined && !PHONE_OR_EMAIL_CHECKED.some((key) => key === field);
      }),
  });
}
const PHONE_OR_EMAIL_CHECKED = ['phone', 'email'] as const;

/** The contact form's rules, with their messages in one language (a catalogue's form messages). */
export const inquiryInputSchema = (m: FormMessages) => answerable(inquiryFields(m), m);

/** The contact form, checked in the browser and again by POST /api/inquiries. */
export const InquiryInputSchema = inquiryInputSchema(en.formMessages);
export type InquiryInput = z.input<typeof InquiryInputSchema>;

/** The hidden field that carries the signed moment the form was opened. */
export const FORM_TOKEN_FIELD = 'form_token';

/**
 * A person takes longer than `minSeconds` to fill in the form; a script posting as soon as it has the
 * page does not. A form open longer than `maxAgeHours` is sent again with a fresh one.
 */
export const INQUIRY_FORM_TIMING = { minSeconds: 3, maxAgeHours: 24 } as const;

/** What POST /api/inquiries takes: the message and the token of the form it was written in. */
export const InquirySubmissionSchema = answerable(
  inquiryFields(en.formMessages).extend({ [FORM_TOKEN_FIELD]: z.string().max(200).optional() }),
  en.formMessages,
);
export type InquirySubmission = z.input<typeof InquirySubmissionSchema>;

/** A fresh form token, as the contact page puts it in its form (GET /api/inquiries/form-token). */
export const InquiryFormTokenSchema = z.object({
  token: z.string(),
  /** The earliest moment a message written in this form is accepted. */
  usableFrom: z.string(),
  expiresAt: z.string(),
});
export type InquiryFormToken = z.infer<typeof InquiryFormTokenSchema>;

// What the contact form answers when it refuses a message, with or without JavaScript.
export const INQUIRY_TOO_FAST = {
  code: 'inquiry/too-fast',
  message: 'Please take a moment to fill in the form before sending.',
} as const;
export const INQUIRY_FORM_EXPIRED = {
  code: 'inquiry/form-expired',
  message: 'This form was open for a long time. Please check your message and press Send again.',
} as const;
export const INQUIRY_FORM_INVALID = {
  code: 'inquiry/form-invalid',
  message: 'This form could not be checked. Please check your message and press Send again.',
} as const;
export const INQUIRY_FORM_USED = {
  code: 'inquiry/form-used',
  message: 'A message from this form has already been received. To send another one, press Send again.',
} as const;
/**
 * Whether a refused form may be sent again with the same token: after a correction, or once it is old
 * enough. Any other refusal used the token up or found it bad, and the form needs a fresh one.
 */
export const formTokenStillUsable = (code: string): boolean => code === 'validation' || code === INQUIRY_TOO_FAST.code;

export const INQUIRY_TOO_MANY = {
  code: 'inquiry/too-many-requests',
  message: 'You have sent several messages already. Please try again later or call us.',
} as const;

/** What the visitor reads once a message is stored, with or without JavaScript. */
export const INQUIRY_RECEIVED_MESSAGE =
  'Thank you. Your message has been received and the college office will get back to you.';

export const INQUIRY_STATES = ['new', 'answered', 'closed'] as const;
export type InquiryState = (typeof INQUIRY_STATES)[number];
export const INQUIRY_STATE_LABELS: Record<InquiryState, string> = {
  new: 'New',
  answered: 'Answered',
  closed: 'Closed',
};

/** The longest reply the office may send from the admin. */
export const INQUIRY_REPLY_MAX = 5000;

/**
 * How a reply to a visitor can leave: by e-mail to the address they gave, else by SMS to their Nepali mobile
 * number, each only while that channel is set up. When neither can, `why` says so in the office's words and
 * `call` is the number they gave, if any: the office answers by phone instead.
 */
export const ReplyRouteSchema = z.discriminatedUnion('channel', [
  z.object({ channel: z.literal('email'), to: z.string() }),
  z.object({ channel: z.literal('sms'), to: z.string() }),
  z.object({ channel: z.literal('none'), why: z.string(), call: z.string() }),
]);
export type ReplyRoute = z.infer<typeof ReplyRouteSchema>;

export function replyRouteOf(visitor: { email: string; phone: string }, ready: ChannelsReady): ReplyRoute {
  const mobile = nepaliMobile(visitor.phone);
  if (visitor.email && ready.email) return { channel: 'email', to: visitor.email };
  if (mobile && ready.sms) return { channel: 'sms', to: mobile };
  const email = visitor.email ? 'e-mail is not set up' : 'no e-mail address';
  const sms = !mobile
    ? visitor.phone
      ? 'the number is not a Nepali mobile'
      : 'no mobile number'
    : 'SMS is not set up';
  const call = visitor.phone.trim();
  return { channel: 'none', why: `Cannot be sent: ${email}, and ${sms}${call ? ` — call ${call}` : ''}.`, call };
}

export const InquirySchema = z.object({
  id: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  phone: z.string(),
  email: z.string(),
  subject: z.string(),
  message: z.string(),
  /** new: nobody has dealt with it; answered: the office replied from the admin; closed: dealt with otherwise. */
  state: z.enum(INQUIRY_STATES),
  /** Kept for the API's older clients: any state but 'new'. */
  handled: z.boolean(),
  createdAt: z.string(),
  /** How a reply would leave now. */
  replyRoute: ReplyRouteSchema,
  replies: z.array(
    z.object({
      id: z.string(),
      body: z.string(),
      sentBy: z.string(),
      createdAt: z.string(),
      /** 'phone': the office marked it answered by phone; no message was sent. */
      channel: z.enum(['email', 'sms', 'phone']),
      /** Where its message is (a DeliveryState), '' for a phone call. */
      delivery: z.string(),
    }),
  ),
});
export type Inquiry = z.infer<typeof InquirySchema>;
