import {
  type ChannelsReady,
  deliveryStateOf,
  type DeliveryState,
  type MessageSettingsInput,
  MessageSettingsInputSchema,
  type MessageSettingsView,
  MESSAGES_PAGE_SIZE,
  NEPALI_MOBILE_PATTERN,
  SMS_PROVIDERS,
  type SmsProvider,
  splitList,
} from '#common/messages.ts';
import { isEmailAddress, mailboxOf } from '#common/email.ts';
import {
  SMTP_SECURITIES,
  type SmtpSecurity,
  type SmtpSettingsInput,
  SmtpSettingsInputSchema,
  type SmtpSettingsView,
} from '#common/smtp-settings.ts';
import { audit } from '#server/audit/audit.ts';
import { type Actor, authorize } from '#server/auth/actor.ts';
import type { Clock } from '#server/clock.ts';
import type { Db } from '#server/db/db.ts';
import type { OutboxMessageRow } from '#server/db/schema.ts';
import { badRequest, notFound } from '#server/errors.ts';
import { type SettingsCipher, SettingsKeyError } from '#server/secrets/settings-key.ts';
import type { Courier, Delivery } from './delivery.ts';
import { createMailCourier, type SmtpServer } from './mail-transport.ts';
import { readSettings, writeSetting } from './message-settings.repository.ts';
import * as repo from './outbox.repository.ts';
import { createSmsCourier, SMS_BASE_URLS } from './sms/sms-provider.ts';
import { testMail, testSms } from './templates.ts';
import { readCollegeName, readMessageFrom } from '../content/index.ts';

