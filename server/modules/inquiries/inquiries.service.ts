import { randomUUID } from 'node:crypto';
import { ADMIN_INQUIRIES_PAGE_SIZE } from '#common/limits.ts';
import { pageWindow } from '#common/paging.ts';
import {
  INQUIRY_REPLY_MAX,
  INQUIRY_TOO_MANY,
  type Inquiry,
  type InquiryState,
  type InquiryFormToken,
  type InquirySubmission,
  InquirySubmissionSchema,
  replyRouteOf,
} from '#common/inquiry.ts';
import { type ChannelsReady, deliveryStateOf, type MessageState } from '#common/messages.ts';
import { nepaliMobile } from '#common/admission/application.ts';
import { mailboxKey } from '#common/email.ts';
import { audit } from '#server/audit/audit.ts';
import { type Actor, type PublicActor, auditNameOf, authorize } from '#server/auth/actor.ts';
import type { Clock } from '#server/clock.ts';
import type { Db } from '#server/db/db.ts';
import type { InquiryReplyRow, InquiryRow } from '#server/db/schema.ts';
import { enqueue, inquiryAlert, inquiryAlertSms, inquiryReply, inquiryReplySms } from '#server/modules/outbox/index.ts';
import { readMessageFrom } from '#server/modules/content/index.ts';
import { badRequest, conflict, notFound, tooManyRequests } from '#server/errors.ts';
import { limitKeyOf } from '#server/rate-limit/client-key.ts';
import { hastyFormWait } from '#server/rate-limit/hasty-forms.ts';
import { hit } from '#server/rate-limit/rate-limit.repository.ts';
import { outOfSpaceChecked } from '#server/storage/out-of-space.ts';
import { createFormTokens } from './form-tokens.ts';
import * as repo from './inquiries.repository.ts';

const HOUR_MS = 60 * 60 * 1000;

/** How the audit log names an inquiry: who sent it and its subject. */
const inquiryName = (row: InquiryRow) => `${row.first_name} ${row.last_name}: ${row.subject}`;

type ReplyRow = InquiryReplyRow & { delivery: string | null; channel: string | null };

/** What the office reads of a reply: 'phone' when it was answered by phone, no message sent. */
function toReply(r: ReplyRow, ready: ChannelsReady): Inquiry['replies'][number] {
  const base = { id: r.id, body: r.body, sentBy: r.sent_by, createdAt: r.created_at };
  if (!r.outbox_id) return { ...base, channel: 'phone', delivery: '' };
  const channel = r.channel === 'sms' ? 'sms' : 'email';
  const delivery = r.delivery ? deliveryStateOf(r.delivery as MessageState, channel, ready) : '';
  return { ...base, channel, delivery };
}

export function toInquiry(row: InquiryRow, replies: readonly ReplyRow[], ready: ChannelsReady): Inquiry {
  return {
    id: row.id,
    firstName: row.first_name,
    lastName: row.last_name,
    phone: row.phone,
    email: row.email,
    subject: row.subject,
    message: row.message,
    state: row.state,
    handled: row.state !== 'new',
    createdAt: row.created_at,
    replyRoute: replyRouteOf(row, ready),
    replies: replies.filter((r) => r.inquiry_id === row.id).map((r) => toReply(r, ready)),
  };
}

/** A visitor who wrote in Devanagari is answered in Nepali. */
const languageOf = (text: string) => (/[\u0900-\u097F]/u.test(text) ? ('ne' as const) : ('en' as const));

export type SubmitResult = { stored: true; id: string } | { stored: false; reason: 'honeypot' };

export interface InquiriesOptions {
  /** Messages per client address per hour: generous, as many parents may share one address. */
  maxPerHour: number;
  /** Messages per sender (an e-mail address, or the mobile number of one who gave none) per hour. */
  maxPerEmailPerHour: number;
  /** Where a new inquiry's alert goes, read in the inquiry's transaction. */
  officeRecipients: (trx: Db) => Promise<{ emails: string[]; phones: string[]; sms: boolean }>;
  /** The inquiries page, linked from the alert. */
  adminUrl: string;
  /** The site's address, for the college's logo in a reply's e-mail; none drawn without it. */
  siteUrl?: string;
  /** Called once a transaction that queued messages has committed, so the sender need not wait to poll. */
  queued: () => void;
  /** Which channels can send now (a reply goes only by one that can). */
  channels: () => Promise<ChannelsReady>;
}

