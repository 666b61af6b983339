import { z } from 'zod';
import { latinDigits } from '../digits.ts';

/**
 * Where a parent pays a season's fees: the college's bank account, an optional payment QR image (the
 * college's Fonepay/eSewa/Khalti merchant QR) and what to write as the deposit's reference. A season holds
 * them; a programme may hold its own (empty: the season's). `{reference}` in the reference text stands for
 * the application's reference, filled in wherever it is known.
 */

const text = (max: number, field: string) => z.string().trim().max(max, `${field} can be at most ${max} characters.`);

/**
 * Digits, with spaces, hyphens or slashes between them, as banks print account numbers. Devanagari digits are
 * read as Latin ones (a Nepali keyboard is never refused) and stored as Latin.
 */
const ACCOUNT_NUMBER = /^[0-9]+(?:[ /-][0-9]+)*$/u;
const digitsIn = (s: string) => latinDigits(s).replace(/[^0-9]/gu, '').length;

export const REFERENCE_PLACEHOLDER = '{reference}';

export const PaymentDetailsInputSchema = z
  .object({
    bank: text(100, 'The bank'),
    branch: text(100, 'The branch'),
    accountName: text(120, 'The account name'),
    accountNumber: z
      .string()
      .trim()
      .max(30, 'The account number can be at most 30 characters.')
      .refine((s) => s === '' || ACCOUNT_NUMBER.test(latinDigits(s)), {
        message: 'The account number takes digits only, with spaces or hyphens between groups.',
      })
      .refine((s) => digitsIn(s) === 0 || digitsIn(s) >= 6, {
        message: 'The account number has at least 6 digits.',
      }),
    referenceEn: text(200, 'What to write as the reference'),
    referenceNe: text(200, 'The Nepali reference text'),
  })
  .superRefine((p, ctx) => {
    const account = [p.bank, p.accountName, p.accountNumber];
    const filled = account.filter(Boolean).length;
    const any = filled > 0 || Boolean(p.branch || p.referenceEn || p.referenceNe);
    if (any && filled < account.length) {
      const missing = (['bank', 'accountName', 'accountNumber'] as const).find((k) => !p[k])!;
      const named = { bank: 'the bank', accountName: 'the account name', accountNumber: 'the account number' };
      ctx.addIssue({
        code: 'custom',
        path: [missing],
        message: `Enter ${named[missing]}: the bank, the account name and the account number go together.`,
      });
    }
  });
export type PaymentDetailsInput = z.infer<typeof PaymentDetailsInputSchema>;

export const EMPTY_PAYMENT: PaymentDetailsInput = {
  bank: '',
  branch: '',
  accountName: '',
  accountNumber: '',
  referenceEn: '',
  referenceNe: '',
};

/** The payment QR image as pages show it: its resized copy, served from storage. */
export const PaymentQrSchema = z.object({ src: z.string(), width: z.number(), height: z.number() });
export type PaymentQr = z.infer<typeof PaymentQrSchema>;

export const PaymentDetailsSchema = z.object({
  bank: z.string(),
  branch: z.string(),
  accountName: z.string(),
  accountNumber: z.string(),
  referenceEn: z.string(),
  referenceNe: z.string(),
  qr: PaymentQrSchema.nullable(),
});
export type PaymentDetails = z.infer<typeof PaymentDetailsSchema>;

/** Whether there is an account to pay into (a QR alone is not enough: the voucher names an account). */
export const hasPaymentAccount = (p: Pick<PaymentDetails, 'accountNumber'> | null | undefined): boolean =>
  Boolean(p?.accountNumber);

/** A programme's own details when it has an account of its own, else its season's. */
export function paymentFor(
  season: PaymentDetails,
  programme: (PaymentDetailsInput & { qr?: PaymentQr | null }) | null | undefined,
): PaymentDetails {
  if (programme && hasPaymentAccount(programme)) return { ...programme, qr: programme.qr ?? null };
  return season;
}

/** The reference text in one language with the application's reference filled in (`fallback` when unknown). */
export function paymentReferenceText(
  p: Pick<PaymentDetails, 'referenceEn' | 'referenceNe'>,
  lang: 'en' | 'ne',
  reference: string,
): string {
  const template = (lang === 'ne' && p.referenceNe) || p.referenceEn;
  return template.split(REFERENCE_PLACEHOLDER).join(reference);
}
