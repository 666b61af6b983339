import type { FastifyBaseLogger } from 'fastify';
import type { PaymentDetails, PaymentDetailsInput } from '#common/admission/payment-details.ts';
import { audit } from '#server/audit/audit.ts';
import { contentChanges } from '#server/audit/content-changes.ts';
import { type Actor, authorize } from '#server/auth/actor.ts';
import { changeContent } from '#server/cache/content-version.ts';
import type { Clock } from '#server/clock.ts';
import type { Db } from '#server/db/db.ts';
import { badRequest, notFound } from '#server/errors.ts';
import type { ImageLimits } from '#server/images/image-pipeline.ts';
import { storeWithCommit } from '#server/storage/store-with-commit.ts';
import type { Storage } from '#server/storage/storage.ts';
import {
  parsePaymentInput,
  prepareQr,
  qrKeys,
  readPayment,
  type StoredPayment,
  storedPaymentOfApplication,
  toPaymentDetails,
  writePayment,
} from './payment-details.ts';
import * as repo from './season.repository.ts';

export interface PaymentServiceDeps {
  db: Db;
  storage: Storage;
  log: FastifyBaseLogger;
  clock: Clock;
  imageLimits: ImageLimits;
  urlFor: (key: string) => string;
}

/**
 * Where parents pay a season's fees: the office types the bank account and the deposit's reference, and
 * uploads the college's payment QR image. Every change moves the content version (the public pages show them).
 */
export function createPaymentService({ db, storage, log, clock, imageLimits, urlFor }: PaymentServiceDeps) {
  async function seasonOrThrow(trx: Db, id: string) {
    const row = await repo.findSeason(trx, id);
    if (!row) throw notFound('season');
    return row;
  }

  /** Changes a season's stored payment in one transaction, audited; answers the details after. */
  async function change(actor: Actor, id: string, what: string, next: (before: StoredPayment) => StoredPayment) {
    return changeContent(db, clock.now(), async (trx) => {
      const now = clock.now();
      const row = await seasonOrThrow(trx, id);
      const before = readPayment(row.payment);
      const stored = writePayment(next(before));
      const after = readPayment(stored);
      await repo.updateSeason(trx, id, { payment: stored, updated_at: now.toISOString() });
      const { qr: _b, ...was } = before;
      const { qr: _a, ...is } = after;
      await audit(
        trx,
        actor,
        { kind: 'season-changed', subject: `Season ${row.name}: ${what}`, changes: contentChanges(was, is) },
        now,
      );
      return { before, after };
    });
  }

  return {
    /** Where an application's family pays (no actor: the callers have opened the application already). */
    async ofApplication(applicationId: string): Promise<PaymentDetails> {
      return toPaymentDetails(await storedPaymentOfApplication(db, applicationId), urlFor);
    },

    async get(actor: Actor, id: string): Promise<PaymentDetails> {
      authorize(actor, 'seasons.edit');
      return toPaymentDetails(readPayment((await seasonOrThrow(db, id)).payment), urlFor);
    },

    /** Saves the bank account and the reference text; the QR image stays as it is. */
    async update(actor: Actor, id: string, input: PaymentDetailsInput): Promise<PaymentDetails> {
      authorize(actor, 'seasons.edit');
      const parsed = parsePaymentInput(input);
      if (!parsed.success) throw badRequest('validation', parsed.error.issues[0]?.message);
      const { after } = await change(actor, id, 'payment details', (before) => ({ ...parsed.data, qr: before.qr }));
      return toPaymentDetails(after, urlFor);
    },

    /** Stores an uploaded payment QR image (its resized copies, without metadata), replacing the one before. */
    async setQr(actor: Actor, id: string, input: Buffer): Promise<PaymentDetails> {
      authorize(actor, 'seasons.edit');
      await seasonOrThrow(db, id);
      const { qr, files } = await prepareQr(input, imageLimits);
      const { before, after } = await storeWithCommit(
        storage,
        files,
        {
          commit: () => change(actor, id, 'payment QR image', (p) => ({ ...p, qr })),
          revert: async ({ before: was }) => {
            await change(actor, id, 'payment QR image undone', (p) => ({ ...p, qr: was.qr }));
          },
        },
        log,
      );
      await removeFiles(qrKeys(before));
      return toPaymentDetails(after, urlFor);
    },

    async removeQr(actor: Actor, id: string): Promise<PaymentDetails> {
      authorize(actor, 'seasons.edit');
      const { before, after } = await change(actor, id, 'payment QR image removed', (p) => ({ ...p, qr: null }));
      await removeFiles(qrKeys(before));
      return toPaymentDetails(after, urlFor);
    },
  };

  /** Deletes a replaced QR's files after the change committed; one left behind is removed by the storage sweep. */
  async function removeFiles(keys: string[]) {
    for (const key of keys) {
      await storage.delete(key).catch((err: unknown) => log.warn({ err, key }, 'could not remove a payment QR file'));
    }
  }
}

export type PaymentService = ReturnType<typeof createPaymentService>;