export interface MessagesOptions {
  /** SMTP_URL: when set, it wins over the server set in the admin. */
  smtpUrl: string | undefined;
  /** MAIL_FROM: when set, it wins over the sender set in the admin. */
  mailFrom: string | undefined;
  /**
   * The sender's address when neither MAIL_FROM nor the admin sets a sender; its name is the college's
   * stored English name, read at each use, so a renamed college sends under its new name.
   */
  defaultMailAddress: string;
  /** Seals and opens the secrets typed in the admin (server/secrets/settings-key.ts). */
  cipher: SettingsCipher;
  /** Called after the settings are saved, so messages waiting for set-up leave at once. */
  changed?: () => void;
  /** OFFICE_EMAIL: the office's alert addresses from the environment. */
  officeEmails: readonly string[];
  /** The site's address, for the college's logo in the test e-mail; none drawn without it. */
  siteUrl?: string;
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

/** Whether a secret is set, in words: the secret itself (or any part of it) is never shown or audited. */
const hintOf = (token: string) => (token ? 'set' : '');

/** The SMTP server of the admin's settings, or why it cannot be used ('' when none is set). */
type StoredSmtp = { server: SmtpServer | undefined; keyProblem: string };

const securityOf = (v: string | undefined): SmtpSecurity =>
  (SMTP_SECURITIES as readonly string[]).includes(v ?? '') ? (v as SmtpSecurity) : 'starttls';

/** The outbox's owner-facing side: settings, the delivery log, a resend, a test e-mail, the couriers. */
export function createMessagesService(db: Db, clock: Clock, options: MessagesOptions) {
  const { cipher } = options;
  /** Opens a stored secret; one that cannot be opened (a wrong or missing key) counts as not set, with the reason. */
  function openSecret(stored: string | undefined): { value: string; problem: string } {
    if (!stored) return { value: '', problem: '' };
    try {
      return { value: cipher.open(stored), problem: '' };
    } catch (err) {
      if (err instanceof SettingsKeyError) return { value: '', problem: err.message };
      throw err;
    }
  }

  async function settingsOf(trx: Db) {
    const s = await readSettings(trx);
    const provider: SmsProvider | '' = (SMS_PROVIDERS as readonly string[]).includes(s.sms_provider ?? '')
      ? (s.sms_provider as SmsProvider)
      : '';
    const token = openSecret(s.sms_token);
    const password = openSecret(s.smtp_password);
    const smtpHost = s.smtp_host ?? '';
    const smtp: StoredSmtp = {
      server:
        smtpHost && !password.problem
          ? {
              host: smtpHost,
              port: Number(s.smtp_port) || 587,
              security: securityOf(s.smtp_security),
              user: s.smtp_user ?? '',
              password: password.value,
            }
          : undefined,
      keyProblem: smtpHost ? password.problem : '',
    };
    return {
      officeEmails: splitList(s.office_emails ?? ''),
      officePhones: splitList(s.office_phones ?? ''),
      smsProvider: provider,
      smsToken: token.value,
      smsTokenProblem: token.problem,
      smsSender: s.sms_sender ?? '',
      smtpHost,
      smtpPort: Number(s.smtp_port) || 587,
      smtpSecurity: securityOf(s.smtp_security),
      smtpUser: s.smtp_user ?? '',
      smtpPasswordSet: Boolean(s.smtp_password),
      smtp,
      mailFrom: s.mail_from ?? '',
    };
  }

  /** The mail courier of the settings now: SMTP_URL's when set, else the admin's; rebuilt only when they change. */
  let mail: { key: string; courier: Courier & { close(): void } } | undefined;
  const defaultMailFrom = async (trx: Db) => mailboxOf((await readCollegeName(trx)).en, options.defaultMailAddress);
  async function mailCourier(trx: Db): Promise<{ courier: Courier } | undefined> {
    let target: string | SmtpServer | undefined = options.smtpUrl;
    // With SMTP_URL, the sender is MAIL_FROM's or the default: the admin's is not used.
    let adminFrom = '';
    if (!target) {
      const s = await settingsOf(trx);
      target = s.smtp.server;
      adminFrom = s.mailFrom;
    }
    if (!target) {
      mail?.courier.close();
      mail = undefined;
      return undefined;
    }
    const from = options.mailFrom ?? (adminFrom || (await defaultMailFrom(trx)));
    const key = JSON.stringify([target, from]);
    if (mail?.key !== key) {
      mail?.courier.close();
      mail = { key, courier: createMailCourier(target, from) };
    }
    return mail;
  }

  async function smsCourier(trx: Db): Promise<Courier | undefined> {
    const s = await settingsOf(trx);
    if (!s.smsProvider || !s.smsToken) return undefined;
    return createSmsCourier(
      { provider: s.smsProvider, token: s.smsToken, sender: s.smsSender },
      options.smsBaseUrls ?? SMS_BASE_URLS,
    );
  }

  /** Which channels can send now: e-mail once SMTP_URL or the admin's SMTP server is set, SMS once a provider and its token are saved. */
  async function ready(trx: Db = db): Promise<ChannelsReady> {
    const s = await settingsOf(trx);
    return {
      email: options.smtpUrl !== undefined || s.smtp.server !== undefined,
      sms: s.smsProvider !== '' && s.smsToken !== '',
    };
  }

  /** The SMTP settings as the admin shows them: never the password, and which the environment sets. */
  async function smtpView(trx: Db): Promise<SmtpSettingsView> {
    const s = await settingsOf(trx);
    const env = options.smtpUrl ? new URL(options.smtpUrl) : undefined;
    const server = env
      ? {
          host: env.hostname,
          port: Number(env.port) || (env.protocol === 'smtps:' ? 465 : 587),
          security: (env.protocol === 'smtps:' ? 'ssl' : 'none') as SmtpSecurity,
          user: decodeURIComponent(env.username),
          passwordSet: env.password !== '',
        }
      : {
          host: s.smtpHost,
          port: s.smtpPort,
          security: s.smtpSecurity,
          user: s.smtpUser,
          passwordSet: s.smtpPasswordSet,
        };
    return {
      ...server,
      // With SMTP_URL, the sender is MAIL_FROM's or the default: the admin's is not used.
      from: options.mailFrom ?? (env ? await defaultMailFrom(trx) : s.mailFrom),
      serverFromEnv: env !== undefined,
      fromFromEnv: options.mailFrom !== undefined,
      keyProblem: env ? '' : s.smtp.keyProblem,
      ready: env !== undefined || s.smtp.server !== undefined,
    };
  }

  return {
    /** Whether e-mail can leave now: SMTP_URL, or the SMTP server an owner saved in the admin. */
    emailReady: async () => (await ready()).email,
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
      const [email, sms] = await Promise.all([mailCourier(db), smsCourier(db)]);
      return { ...(email ? { email: email.courier } : {}), ...(sms ? { sms } : {}) };
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
    async settings(actor: Actor): Promise<
      MessageSettingsView & {
        envOfficeEmails: string[];
        emailReady: boolean;
        smtp: SmtpSettingsView;
        smsTokenProblem: string;
        defaultMailFrom: string;
      }
    > {
      authorize(actor, 'messages.manage');
      const s = await settingsOf(db);
      const smtp = await smtpView(db);
      return {
        officeEmails: s.officeEmails,
        officePhones: s.officePhones,
        smsProvider: s.smsProvider,
        smsTokenHint: hintOf(s.smsToken || s.smsTokenProblem),
        smsTokenProblem: s.smsTokenProblem,
        smsSender: s.smsSender,
        envOfficeEmails: [...options.officeEmails],
        emailReady: smtp.ready,
        smtp,
        defaultMailFrom: await defaultMailFrom(db),
      };
    },
    /**
     * Saves the SMTP server and the sender; a blank password keeps the one set, an empty server clears them.
     * Refused while SMTP_URL sets the server. The password is sealed (settings-key.ts) and never audited.
     */
    async saveSmtpSettings(actor: Actor, input: SmtpSettingsInput): Promise<void> {
      authorize(actor, 'messages.manage');
      if (options.smtpUrl)
        throw badRequest('validation', 'The SMTP server is set by the server’s SMTP_URL; change it there.');
      const parsed = SmtpSettingsInputSchema.safeParse(input);
      if (!parsed.success) throw badRequest('validation', parsed.error.issues[0]?.message ?? 'Invalid settings.');
      const v = parsed.data;
      const now = clock.now();
      const at = now.toISOString();
      // Sealed before the transaction: making the key file is not undone by a rollback, and must not be half-done.
      let sealedPassword: string | undefined;
      try {
        sealedPassword = v.password ? cipher.seal(v.password) : undefined;
      } catch (err) {
        if (err instanceof SettingsKeyError) throw badRequest('validation', err.message);
        throw err;
      }
      await db.transaction().execute(async (trx) => {
        const before = await settingsOf(trx);
        const clearing = v.host === '';
        await writeSetting(trx, 'smtp_host', v.host, at);
        await writeSetting(trx, 'smtp_port', clearing ? '' : String(v.port), at);
        await writeSetting(trx, 'smtp_security', clearing ? '' : v.security, at);
        await writeSetting(trx, 'smtp_user', clearing ? '' : v.user, at);
        if (clearing) await writeSetting(trx, 'smtp_password', '', at);
        else if (sealedPassword) await writeSetting(trx, 'smtp_password', sealedPassword, at);
        if (!options.mailFrom) await writeSetting(trx, 'mail_from', v.from, at);
        const portOf = (host: string, port: number) => (host ? String(port) : '');
        const changes = [
          { field: 'SMTP server', from: before.smtpHost, to: v.host },
          { field: 'SMTP port', from: portOf(before.smtpHost, before.smtpPort), to: portOf(v.host, v.port) },
          {
            field: 'SMTP security',
            from: before.smtpHost ? before.smtpSecurity : '',
            to: clearing ? '' : v.security,
          },
          { field: 'SMTP user', from: before.smtpUser, to: clearing ? '' : v.user },
          ...(options.mailFrom ? [] : [{ field: 'Sender (From)', from: before.mailFrom, to: v.from }]),
          ...(clearing && before.smtpPasswordSet
            ? [{ field: 'SMTP password', from: 'set', to: 'removed' }]
            : sealedPassword
              ? [{ field: 'SMTP password', from: before.smtpPasswordSet ? 'set' : '', to: 'changed' }]
              : []),
        ].filter((c) => c.from !== c.to);
        await audit(trx, actor, { kind: 'message-settings-changed', subject: 'E-mail (SMTP) settings', changes }, now);
      });
      options.changed?.();
    },
    /** Saves the settings; a blank token keeps the one set. */
    async saveSettings(actor: Actor, input: MessageSettingsInput): Promise<void> {
      authorize(actor, 'messages.manage');
      const parsed = MessageSettingsInputSchema.safeParse(input);
      if (!parsed.success) throw badRequest('validation', parsed.error.issues[0]?.message ?? 'Invalid settings.');
      const v = parsed.data;
      const now = clock.now();
      let sealedToken: string | undefined;
      try {
        sealedToken = v.smsToken ? cipher.seal(v.smsToken) : undefined;
      } catch (err) {
        if (err instanceof SettingsKeyError) throw badRequest('validation', err.message);
        throw err;
      }
      await db.transaction().execute(async (trx) => {
        const before = await settingsOf(trx);
        const at = now.toISOString();
        await writeSetting(trx, 'office_emails', splitList(v.officeEmails).join(', '), at);
        await writeSetting(trx, 'office_phones', splitList(v.officePhones).join(', '), at);
        await writeSetting(trx, 'sms_provider', v.smsProvider, at);
        await writeSetting(trx, 'sms_sender', v.smsSender, at);
        if (sealedToken) await writeSetting(trx, 'sms_token', sealedToken, at);
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
          ...(v.smsToken ? [{ field: 'SMS token', from: hintOf(before.smsToken), to: 'changed' }] : []),
        ].filter((c) => c.from !== c.to);
        await audit(trx, actor, { kind: 'message-settings-changed', subject: 'E-mail and SMS settings', changes }, now);
      });
      options.changed?.();
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
      const s = await settingsOf(db);
      if (!options.smtpUrl && s.smtp.keyProblem) return { outcome: 'failed', answer: s.smtp.keyProblem };
      const mail = await mailCourier(db);
      if (!mail)
        return {
          outcome: 'failed',
          answer: 'E-mail is not set up: save an SMTP server on this page (or set SMTP_URL).',
        };
      return mail.courier.send({ recipient: to, ...testMail(await readMessageFrom(db, 'en', options.siteUrl)) });
    },
    /** Sends a test SMS now, not through the outbox, and reports the provider's answer. */
    async sendTestSms(actor: Actor, to: string): Promise<Delivery> {
      authorize(actor, 'messages.manage');
      const number = to.replace(/[\s-]/gu, '');
      if (!NEPALI_MOBILE_PATTERN.test(number))
        throw badRequest('validation', 'Enter a 10-digit Nepali mobile number, like 98XXXXXXXX.');
      const s = await settingsOf(db);
      if (s.smsTokenProblem) return { outcome: 'failed', answer: s.smsTokenProblem };
      const sms = await smsCourier(db);
      if (!sms) return { outcome: 'failed', answer: 'SMS is not set up: choose a provider and save its token.' };
      const text = testSms({ lang: 'en', college: await readCollegeName(db) });
      return sms.send({ recipient: number, subject: '', text, html: '' });
    },
    findMessages: (ids: readonly string[]) => repo.findMessagesByIds(db, ids),
    /** Messages given up, for those who may send them again. */
    async failedCount(actor: Actor): Promise<number> {
      authorize(actor, 'messages.manage');
      return repo.countFailed(db);
    },
    backlog: () => repo.backlog(db),
    close: () => mail?.courier.close(),
  };
}
export type MessagesService = ReturnType<typeof createMessagesService>;
