import type { SiteLanguage } from '../site-content/local-text.ts';

/**
 * The words of the e-mails and SMS the site sends, in each language a recipient may read. `{name}` and
 * the like are filled by server/modules/outbox/templates.ts.
 */
export interface MailCatalogue {
  greeting: string;
  signature: string;
  inquiryAlertSubject: string;
  inquiryAlertIntro: string;
  inquiryAlertFrom: string;
  inquiryAlertReceived: string;
  inquiryAlertOpen: string;
  inquiryAlertSms: string;
  replySubject: string;
  replyQuoted: string;
  testSubject: string;
  testBody: string;
  staffLinkSubject: string;
  staffLinkBody: string;
}

export const MAIL_WORDS: Record<SiteLanguage, MailCatalogue> = {
  en: {
    greeting: 'Dear {name},',
    signature: 'Orbit College office',
    inquiryAlertSubject: 'New message from the website: {subject}',
    inquiryAlertIntro: 'A visitor sent a message through the contact form.',
    inquiryAlertFrom: 'From',
    inquiryAlertReceived: 'Received',
    inquiryAlertOpen: 'Read and reply in the admin: {url}',
    inquiryAlertSms: 'Orbit College: new website message from {name}: {subject}',
    replySubject: 'Re: {subject}',
    replyQuoted: 'Your message of {date}:',
    testSubject: 'Test e-mail from the Orbit College website',
    testBody: 'This test e-mail was sent from /admin/messages. If you read it, e-mail from the site works.',
    staffLinkSubject: 'Set your password for the Orbit College website',
    staffLinkBody:
      'Open this link to set your password. It works once, for {hours} hours; if it has expired, ask an owner for a new one:\n{url}',
  },
  ne: {
    greeting: 'आदरणीय {name},',
    signature: 'अर्बिट कलेज कार्यालय',
    inquiryAlertSubject: 'वेबसाइटबाट नयाँ सन्देश: {subject}',
    inquiryAlertIntro: 'एक आगन्तुकले सम्पर्क फारमबाट सन्देश पठाउनुभएको छ।',
    inquiryAlertFrom: 'पठाउने',
    inquiryAlertReceived: 'प्राप्त मिति',
    inquiryAlertOpen: 'एडमिनमा पढ्नुहोस् र जवाफ दिनुहोस्: {url}',
    inquiryAlertSms: 'अर्बिट कलेज: {name} बाट नयाँ सन्देश: {subject}',
    replySubject: 'जवाफ: {subject}',
    replyQuoted: '{date} मा तपाईंले पठाउनुभएको सन्देश:',
    testSubject: 'अर्बिट कलेज वेबसाइटबाट परीक्षण इमेल',
    testBody: 'यो परीक्षण इमेल /admin/messages बाट पठाइएको हो। यो पढ्न सक्नुहुन्छ भने साइटको इमेल चल्छ।',
    staffLinkSubject: 'अर्बिट कलेज वेबसाइटको पासवर्ड राख्नुहोस्',
    staffLinkBody:
      'आफ्नो पासवर्ड राख्न यो लिंक खोल्नुहोस्। यो एक पटक, {hours} घण्टासम्म चल्छ; म्याद सकिएमा मालिकसँग नयाँ लिंक माग्नुहोस्:\n{url}',
  },
};

/** Fills `{key}` places in a catalogue's words. */
export const fillIn = (words: string, values: Record<string, string>): string =>
  words.replace(/\{(\w+)\}/gu, (whole, key: string) => values[key] ?? whole);
