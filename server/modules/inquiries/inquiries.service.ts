import { randomUUID } from 'node:crypto';
import { type Inquiry, type InquiryInput, InquiryInputSchema } from '#common/inquiry.ts';
import { type Db, nowIso } from '#server/db/db.ts';
import type { InquiryRow } from '#server/db/schema.ts';
import { badRequest, notFound, tooManyRequests } from '#server/errors.ts';
import { hit } from '#server/rate-limit/rate-limit.repository.ts';
import * as repo from './inquiries.repository.ts';

const HOUR_MS = 60 * 60 * 1000;

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

export function createInquiriesService(db: Db, options: { maxPerHour: number }) {
  return {
    /** Validates, throttles per client address, drops honeypot submissions, and stores the rest. */
    async submit(input: InquiryInput, clientIp: string): Promise<SubmitResult> {
      const parsed = InquiryInputSchema.safeParse(input);
      if (!parsed.success) throw badRequest('validation', parsed.error.issues[0]?.message ?? 'Invalid inquiry.');
      const { count, resetAt } = await hit(db, `inquiry:ip:${clientIp}`, HOUR_MS);
      if (count > options.maxPerHour) {
        throw tooManyRequests(
          'inquiry/too-many-requests',
          'You have sent several messages already. Please try again later or call us.',
          (resetAt.getTime() - Date.now()) / 1000,
        );
      }
      if (parsed.data.website) return { stored: false, reason: 'honeypot' };
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
        created_at: nowIso(),
      };
      await repo.insertInquiry(db, row);
      return { stored: true, id: row.id };
    },
    async list(): Promise<Inquiry[]> {
      return (await repo.listInquiries(db)).map(toInquiry);
    },
    countUnhandled: () => repo.countUnhandled(db),
    /** Marks an inquiry handled (or unread again); 404 when it is gone. */
    async setHandled(id: string, handled: boolean): Promise<Inquiry> {
      const row = await db.transaction().execute(async (trx) => {
        if (!(await repo.setHandled(trx, id, handled))) return undefined;
        return repo.findInquiry(trx, id);
      });
      if (!row) throw notFound('inquiry');
      return toInquiry(row);
    },
    async remove(id: string): Promise<void> {
      if (!(await repo.deleteInquiry(db, id))) throw notFound('inquiry');
    },
  };
}
export type InquiriesService = ReturnType<typeof createInquiriesService>;