export function createInquiriesService(db: Db, clock: Clock, options: InquiriesOptions) {
  const formTokens = createFormTokens(db, clock);

  /** One inquiry as the office reads it, with its replies and how a reply would leave now. */
  async function withReplies(row: InquiryRow): Promise<Inquiry> {
    const [replies, ready] = await Promise.all([repo.listRepliesOf(db, row.id), options.channels()]);
    return toInquiry(row, replies, ready);
  }

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

  async function alertOffice(trx: Db, row: InquiryRow): Promise<void> {
    const to = await options.officeRecipients(trx);
    const facts = { ...row, firstName: row.first_name, lastName: row.last_name, createdAt: row.created_at };
    const at = clock.now();
    const event = `inquiry-alert:${row.id}`;
    const from = await readMessageFrom(trx, 'en', options.siteUrl);
    for (const email of to.emails)
      await enqueue(trx, {
        channel: 'email',
        recipient: email,
        language: 'en',
        ...inquiryAlert(from, facts, options.adminUrl),
        event,
        at,
      });
    if (to.sms)
      for (const phone of to.phones)
        await enqueue(trx, {
          channel: 'sms',
          recipient: phone,
          language: 'en',
          text: inquiryAlertSms(from, facts),
          event,
          at,
        });
  }

  return {
    /** A token for a contact form being shown now; the page's loader and GET /api/inquiries/form-token. */
    issueFormToken: (): Promise<InquiryFormToken> => formTokens.issue(),

    /**
     * Validates, checks the form's token (signed, old enough, not expired, not used), drops honeypot
     * submissions, paces forms sent sooner than a person fills them in, limits per sender and per client
     * address, and stores the rest. Scripts are stopped before they count against the address, so parents
     * sharing it keep their allowance. The visitor's address is the actor's.
     */
    async submit(actor: PublicActor, input: InquirySubmission): Promise<SubmitResult> {
      authorize(actor, 'inquiry.send');
      const clientIp = actor.address;
      // A full disk (the database shares it with the uploads) refuses the message with 507, as uploads are:
      // the visitor keeps the form and is told that nothing was saved, instead of meeting an error page.
      return outOfSpaceChecked<SubmitResult>(async () => {
        const parsed = InquirySubmissionSchema.safeParse(input);
        if (!parsed.success) throw badRequest('validation', parsed.error.issues[0]?.message ?? 'Invalid inquiry.');
        const claims = await formTokens.check(parsed.data.form_token);
        if (parsed.data.website) return { stored: false, reason: 'honeypot' };
        await formTokens.spend(claims);
        const hastyWait = await hastyFormWait(
          db,
          'inquiry',
          options.maxPerHour,
          clientIp,
          claims.issuedAt,
          clock.now(),
        );
        if (hastyWait > 0) throw tooManyRequests(INQUIRY_TOO_MANY.code, INQUIRY_TOO_MANY.message, hastyWait / 1000);
        // The same person is the same mailbox or the same mobile number, however it is written.
        const sender = parsed.data.email
          ? `email:${mailboxKey(parsed.data.email)}`
          : `phone:${nepaliMobile(parsed.data.phone) ?? parsed.data.phone}`;
        await withinLimit(`inquiry:${sender}`, options.maxPerEmailPerHour);
        // An IPv6 subscriber has a whole /64 to send from: its addresses share one allowance.
        await withinLimit(`inquiry:ip:${limitKeyOf(clientIp)}`, options.maxPerHour);
        const { first_name, last_name, phone, email, subject, message } = parsed.data;
        const row = {
          id: randomUUID(),
          first_name,
          last_name,
          phone,
          email,
          subject,
          message,
          state: 'new' as const,
          created_at: clock.now().toISOString(),
        };
        // The office's alert is written with the inquiry: both are kept, or neither.
        await db.transaction().execute(async (trx) => {
          await repo.insertInquiry(trx, row);
          await alertOffice(trx, row);
        });
        options.queued();
        return { stored: true, id: row.id };
      });
    },
    /** The messages received: parents' names, e-mail addresses and phone numbers, for the staff who handle them. */
    async list(actor: Actor): Promise<Inquiry[]> {
      authorize(actor, 'inquiries.handle');
      const [rows, replies, ready] = await Promise.all([
        repo.listInquiries(db),
        repo.listReplies(db),
        options.channels(),
      ]);
      return rows.map((row) => toInquiry(row, replies, ready));
    },
    /** One page of /admin/inquiries, newest first, with the counts of all; null for a page that does not exist. */
    async listPage(actor: Actor, page: number, pageSize = ADMIN_INQUIRIES_PAGE_SIZE) {
      authorize(actor, 'inquiries.handle');
      const [total, unread] = await Promise.all([repo.countInquiries(db), repo.countUnhandled(db)]);
      const window = pageWindow(total, page, pageSize);
      if (!window) return null;
      const rows = await repo.listInquiries(db, pageSize, window.offset);
      const [replies, ready] = await Promise.all([
        repo.listRepliesOfMany(
          db,
          rows.map((row) => row.id),
        ),
        options.channels(),
      ]);
      const inquiries = rows.map((row) => toInquiry(row, replies, ready));
      return { inquiries, page, pageCount: window.pageCount, total, unread };
    },
    countUnhandled: () => repo.countUnhandled(db),
    /** Marks an inquiry handled (closed) or unread again (new): the older API's words for setState. */
    setHandled(actor: Actor, id: string, handled: boolean): Promise<Inquiry> {
      return this.setState(actor, id, handled ? 'closed' : 'new');
    },
    /** Moves an inquiry to new, answered or closed; 404 when it is gone. */
    async setState(actor: Actor, id: string, state: InquiryState): Promise<Inquiry> {
      authorize(actor, 'inquiries.handle');
      const row = await db.transaction().execute(async (trx) => {
        const before = await repo.findInquiry(trx, id);
        if (!before || !(await repo.setState(trx, id, state))) return undefined;
        const kind =
          state === 'new' ? 'inquiry-unhandled' : state === 'closed' ? 'inquiry-handled' : 'inquiry-state-changed';
        const changes = [{ field: 'State', from: before.state, to: state }];
        await audit(trx, actor, { kind, subject: inquiryName(before), changes }, clock.now());
        return { ...before, state };
      });
      if (!row) throw notFound('inquiry');
      return withReplies(row);
    },
    /**
     * Sends the office's reply to the visitor (through the outbox, in the language the visitor wrote in) by the
     * way that can reach them now (replyRouteOf): e-mail, else SMS to a Nepali mobile. Keeps it with the inquiry
     * and marks the inquiry answered, all in one transaction. A reply that no channel can carry is refused,
     * saying why and which number to call, and the inquiry stays as it was: nothing is marked answered by a
     * message that cannot leave.
     */
    async reply(actor: Actor, id: string, body: string): Promise<Inquiry> {
      authorize(actor, 'inquiries.handle');
      const text = body.trim();
      if (!text) throw badRequest('validation', 'Write the reply first.');
      if (text.length > INQUIRY_REPLY_MAX)
        throw badRequest('validation', `A reply may be at most ${INQUIRY_REPLY_MAX} characters.`);
      const now = clock.now();
      const ready = await options.channels();
      const row = await db.transaction().execute(async (trx) => {
        const found = await repo.findInquiry(trx, id);
        if (!found) return undefined;
        const facts = { ...found, firstName: found.first_name, lastName: found.last_name, createdAt: found.created_at };
        const language = languageOf(`${found.subject} ${found.message}`);
        const event = `inquiry-reply:${found.id}`;
        const from = await readMessageFrom(trx, language, options.siteUrl);
        if (!found.email && !found.phone.trim())
          throw badRequest('inquiry/no-address', 'This visitor gave no e-mail address or mobile number to reply to.');
        const route = replyRouteOf(found, ready);
        if (route.channel === 'none') throw conflict('inquiry/cannot-send', route.why);
        const outboxId =
          route.channel === 'email'
            ? await enqueue(trx, {
                channel: 'email',
                recipient: route.to,
                language,
                ...inquiryReply(from, facts, text),
                event,
                at: now,
              })
            : await enqueue(trx, {
                channel: 'sms',
                recipient: route.to,
                language,
                text: inquiryReplySms(from, facts, text),
                event,
                at: now,
              });
        await repo.insertReply(trx, {
          id: randomUUID(),
          inquiry_id: found.id,
          body: text,
          sent_by: auditNameOf(actor).name,
          outbox_id: outboxId,
          created_at: now.toISOString(),
        });
        await repo.setState(trx, found.id, 'answered');
        await audit(trx, actor, { kind: 'inquiry-replied', subject: inquiryName(found) }, now);
        return { ...found, state: 'answered' as const };
      });
      if (!row) throw notFound('inquiry');
      options.queued();
      return withReplies(row);
    },
    /**
     * The office answered the visitor by phone: kept with the inquiry as a reply that sent nothing (with what
     * was said, if the office writes it), and the inquiry marked answered.
     */
    async answeredByPhone(actor: Actor, id: string, note: string): Promise<Inquiry> {
      authorize(actor, 'inquiries.handle');
      const text = note.trim();
      if (text.length > INQUIRY_REPLY_MAX)
        throw badRequest('validation', `A note may be at most ${INQUIRY_REPLY_MAX} characters.`);
      const now = clock.now();
      const row = await db.transaction().execute(async (trx) => {
        const found = await repo.findInquiry(trx, id);
        if (!found) return undefined;
        await repo.insertReply(trx, {
          id: randomUUID(),
          inquiry_id: found.id,
          body: text,
          sent_by: auditNameOf(actor).name,
          outbox_id: '',
          created_at: now.toISOString(),
        });
        await repo.setState(trx, found.id, 'answered');
        const changes = [{ field: 'State', from: found.state, to: 'answered (by phone)' }];
        await audit(trx, actor, { kind: 'inquiry-answered-by-phone', subject: inquiryName(found), changes }, now);
        return { ...found, state: 'answered' as const };
      });
      if (!row) throw notFound('inquiry');
      return withReplies(row);
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
