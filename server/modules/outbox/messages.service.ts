import {
  type ChannelsReady,
  deliveryStateOf,
  type DeliveryState,
  type MessageSettingsInput,
  MessageSettingsInputSchema,
  type MessageSettingsView,
  MESSAGES_PAGE_SIZE,
  SMS_PROVIDERS,
  type SmsProvider,
  splitList,
} from '#common/messages.ts';
import { isEmailAddress } from '#common/email.ts';
import { audit } from '#server/audit/audit.ts';
import { type Actor, authorize } from '#server/auth/actor.ts';
import type { Clock } from '#server/clock.ts';
import type { Db } from '#server/db/db.ts';
import type { OutboxMessageRow } from '#server/db/schema.ts';
import { badRequest, notFound } from '#server/errors.ts';
import type { Courier, Delivery } from './delivery.ts';
import { createMailCourier } from './mail-transport.ts';
import { readSettings, writeSetting } from './message-settings.repository.ts';
import * as repo from './outbox.repository.ts';
import { createSmsCourier, SMS_BASE_URLS } from './sms/sms-provider.ts';
import { testMail } from './templates.ts';

export interface MessagesOptions {
  smtpUrl: string | undefined;
  mailFrom: string;
  /** OFFICE_EMAIL: the office's alert addresses from the environment. */
  officeEmails: readonly string[];
  /** Where the SMS providers' APIs are (tests: a local stand-in). */
  smsBaseUrls?: Record<SmsProvider, string>;
}

/** A message of the delivery log as the admin shows it. */
export interface LoggedMessage {
  id: string;
  channel: OutboxMessageRow['channel'];
  recipient: string;
  subject: string;
  /** Its stored state, or 'waiting-setup' while its channel is not set up (it cannot leave). */
  state: DeliveryState;
  attempts: number;
  lastAnswer: string;
  event: string;
  createdAt: string;
  nextAttemptAt: string;
  sentAt: string | null;
}

const toLogged = (row: OutboxMessageRow, ready: ChannelsReady): LoggedMessage => ({
  id: row.id,
  channel: row.channel,
  recipient: row.recipient,
  subject: row.channel === 'sms' ? row.text : row.subject,
  state: deliveryStateOf(row.state, row.channel, ready),
  attempts: row.attempts,
  lastAnswer: row.last_answer,
  event: row.event,
  createdAt: row.created_at,
  nextAttemptAt: row.next_attempt_at,
  sentAt: row.sent_at,
});

/** The last four characters of a secret, so the owner can tell which one is set. */
const hintOf = (token: string) => (token ? `••••${token.slice(-4)}` : '');

