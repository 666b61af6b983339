import { formatAccessKey } from '#common/admission/access-key.ts';
import type { ApplicationNoticeStep } from '#common/i18n/mail.ts';
import { type SiteLanguage, SITE_LANGUAGES } from '#common/site-content/local-text.ts';
import type { Db } from '#server/db/db.ts';
import { applicationNotice, applicationNoticeSms, enqueue, queuePublicMessage } from '#server/modules/outbox/index.ts';
import { readMessageFrom } from '#server/modules/content/index.ts';
import { storedPaymentOfApplication, toPaymentDetails } from '#server/modules/admission/seasons/payment-details.ts';

/** What the services need to tell a guardian of an application's step. */
export interface ApplicationNotifier {
  /** The site's address, without a trailing slash: the status page's address is built from it. */
  siteUrl: string;
  /** Called after a transaction that queued messages commits, to wake the sender. */
  queued: () => void;
}

/** The application's fields a notice reads. */
export interface NoticeApplication {
  id: string;
  reference: string;
  language: string;
  name_en: string;
  name_ne: string;
  guardian_mobile: string;
  email: string;
}

export const statusUrlOf = (siteUrl: string, lang: SiteLanguage) =>
  `${siteUrl.replace(/\/+$/u, '')}${lang === 'ne' ? '/ne' : ''}/admission/status`;

/**
 * Tells the guardian of an application's step: an SMS to the guardian's mobile, and an e-mail when the
 * applicant gave an address, in the application's language. It must be called inside the transaction that
 * makes the step, so the messages exist exactly when the step does (a refused or rolled-back step queues
 * nothing). Nothing of the applicant is logged here. Anyone may type any number and address in the form, so
 * messages a visitor causes (by default 'submitted': the form, a correction sent) are capped per recipient
 * (queuePublicMessage); the office's steps are not.
 */
export async function queueApplicationNotice(
  trx: Db,
  siteUrl: string,
  app: NoticeApplication,
  step: ApplicationNoticeStep,
  at: Date,
  officeMessage = '',
  /** The family's access key, in the messages that give it (the submission's and a new key's); '' otherwise. */
  accessKey = '',
  /** Caused by a public visitor (the form, a correction sent, a key asked for again): capped per recipient. */
  fromPublic = step === 'submitted',
): Promise<void> {
  const lang: SiteLanguage = (SITE_LANGUAGES as readonly string[]).includes(app.language)
    ? (app.language as SiteLanguage)
    : 'en';
  const fullName = lang === 'ne' && app.name_ne.trim() ? app.name_ne : app.name_en;
  const facts = {
    reference: app.reference,
    firstName: fullName.trim().split(/\s+/u)[0] ?? '',
    step,
    officeMessage: step === 'needs-correction' || step === 'offer-voucher-refused' ? officeMessage : '',
    statusUrl: statusUrlOf(siteUrl, lang),
    at: at.toISOString(),
    accessKey: accessKey ? formatAccessKey(accessKey) : '',
    // An offer says where to pay the admission fee (in words: the payment QR is not drawn in a message).
    payment: step === 'offered' ? toPaymentDetails(await storedPaymentOfApplication(trx, app.id), (key) => key) : null,
  };
  // A new key may be asked again: each one is its own message.
  const event = `application-${step}:${app.id}${step === 'access-key' ? `:${at.toISOString()}` : ''}`;
  const from = await readMessageFrom(trx, lang, siteUrl);
  const queue = fromPublic ? queuePublicMessage : enqueue;
  await queue(trx, {
    channel: 'sms',
    recipient: app.guardian_mobile,
    language: lang,
    text: applicationNoticeSms(from, facts),
    event,
    at,
  });
  if (app.email.trim()) {
    const mail = applicationNotice(from, facts);
    await queue(trx, { channel: 'email', recipient: app.email, language: lang, ...mail, event, at });
  }
}
