import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import { OFFER_VOUCHER_KIND } from '#common/admission/application.ts';
import { audit } from '#server/audit/audit.ts';
import { type Actor, auditNameOf, authorize } from '#server/auth/actor.ts';
import type { Clock } from '#server/clock.ts';
import type { Db } from '#server/db/db.ts';
import { badRequest, refusal } from '#server/errors.ts';
import {
  documentParts,
  screenDocument,
  tooManyPages,
} from '#server/modules/admission/applications/application-documents.ts';
import * as intake from '#server/modules/admission/applications/application-intake.repository.ts';
import {
  type ApplicationNotifier,
  queueApplicationNotice,
} from '#server/modules/admission/applications/application-notices.ts';
import * as office from '#server/modules/admission/applications/application-office.repository.ts';
import { deleteUntakenMessages } from '#server/modules/outbox/index.ts';
import { storeWithCommit } from '#server/storage/store-with-commit.ts';
import type { Storage } from '#server/storage/storage.ts';
import * as repo from './merit.repository.ts';

/**
 * An offer confirmed with the admission-fee bank voucher: the applicant sends its photo (or a PDF) and number
 * from the status page while the offer is open and before its deadline; the offer then waits for the office
 * and never lapses. The office verifies it (the merit service's confirm, how 'voucher') or refuses it: the
 * offer is open again and the applicant may send another until the deadline. Each change is in the
 * application's history and queues the guardian's message in the same transaction.
 */

export interface OfferVoucherDeps {
  db: Db;
  storage: Storage;
  clock: Clock;
  log: Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;
  notices: ApplicationNotifier;
  pdfTimeoutMs: number;
  /** Wakes the document queue, which draws the voucher's picture after it is accepted. */
  documentsQueued?: () => void;
}

/** The number printed on the bank's voucher: letters, digits and the separators banks use. */
export const VoucherNumberSchema = z
  .string()
  .trim()
  .min(1, 'Enter the voucher number.')
  .max(40, 'The voucher number is at most 40 characters.')
  .regex(/^[\p{L}\p{N}][\p{L}\p{N} ./-]*$/u, 'The voucher number has letters and digits only.');

/** The office's reason for refusing a voucher, told to the guardian. */
export const VoucherRefusalSchema = z.object({ reason: z.string().trim().max(300).default('') });

const eventOf = (applicationId: string, at: string, actorName: string, userId: string | null, text: string) => ({
  id: randomUUID(),
  application_id: applicationId,
  at,
  user_id: userId,
  actor_name: actorName,
  kind: 'offer',
  from_state: '',
  to_state: '',
  text,
});

