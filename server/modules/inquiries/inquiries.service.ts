import { randomUUID } from 'node:crypto';
import {
  INQUIRY_TOO_MANY,
  type Inquiry,
  type InquiryFormToken,
  type InquirySubmission,
  InquirySubmissionSchema,
} from '#common/inquiry.ts';
import { audit } from '#server/audit/audit.ts';
import { type Actor, authorize } from '#server/auth/actor.ts';
import type { Clock } from '#server/clock.ts';
import type { Db } from '#server/db/db.ts';
import type { InquiryRow } from '#server/db/schema.ts';
import { badRequest, notFound, tooManyRequests } from '#server/errors.ts';
import { hit } from '#server/rate-limit/rate-limit.repository.ts';
import { outOfSpaceChecked } from '#server/storage/out-of-space.ts';
import { createFormTokens } from './form-tokens.ts';
import * as repo from './inquiries.repository.ts';

const HOUR_MS = 60 * 60 * 1000;

/** How the audit log names an inquiry: who sent it and its subject. */
const inquiryName = (row: InquiryRow) => `${row.first_name} ${row.last_name}: ${row.subject}`;

export function toInquiry(row: InquiryRow): Inquiry {
  return {
    id: row.id,
    firstName: row.first_name,
    lastName: row.last_name,
    phone: row.phone,
    email: row.email,
    subject: row.subject,
    message: row.message,
    handled: row.handled === 1,
    createdAt: row.created_at,
  };
}

export type SubmitResult = { stored: true; id: string } | { stored: false; reason: 'honeypot' };

export interface InquiriesOptions {
  /** Messages per client address per hour: generous, as many parents may share one address. */
  maxPerHour: number;
  /** Messages per e-mail address per hour. */
  maxPerEmailPerHour: number;
}

/** One mailbox, however it is written: case, spaces and a `+tag` in the local part do not make another. */
export function mailboxKey(email: string): string {
  const [local = '', domain = ''] = email
    .trim()
    .toLowerCase()
    .split(/@(?=[^@]*$)/u);
  return `${local.replace(/\+.*$/u, '')}@${domain}`;
}

export function createInquiriesService(db: Db, clock: Clock, options: InquiriesOptions) {
  const formTokens = createFormTokens(db, clock);

  async function withinLimit(key: string, max: number): Promise<void> {
    const { count, resetAt } = await hit(db, key, HOUR_MS, clock.now());
    if (count > max) {
      throw tooManyRequests(
        INQUIRY_TOO_MANY.code,
        INQUIRY_TOO_MANY.message,
        (resetAt.getTime() - clock.now().getTime()) / 1000,
      );
    }
  }

  return {
    /** A token for a contact form being shown now; the page's loader and GET /api/inquiries/form-token. */
    issueFormToken: (): Promise<InquiryFormToken> => formTokens.issue(),

    /**
     * Validates, checks the form's token (signed, old enough, not expired, not used), drops honeypot
     * submissions, limits per e-mail address and per client address, and stores the rest. Scripts are
     * stopped before they count against the address, so parents sharing it keep their allowance.
     */
    async submit(input: InquirySubmission, clientIp: string): Promise<SubmitResult> {
      // A full disk (the database shares it with the uploads) refuses the message with 507, as uploads are:
      // the visitor keeps the form and is told that nothing was saved, instead of meeting an error page.
      return outOfSpaceChecked<SubmitResult>(async () => {
        const parsed = InquirySubmissionSchema.safeParse(input);
        if (!parsed.success) throw badRequest('validation', parsed.error.issues[0]?.message ?? 'Invalid inquiry.');
        const claims = await formTokens.check(parsed.data.form_token);
        if (parsed.data.website) return { stored: false, reason: 'honeypot' };
        await formTokens.spend(claims);
        await withinLimit(`inquiry:email:${mailboxKey(parsed.data.email)}`, options.maxPerEmailPerHour);
        await withinLimit(`inquiry:ip:${clientIp}`, options.maxPerHour);
        const { first_name, last_name, phone, email, subject, message } = parsed.data;
        const row = {
          id: randomUUID(),
          first_name,
          last_name,
          phone,
          email,
          subject,
          message,
          handled: 0,
          created_at: clock.now().toISOString(),
        };
        await repo.insertInquiry(db, row);
        return { stored: true, id: row.id };
      });
    },
    /** The messages received: parents' names, e-mail addresses and phone numbers, for the staff who handle them. */
    async list(actor: Actor): Promise<Inquiry[]> {
      authorize(actor, 'inquiries.handle');
      return (await repo.listInquiries(db)).map(toInquiry);
    },
    countUnhandled: () => repo.countUnhandled(db),
    /** Marks an inquiry handled (or unread again); 404 when it is gone. */
    async setHandled(actor: Actor, id: string, handled: boolean): Promise<Inquiry> {
      authorize(actor, 'inquiries.handle');
      const row = await db.transaction().execute(async (trx) => {
        if (!(await repo.setHandled(trx, id, handled))) return undefined;
        const found = await repo.findInquiry(trx, id);
        const kind = handled ? 'inquiry-handled' : 'inquiry-unhandled';
        if (found) await audit(trx, actor, { kind, subject: inquiryName(found) }, clock.now());
        return found;
      });
      if (!row) throw notFound('inquiry');
      return toInquiry(row);
    },
    async remove(actor: Actor, id: string): Promise<void> {
      authorize(actor, 'inquiries.handle');
      const deleted = await db.transaction().execute(async (trx) => {
        const found = await repo.findInquiry(trx, id);
        if (!found || !(await repo.deleteInquiry(trx, id))) return false;
        await audit(trx, actor, { kind: 'inquiry-deleted', subject: inquiryName(found) }, clock.now());
        return true;
      });
      if (!deleted) throw notFound('inquiry');
    },
  };
}
export type InquiriesService = ReturnType<typeof createInquiriesService>;
