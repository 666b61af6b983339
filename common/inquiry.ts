import { z } from 'zod';

const required = (label: string, max: number) =>
  z
    .string({ error: (issue) => (issue.input === undefined ? `${label} is required.` : `${label} must be text.`) })
    .trim()
    .min(1, `${label} is required.`)
    .max(max, `${label} must be at most ${max} characters.`)
    // PostgreSQL cannot store a NUL character (a 500 from the contact form's action); no person types one.
    .refine((v) => !v.includes('\u0000'), `${label} contains a character that is not allowed.`);

/** The contact form of SPEC.md section 3, checked in the browser and again by POST /api/inquiries. */
export const InquiryInputSchema = z.object({
  first_name: required('First name', 60),
  last_name: required('Last name', 60),
  phone: required('Contact number', 20).regex(/^\+?[0-9][0-9\s-]{5,18}$/u, 'Enter a valid contact number.'),
  email: required('Email', 254).pipe(z.email('Enter a valid email address.')),
  subject: required('Subject', 120),
  message: required('Message', 3000),
  /** Honeypot: hidden from people, filled in by bots. */
  website: z.string().max(500).optional(),
});
export type InquiryInput = z.input<typeof InquiryInputSchema>;

/** What the visitor reads once a message is stored, with or without JavaScript. */
export const INQUIRY_RECEIVED_MESSAGE =
  'Thank you. Your message has been received and the college office will get back to you.';

export const InquirySchema = z.object({
  id: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  phone: z.string(),
  email: z.string(),
  subject: z.string(),
  message: z.string(),
  handled: z.boolean(),
  createdAt: z.string(),
});
export type Inquiry = z.infer<typeof InquirySchema>;