/** The outbox's owner-facing side: settings, the delivery log, a resend, a test e-mail, the couriers. */
export function createMessagesService(db: Db, clock: Clock, options: MessagesOptions) {
  const mail = options.smtpUrl ? createMailCourier(options.smtpUrl, options.mailFrom) : undefined;

  async function settingsOf(trx: Db) {
    const s = await readSettings(trx);
    const provider: SmsProvider | '' = (SMS_PROVIDERS as readonly string[]).includes(s.sms_provider ?? '')
      ? (s.sms_provider as SmsProvider)
      : '';
    return {
      officeEmails: splitList(s.office_emails ?? ''),
      officePhones: splitList(s.office_phones ?? ''),
      smsProvider: provider,
      smsToken: s.sms_token ?? '',
      smsSender: s.sms_sender ?? '',
    };
  }

  async function smsCourier(trx: Db): Promise<Courier | undefined> {
    const s = await settingsOf(trx);
    if (!s.smsProvider || !s.smsToken) return undefined;
    return createSmsCourier(
      { provider: s.smsProvider, token: s.smsToken, sender: s.smsSender },
      options.smsBaseUrls ?? SMS_BASE_URLS,
    );
  }

  /** Which channels can send now: e-mail once SMTP_URL is set, SMS once a provider and its token are saved. */
  async function ready(trx: Db = db): Promise<ChannelsReady> {
    const s = await settingsOf(trx);
    return { email: mail !== undefined, sms: s.smsProvider !== '' && s.smsToken !== '' };
  }

  return {
    /** Whether SMTP_URL is set: e-mail can leave the site. */
    emailReady: mail !== undefined,
    ready,
    /**
     * Messages that cannot leave for want of set-up, per channel: not yet delivered (queued, or waiting another
     * try) on a channel that is not set up. Zero for a channel that is.
     */
    async waitingForSetUp(): Promise<Record<'email' | 'sms', number>> {
      const [channels, undelivered] = await Promise.all([ready(), repo.undeliveredByChannel(db)]);
      return { email: channels.email ? 0 : undelivered.email, sms: channels.sms ? 0 : undelivered.sms };
    },
    /** The couriers the background sender uses now. */
    async couriers(): Promise<Partial<Record<'email' | 'sms', Courier>>> {
      const sms = await smsCourier(db);
      return { ...(mail ? { email: mail } : {}), ...(sms ? { sms } : {}) };
    },
    /** Where the office's alerts go: OFFICE_EMAIL and the addresses set in the admin, each once. */
    async officeRecipients(trx: Db): Promise<{ emails: string[]; phones: string[]; sms: boolean }> {
      const s = await settingsOf(trx);
      const seen = new Set<string>();
      const emails = [...options.officeEmails, ...s.officeEmails].filter((e) => {
        const key = e.toLowerCase();
        if (seen.has(key)) return false;
        seen.add(key);
        return true;
      });
      return { emails, phones: s.officePhones, sms: (await ready(trx)).sms };
    },
    async settings(actor: Actor): Promise<MessageSettingsView & { envOfficeEmails: string[]; emailReady: boolean }> {
      authorize(actor, 'messages.manage');
      const s = await settingsOf(db);
      return {
        officeEmails: s.officeEmails,
        officePhones: s.officePhones,
        smsProvider: s.smsProvider,
        smsTokenHint: hintOf(s.smsToken),
        smsSender: s.smsSender,
        envOfficeEmails: [...options.officeEmails],
        emailReady: mail !== undefined,
      };
    },
    /** Saves the settings; a blank token keeps the one set. */
    async saveSettings(actor: Actor, input: MessageSettingsInput): Promise<void> {
      authorize(actor, 'messages.manage');
      const parsed = MessageSettingsInputSchema.safeParse(input);
      if (!parsed.success) throw badRequest('validation', parsed.error.issues[0]?.message ?? 'Invalid settings.');
      const v = parsed.data;
      const now = clock.now();
      await db.transaction().execute(async (trx) => {
        const before = await settingsOf(trx);
        const at = now.toISOString();
        await writeSetting(trx, 'office_emails', splitList(v.officeEmails).join(', '), at);
        await writeSetting(trx, 'office_phones', splitList(v.officePhones).join(', '), at);
        await writeSetting(trx, 'sms_provider', v.smsProvider, at);
        await writeSetting(trx, 'sms_sender', v.smsSender, at);
        if (v.smsToken) await writeSetting(trx, 'sms_token', v.smsToken, at);
        const changes = [
          {
            field: 'Office e-mail addresses',
            from: before.officeEmails.join(', '),
            to: splitList(v.officeEmails).join(', '),
          },
          {
            field: 'Office mobile numbers',
            from: before.officePhones.join(', '),
            to: splitList(v.officePhones).join(', '),
          },
          { field: 'SMS provider', from: before.smsProvider, to: v.smsProvider },
          { field: 'SMS sender', from: before.smsSender, to: v.smsSender },
          ...(v.smsToken ? [{ field: 'SMS token', from: hintOf(before.smsToken), to: hintOf(v.smsToken) }] : []),
        ].filter((c) => c.from !== c.to);
        await audit(trx, actor, { kind: 'message-settings-changed', subject: 'E-mail and SMS settings', changes }, now);
      });
    },
    /** The delivery log, newest first. */
    async list(actor: Actor, page = 1): Promise<{ messages: LoggedMessage[]; total: number }> {
      authorize(actor, 'messages.manage');
      const [rows, total, channels] = await Promise.all([
        repo.listMessages(db, { limit: MESSAGES_PAGE_SIZE, offset: (page - 1) * MESSAGES_PAGE_SIZE }),
        repo.countMessages(db),
        ready(),
      ]);
      return { messages: rows.map((row) => toLogged(row, channels)), total };
    },
    /** Queues a failed message for one more round of tries; 404 when it is gone, 400 when not failed. */
    async resend(actor: Actor, id: string): Promise<void> {
      authorize(actor, 'messages.manage');
      const now = clock.now();
      const outcome = await db.transaction().execute(async (trx) => {
        const row = await repo.findMessage(trx, id);
        if (!row) return 'gone';
        if (!(await repo.requeueFailed(trx, id, now.toISOString()))) return 'not-failed';
        await audit(
          trx,
          actor,
          { kind: 'message-resent', subject: `${row.channel === 'sms' ? 'SMS' : 'E-mail'}: ${row.event}` },
          now,
        );
        return 'queued';
      });
      if (outcome === 'gone') throw notFound('message');
      if (outcome === 'not-failed') throw badRequest('validation', 'Only a failed message can be sent again.');
    },
    /** Sends a test e-mail now, not through the outbox, and reports the SMTP server's answer. */
    async sendTestEmail(actor: Actor, to: string): Promise<Delivery> {
      authorize(actor, 'messages.manage');
      if (!isEmailAddress(to)) throw badRequest('validation', 'Enter an e-mail address, like name@example.com.');
      if (!mail) return { outcome: 'failed', answer: 'E-mail is not set up: SMTP_URL is not set.' };
      return mail.send({ recipient: to, ...testMail('en') });
    },
    findMessages: (ids: readonly string[]) => repo.findMessagesByIds(db, ids),
    /** Messages given up, for those who may send them again. */
    async failedCount(actor: Actor): Promise<number> {
      authorize(actor, 'messages.manage');
      return repo.countFailed(db);
    },
    backlog: () => repo.backlog(db),
    close: () => mail?.close(),
  };
}
export type MessagesService = ReturnType<typeof createMessagesService>;
