import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import { latinDigits } from '#common/digits.ts';
import {
  EMPTY_PAYMENT,
  hasPaymentAccount,
  type PaymentDetails,
  type PaymentDetailsInput,
  PaymentDetailsInputSchema,
} from '#common/admission/payment-details.ts';
import type { Db } from '#server/db/db.ts';
import { type ImageLimits, processImage } from '#server/images/image-pipeline.ts';
import { StoredVariantSchema } from '#server/images/variants.ts';
import type { FileOwner } from '#server/storage/storage-sweep.ts';
import type { NewFile } from '#server/storage/store-with-commit.ts';
import { listSeasonPayments, paymentsOfApplication } from './season.repository.ts';
import { storedVariants } from '#server/images/stored-variants.ts';

/** A season's payment QR image is stored under `payment/<qr id>/`, its resized copies only (no metadata). */
export const PAYMENT_PREFIX = 'payment/';

const StoredQrSchema = z.object({
  id: z.string(),
  width: z.number().int().positive(),
  height: z.number().int().positive(),
  variants: z.array(StoredVariantSchema).min(1),
});
export type StoredQr = z.infer<typeof StoredQrSchema>;

/** How a season's or a programme's `payment` column is kept: the details typed, and the QR's stored copies. */
export interface StoredPayment extends PaymentDetailsInput {
  qr: StoredQr | null;
}

const StoredPaymentSchema = z.object({
  bank: z.string().catch(''),
  branch: z.string().catch(''),
  accountName: z.string().catch(''),
  accountNumber: z.string().catch(''),
  referenceEn: z.string().catch(''),
  referenceNe: z.string().catch(''),
  qr: StoredQrSchema.nullable().catch(null),
});

/** The stored column read back; '' (never filled in) or JSON that no longer reads is empty. */
export function readPayment(text: string): StoredPayment {
  if (!text) return { ...EMPTY_PAYMENT, qr: null };
  try {
    const parsed = StoredPaymentSchema.safeParse(JSON.parse(text));
    if (parsed.success) return parsed.data;
  } catch {
    // Unreadable JSON: shown as empty, the office fills it in again.
  }
  return { ...EMPTY_PAYMENT, qr: null };
}

/** The column for a payment: '' when nothing is filled in, so an empty one reads as never filled. */
export function writePayment(p: StoredPayment): string {
  const empty = !p.qr && Object.values({ ...p, qr: '' }).every((v) => v === '');
  return empty ? '' : JSON.stringify({ ...p, accountNumber: latinDigits(p.accountNumber) });
}

/** Checks what the office typed (a 400 with the first refusal's message otherwise). */
export const parsePaymentInput = (input: unknown) => PaymentDetailsInputSchema.safeParse(input ?? EMPTY_PAYMENT);

/** The QR's copy pages show: the JPEG nearest 400 px wide (a phone's screen at twice its density). */
function qrCopy(qr: StoredQr) {
  const jpegs = qr.variants.filter((v) => v.format === 'jpeg').sort((a, b) => a.width - b.width);
  return jpegs.find((v) => v.width >= 400) ?? jpegs[jpegs.length - 1];
}

/** What the pages and the API show: the details, and the QR's address. */
export function toPaymentDetails(p: StoredPayment, urlFor: (key: string) => string): PaymentDetails {
  const copy = p.qr ? qrCopy(p.qr) : undefined;
  return {
    bank: p.bank,
    branch: p.branch,
    accountName: p.accountName,
    accountNumber: p.accountNumber,
    referenceEn: p.referenceEn,
    referenceNe: p.referenceNe,
    qr: copy ? { src: urlFor(copy.key), width: copy.width, height: copy.height } : null,
  };
}

/** Every stored key of a payment's QR. */
export const qrKeys = (p: StoredPayment): string[] => p.qr?.variants.map((v) => v.key) ?? [];

/**
 * Runs an uploaded QR through the image pipeline (checked by its content, metadata stripped, resized
 * copies in JPEG, which keeps a QR's edges readable) and names its files under a new `payment/<id>/`.
 */
export async function prepareQr(input: Buffer, limits: ImageLimits): Promise<{ qr: StoredQr; files: NewFile[] }> {
  const processed = await processImage(input, limits, { formats: ['jpeg'] });
  const id = randomUUID();
  const { variants, files } = storedVariants(`${PAYMENT_PREFIX}${id}`, processed);
  return { qr: { id, width: processed.width, height: processed.height, variants }, files };
}

/**
 * Where an application's family pays (the application fee, and the admission fee of the seat offered, which
 * is always its first choice's): that programme's own account when it has one, else its season's.
 */
export async function storedPaymentOfApplication(db: Db, applicationId: string): Promise<StoredPayment> {
  const found = await paymentsOfApplication(db, applicationId);
  const own = readPayment(found?.programme ?? '');
  return hasPaymentAccount(own) ? { ...own, qr: null } : readPayment(found?.season ?? '');
}

/** The payment QR images' stored files, as the storage sweep and check-storage see them. */
export const paymentFiles = (db: Db): FileOwner => ({
  kind: 'payment QR',
  prefix: PAYMENT_PREFIX,
  async references() {
    const seasons = await listSeasonPayments(db);
    return seasons.flatMap((row) => {
      const keys = qrKeys(readPayment(row.payment));
      return keys.length ? [{ id: `season ${row.id}`, keys }] : [];
    });
  },
});
