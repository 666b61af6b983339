import { type ApplicationNoticeStep, fillIn, type MailCatalogue, MAIL_WORDS } from '#common/i18n/mail.ts';
import { formatDateIn, formatDateTimeIn } from '#common/i18n/dates.ts';
import { hasPaymentAccount, type PaymentDetails, paymentReferenceText } from '#common/admission/payment-details.ts';
import { type LocalText, localize, type SiteLanguage } from '#common/site-content/local-text.ts';

/**
 * Who writes a message, and in which language: the college's stored name (both versions), signed in the
 * message's language (a Nepali message with the Nepali name, or the English one when there is none).
 */
export interface MessageFrom {
  lang: SiteLanguage;
  college: LocalText;
  /**
   * The address of the college's logo as a PNG on the site's own origin, drawn above an e-mail's words; none
   * when the college has not uploaded a logo (then nothing is drawn) or the site's address is not known.
   */
  logoUrl?: string | null;
}

/** The logo's size in an e-mail, in CSS pixels: the icon it points at is square. */
const MAIL_LOGO_SIZE = 64;

/** The catalogue's words for `from`, and `fill`, which puts the college's name in place of `{college}` too. */
function wordsOf(from: MessageFrom): {
  w: MailCatalogue;
  fill: (words: string, values?: Record<string, string>) => string;
} {
  const college = localize(from.college, from.lang).text;
  return { w: MAIL_WORDS[from.lang], fill: (words, values = {}) => fillIn(words, { ...values, college }) };
}

export interface Composed {
  subject: string;
  text: string;
  html: string;
}

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/gu, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/**
 * Plain text plus the same paragraphs as simple HTML: inline styles only, no fonts or style sheets, and no
 * picture but the college's logo from the site's own address (by address, never inside each message), with
 * the college's name as its words for a mail program that does not load pictures.
 */
export function compose(from: MessageFrom, subject: string, paragraphs: readonly string[]): Composed {
  const { lang } = from;
  const text = `${paragraphs.join('\n\n')}\n`;
  const logo = from.logoUrl
    ? `<p style="margin:0 0 1em"><img src="${escapeHtml(from.logoUrl)}" width="${MAIL_LOGO_SIZE}" height="${MAIL_LOGO_SIZE}" alt="${escapeHtml(localize(from.college, lang).text)}" style="display:block;border:0"></p>\n`
    : '';
  const body =
    logo + paragraphs.map((p) => `<p style="margin:0 0 1em">${escapeHtml(p).replace(/\n/gu, '<br>')}</p>`).join('\n');
  const html = `<!doctype html><html lang="${lang}"><head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head><body style="font-family:sans-serif;font-size:16px;line-height:1.5;color:#1a1a1a">\n${body}\n</body></html>`;
  return { subject, text, html };
}

export interface InquiryFacts {
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  subject: string;
  message: string;
  createdAt: string;
}

export function inquiryAlert(from: MessageFrom, inquiry: InquiryFacts, adminUrl: string): Composed {
  const { w, fill } = wordsOf(from);
  const name = `${inquiry.firstName} ${inquiry.lastName}`;
  return compose(from, fill(w.inquiryAlertSubject, { subject: inquiry.subject }), [
    w.inquiryAlertIntro,
    `${w.inquiryAlertFrom}: ${name}${inquiry.email ? ` <${inquiry.email}>` : ''}${inquiry.phone ? `, ${inquiry.phone}` : ''}\n${w.inquiryAlertReceived}: ${formatDateIn(from.lang, inquiry.createdAt)}`,
    inquiry.subject,
    inquiry.message,
    fill(w.inquiryAlertOpen, { url: adminUrl }),
  ]);
}

export function inquiryAlertSms(from: MessageFrom, inquiry: InquiryFacts): string {
  const { w, fill } = wordsOf(from);
  return fill(w.inquiryAlertSms, { name: `${inquiry.firstName} ${inquiry.lastName}`, subject: inquiry.subject });
}

export function inquiryReply(from: MessageFrom, inquiry: InquiryFacts, reply: string): Composed {
  const { w, fill } = wordsOf(from);
  const quoted = inquiry.message
    .split('\n')
    .map((line) => `> ${line}`)
    .join('\n');
  return compose(from, fill(w.replySubject, { subject: inquiry.subject }), [
    fill(w.greeting, { name: inquiry.firstName }),
    reply,
    fill(w.signature),
    `${fill(w.replyQuoted, { date: formatDateIn(from.lang, inquiry.createdAt) })}\n${quoted}`,
  ]);
}