export function createOfferVouchers({
  db,
  storage,
  clock,
  log,
  notices,
  pdfTimeoutMs,
  documentsQueued,
}: OfferVoucherDeps) {
  /** The offer a voucher may be sent for now, or the reason none may. */
  async function sendable(trx: Db, applicationId: string, atIso: string) {
    const offer = await repo.openOfferOf(trx, applicationId);
    if (!offer) throw refusal('offer/not-open');
    if (offer.state === 'voucher-sent') throw refusal('offer/voucher-waiting');
    if (offer.deadline <= atIso) throw refusal('offer/past-deadline');
    return offer;
  }

  return {
    /**
     * The applicant's voucher for their open offer (the caller proved the application theirs by its reference
     * and access key; the actor's address, where the status page was posted from, goes to the audit log).
     * Refused before the file is even read when the offer is not open, already has a voucher waiting or is past
     * its deadline; then the file is checked as the application's documents are.
     */
    async send(actor: Actor, applicationId: string, voucherNumber: string, files: { body: Buffer }[]): Promise<void> {
      authorize(actor, 'application.own.voucher', { applicationId });
      const number = VoucherNumberSchema.safeParse(voucherNumber);
      if (!number.success) throw badRequest('validation', number.error.issues[0]?.message);
      const before = await sendable(db, applicationId, clock.now().toISOString());
      const sent = files.filter((f) => f.body.length > 0);
      if (sent.length === 0) throw badRequest('validation', 'Choose the photo of the voucher.');
      if (sent.length > 1) throw tooManyPages();
      const checked = await screenDocument('voucher', sent[0]!.body, pdfTimeoutMs);
      const now = clock.now();
      const at = now.toISOString();
      const earlier = await intake.listDocumentsOfKind(db, applicationId, OFFER_VOUCHER_KIND);
      const { row, files: stored } = documentParts(checked, applicationId, earlier.length, at);
      const document = { ...row, kind: OFFER_VOUCHER_KIND };
      const event = eventOf(applicationId, at, 'Applicant', null, `Admission fee voucher sent (number ${number.data})`);
      await storeWithCommit(
        storage,
        stored,
        {
          commit: () =>
            db.transaction().execute(async (trx) => {
              const offer = await sendable(trx, applicationId, at);
              // The same row the lapse reads: an offer past its deadline or closed meanwhile takes no voucher.
              if (!(await repo.markVoucherSent(trx, offer.id, number.data, at))) throw refusal('offer/not-open');
              const app = await office.findApplication(trx, applicationId);
              if (!app) throw refusal('offer/not-open');
              await intake.insertDocument(trx, document);
              await intake.insertEvent(trx, event);
              await audit(trx, actor, { kind: 'offer-voucher-sent', subject: app.reference }, now);
              await queueApplicationNotice(trx, notices.siteUrl, app, 'offer-voucher-sent', now);
            }),
          // The files could not be kept: the voucher is not taken (the applicant is told and may send it again).
          revert: () =>
            db.transaction().execute(async (trx) => {
              await intake.deleteDocument(trx, document.id);
              await intake.deleteEvents(trx, [event.id]);
              // Its message, unless the sender has already taken it: the guardian is not told of a voucher not kept.
              await deleteUntakenMessages(trx, `application-offer-voucher-sent:${applicationId}`, at);
              const offer = await repo.openOfferOf(trx, applicationId);
              if (offer) {
                await repo.reopenOffer(trx, offer.id, {
                  voucher_number: before.voucher_number,
                  voucher_at: before.voucher_at,
                });
              }
            }),
        },
        log,
      );
      notices.queued();
      documentsQueued?.();
    },

    /** The office refuses the voucher waiting for an offer: open again until its deadline; the guardian is told. */
    async refuse(actor: Actor, applicationId: string, input: unknown): Promise<void> {
      authorize(actor, 'merit.manage');
      const parsed = VoucherRefusalSchema.safeParse(input ?? {});
      if (!parsed.success) throw badRequest('validation', parsed.error.issues[0]?.message);
      const { reason } = parsed.data;
      const now = clock.now();
      const at = now.toISOString();
      await db.transaction().execute(async (trx) => {
        const offer = await repo.openOfferOf(trx, applicationId);
        const app = await office.findApplication(trx, applicationId);
        if (!offer || !app || offer.state !== 'voucher-sent' || !(await repo.reopenOffer(trx, offer.id))) {
          throw refusal('offer/no-voucher');
        }
        const who = auditNameOf(actor);
        const text = `Admission fee voucher refused${reason ? `: ${reason}` : ''}`;
        await intake.insertEvent(trx, eventOf(applicationId, at, who.name, who.id, text));
        await audit(
          trx,
          actor,
          {
            kind: 'offer-voucher-refused',
            subject: app.reference,
            changes: [{ field: 'Voucher number', from: offer.voucher_number, to: '' }],
          },
          now,
        );
        await queueApplicationNotice(trx, notices.siteUrl, app, 'offer-voucher-refused', now, reason);
      });
      notices.queued();
    },
  };
}
export type OfferVouchers = ReturnType<typeof createOfferVouchers>;