/** The office's reply by SMS, for a visitor who gave a mobile number and no e-mail address. */
export function inquiryReplySms(from: MessageFrom, inquiry: InquiryFacts, reply: string): string {
  const { w, fill } = wordsOf(from);
  return fill(w.replySms, { subject: inquiry.subject, reply });
}

export function testMail(from: MessageFrom): Composed {
  const { w, fill } = wordsOf(from);
  return compose(from, fill(w.testSubject), [w.testBody, fill(w.signature)]);
}

/** The SMS an owner sends from the admin to check that SMS is set up. */
export function testSms(from: MessageFrom): string {
  const { w, fill } = wordsOf(from);
  return fill(w.testSms);
}

/** A staff one-time link (a welcome or a password reset), for a person the owner chose to e-mail it to. */
export function staffLinkMail(from: MessageFrom, name: string, url: string, hours: number): Composed {
  const { w, fill } = wordsOf(from);
  return compose(from, fill(w.staffLinkSubject), [
    fill(w.greeting, { name }),
    fill(w.staffLinkBody, { url, hours: String(hours) }),
    fill(w.signature),
  ]);
}

/** The reset link a staff member asked for themselves: until when it works, and what to do if they did not ask. */
export function passwordResetMail(from: MessageFrom, name: string, url: string, expiresAt: string): Composed {
  const { w, fill } = wordsOf(from);
  return compose(from, fill(w.resetSubject), [
    fill(w.greeting, { name }),
    fill(w.resetBody, { url, until: formatDateTimeIn(from.lang, expiresAt) }),
    w.resetNotAsked,
    fill(w.signature),
  ]);
}

/**
 * What the guardian is told of an application's step. Only the reference, the applicant's first name, the
 * step, the office's words for a correction, the status page's address and, in the messages that give it, the
 * access key (the submission's and a new key's): never the date of birth nor any other personal data.
 */
export interface ApplicationNoticeFacts {
  reference: string;
  firstName: string;
  step: ApplicationNoticeStep;
  /** The office's words, for a correction asked; '' otherwise. */
  officeMessage: string;
  statusUrl: string;
  at: string;
  /** The access key, grouped, in the messages that give it; absent or '' in every other. */
  accessKey?: string;
  /** Where to pay the admission fee, in the offer's messages; absent in every other. */
  payment?: PaymentDetails | null;
}

/** The offer e-mail's paragraph on where to pay: the account's lines, or to ask the office when there is none. */
function paymentParagraph(lang: SiteLanguage, payment: PaymentDetails, reference: string): string {
  const w = MAIL_WORDS[lang];
  if (!hasPaymentAccount(payment)) return w.paymentAsk;
  const l = w.paymentLabels;
  const lines: [string, string][] = [
    [l.bank, payment.bank],
    [l.branch, payment.branch],
    [l.accountName, payment.accountName],
    [l.accountNumber, payment.accountNumber],
    [l.reference, paymentReferenceText(payment, lang, reference)],
  ];
  return [w.paymentHeading, ...lines.filter(([, v]) => v).map(([k, v]) => `${k}: ${v}`)].join('\n');
}

export function applicationNotice(from: MessageFrom, f: ApplicationNoticeFacts): Composed {
  const { w, fill } = wordsOf(from);
  const step = w.applicationSteps[f.step];
  const paragraphs = [
    fill(w.applicationAbout, { name: f.firstName, reference: f.reference, date: formatDateIn(from.lang, f.at) }),
    fill(step.body),
  ];
  if (f.officeMessage) paragraphs.push(`${w.applicationOfficeSays}\n${f.officeMessage}`);
  if (f.accessKey) paragraphs.push(fill(w.applicationKey, { key: f.accessKey }));
  if (f.payment) paragraphs.push(paymentParagraph(from.lang, f.payment, f.reference));
  paragraphs.push(fill(w.applicationStatusLink, { url: f.statusUrl }), fill(w.signature));
  return compose(from, fill(w.applicationSubject, { reference: f.reference, headline: step.headline }), paragraphs);
}

/**
 * The SMS: the college's name, the step, the reference and the status page; with a name as short as the demo's
 * (13 characters) one part in English, two in Nepali. Every character of a longer name is in every SMS.
 */
export function applicationNoticeSms(from: MessageFrom, f: ApplicationNoticeFacts): string {
  const { w, fill } = wordsOf(from);
  const sms = fill(f.accessKey ? w.applicationKeySms : w.applicationSms, {
    key: f.accessKey ?? '',
    reference: f.reference,
    headline: w.applicationSteps[f.step].headline,
    url: f.statusUrl,
  });
  const pay = f.payment && hasPaymentAccount(f.payment) ? f.payment : null;
  return pay ? sms + fill(w.paymentSms, { bank: pay.bank, account: pay.accountNumber }) : sms;
}
