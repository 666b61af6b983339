import type { SiteLanguage } from '../site-content/local-text.ts';

/** The steps of an application the guardian is told of: each state it reaches, and a refused fee. */
export const APPLICATION_NOTICE_STEPS = [
  'submitted',
  'needs-correction',
  'documents-verified',
  'fee-verified',
  'fee-refused',
  'offered',
  'waitlisted',
  'rejected',
  'admitted',
  'withdrawn',
  'admit-card',
  'offer-voucher-sent',
  'offer-voucher-refused',
  'access-key',
] as const;
export type ApplicationNoticeStep = (typeof APPLICATION_NOTICE_STEPS)[number];

/**
 * The words of the e-mails and SMS the site sends, in each language a recipient may read. `{name}` and
 * the like are filled by server/modules/outbox/templates.ts; `{college}` is the college's stored name in the
 * message's language, read when the message is written, so a renamed college signs every later message.
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
  /** The office's reply to a visitor who gave a mobile number and no e-mail address. */
  replySms: string;
  testSubject: string;
  testBody: string;
  testSms: string;
  staffLinkSubject: string;
  staffLinkBody: string;
  /** A reset link a staff member asked for on the sign-in page ('Forgot your password?'). */
  resetSubject: string;
  resetBody: string;
  resetNotAsked: string;
  /** An application's step: a short headline (the SMS and the subject) and a sentence for the e-mail. */
  applicationSteps: Record<ApplicationNoticeStep, { headline: string; body: string }>;
  applicationSubject: string;
  applicationAbout: string;
  applicationOfficeSays: string;
  applicationStatusLink: string;
  /** The access key's paragraph, in the messages that give one. */
  applicationKey: string;
  applicationSms: string;
  /** The SMS that gives the access key. */
  applicationKeySms: string;
  /** Where to pay the admission fee, in the offer's e-mail: the account's lines, or to ask the office. */
  paymentHeading: string;
  paymentLabels: { bank: string; branch: string; accountName: string; accountNumber: string; reference: string };
  paymentAsk: string;
  /** Added to the offer's SMS: the bank and the account number only. */
  paymentSms: string;
}

export const MAIL_WORDS: Record<SiteLanguage, MailCatalogue> = {
  en: {
    greeting: 'Dear {name},',
    signature: '{college} office',
    inquiryAlertSubject: 'New message from the website: {subject}',
    inquiryAlertIntro: 'A visitor sent a message through the contact form.',
    inquiryAlertFrom: 'From',
    inquiryAlertReceived: 'Received',
    inquiryAlertOpen: 'Read and reply in the admin: {url}',
    inquiryAlertSms: '{college}: new website message from {name}: {subject}',
    replySubject: 'Re: {subject}',
    replyQuoted: 'Your message of {date}:',
    replySms: '{college} office, on "{subject}": {reply}',
    testSubject: 'Test e-mail from the {college} website',
    testBody: 'This test e-mail was sent from /admin/messages. If you read it, e-mail from the site works.',
    testSms: '{college}: a test SMS. SMS is set up.',
    staffLinkSubject: 'Set your password for the {college} website',
    staffLinkBody:
      'Open this link to set your password. It works once, for {hours} hours; if it has expired, ask an owner for a new one:\n{url}',
    resetSubject: 'A new password for the {college} website',
    resetBody:
      'Someone, probably you, asked for a new password on the sign-in page. Open this link to choose it. It works once, until {until} (Nepal time); after that, ask for a new one:\n{url}',
    resetNotAsked:
      'If you did not ask, ignore this message: your password stays as it is. Two-factor sign-in, if you use it, still asks for your code.',
    applicationSteps: {
      submitted: { headline: 'received', body: 'The college has received the application. The office will check it.' },
      'needs-correction': {
        headline: 'correction needed',
        body: 'The office asks for a correction before it can go on. Send it from the status page.',
      },
      'documents-verified': { headline: 'documents verified', body: 'The office has verified the documents.' },
      'fee-verified': { headline: 'fee verified', body: 'The office has verified the application fee.' },
      'fee-refused': {
        headline: 'fee not accepted',
        body: 'The office could not accept the payment of the fee. Please contact the office.',
      },
      offered: { headline: 'seat offered', body: 'A seat is offered. Please come to the college to be admitted.' },
      waitlisted: { headline: 'on the waiting list', body: 'The application is on the waiting list for a seat.' },
      rejected: { headline: 'not accepted', body: 'The application was not accepted.' },
      admitted: { headline: 'admitted', body: 'The student is admitted. Welcome to {college}.' },
      withdrawn: { headline: 'withdrawn', body: 'The application is withdrawn.' },
      'admit-card': {
        headline: 'admit card ready',
        body: 'The admit card for the entrance examination is ready. Open it from the status page, print it or keep it on the phone, and bring it to the examination.',
      },
      'offer-voucher-sent': {
        headline: 'voucher received',
        body: 'The admission fee voucher has reached the office, in time: the seat is kept while the office checks it.',
      },
      'offer-voucher-refused': {
        headline: 'voucher not accepted',
        body: 'The office could not accept the admission fee voucher. Send a clear photo of the right voucher from the status page before the deadline, or pay at the college office.',
      },
      'access-key': {
        headline: 'new access key',
        body: 'A new access key was asked for this application. The key given before no longer opens it. If no one in the family asked, tell the college office.',
      },
    },
    applicationSubject: 'Application {reference}: {headline}',
    applicationAbout: 'About the application of {name}, reference {reference}, on {date}:',
    applicationOfficeSays: 'The office writes:',
    applicationStatusLink: 'See where it stands, with the reference and the access key: {url}',
    applicationKey:
      'Access key: {key}. Keep it: with the reference it opens the application, the admit card and the offer. Do not share it.',
    applicationSms: '{college}: application {reference} {headline}. Status: {url}',
    applicationKeySms: '{college}: application {reference} {headline}. Access key: {key} Status: {url}',
    paymentHeading:
      'Pay the admission fee at the bank into the college account, then send the voucher from the status page:',
    paymentLabels: {
      bank: 'Bank',
      branch: 'Branch',
      accountName: 'Account name',
      accountNumber: 'Account number',
      reference: 'Write as the reference',
    },
    paymentAsk: 'Ask the college office for the bank details to pay the admission fee.',
    paymentSms: ' Pay: {bank} A/c {account}',
  },
  ne: {
    greeting: 'आदरणीय {name},',
    signature: '{college} कार्यालय',
    inquiryAlertSubject: 'वेबसाइटबाट नयाँ सन्देश: {subject}',
    inquiryAlertIntro: 'एक आगन्तुकले सम्पर्क फारमबाट सन्देश पठाउनुभएको छ।',
    inquiryAlertFrom: 'पठाउने',
    inquiryAlertReceived: 'प्राप्त मिति',
    inquiryAlertOpen: 'एडमिनमा पढ्नुहोस् र जवाफ दिनुहोस्: {url}',
    inquiryAlertSms: '{college}: {name} बाट नयाँ सन्देश: {subject}',
    replySubject: 'जवाफ: {subject}',
    replyQuoted: '{date} मा तपाईंले पठाउनुभएको सन्देश:',
    replySms: '{college} कार्यालय, "{subject}" बारे: {reply}',
    testSubject: '{college} वेबसाइटबाट परीक्षण इमेल',
    testBody: 'यो परीक्षण इमेल /admin/messages बाट पठाइएको हो। यो पढ्न सक्नुहुन्छ भने साइटको इमेल चल्छ।',
    testSms: '{college}: परीक्षण SMS। SMS चल्छ।',
    staffLinkSubject: '{college} वेबसाइटको पासवर्ड राख्नुहोस्',
    staffLinkBody:
      'आफ्नो पासवर्ड राख्न यो लिंक खोल्नुहोस्। यो एक पटक, {hours} घण्टासम्म चल्छ; म्याद सकिएमा मालिकसँग नयाँ लिंक माग्नुहोस्:\n{url}',
    resetSubject: '{college} वेबसाइटको नयाँ पासवर्ड',
    resetBody:
      'कसैले, सम्भवतः तपाईंले, साइन इन पृष्ठमा नयाँ पासवर्ड मागेको छ। पासवर्ड छान्न यो लिंक खोल्नुहोस्। यो एक पटक, {until} (नेपाल समय) सम्म चल्छ; त्यसपछि नयाँ लिंक माग्नुहोस्:\n{url}',
    resetNotAsked:
      'तपाईंले माग्नुभएको होइन भने यो सन्देशलाई बेवास्ता गर्नुहोस्: तपाईंको पासवर्ड जस्ताको तस्तै रहन्छ। दुई-चरण साइन इन चलाउनुहुन्छ भने त्यसले कोड मागिरहन्छ।',
    applicationSteps: {
      submitted: { headline: 'प्राप्त भयो', body: 'कलेजले आवेदन प्राप्त गरेको छ। कार्यालयले यसको जाँच गर्नेछ।' },
      'needs-correction': {
        headline: 'सच्याउनुपर्छ',
        body: 'अगाडि बढ्नुअघि कार्यालयले सच्याउन अनुरोध गरेको छ। स्थिति पृष्ठबाट पठाउनुहोस्।',
      },
      'documents-verified': { headline: 'कागजात प्रमाणित', body: 'कार्यालयले कागजातहरू प्रमाणित गरेको छ।' },
      'fee-verified': { headline: 'शुल्क प्रमाणित', body: 'कार्यालयले आवेदन शुल्क प्रमाणित गरेको छ।' },
      'fee-refused': {
        headline: 'शुल्क स्वीकृत भएन',
        body: 'कार्यालयले शुल्कको भुक्तानी स्वीकार गर्न सकेन। कृपया कार्यालयमा सम्पर्क गर्नुहोस्।',
      },
      offered: { headline: 'सिट प्रस्ताव', body: 'सिट प्रस्ताव गरिएको छ। भर्नाका लागि कलेजमा आउनुहोस्।' },
      waitlisted: { headline: 'प्रतीक्षा सूचीमा', body: 'आवेदन सिटको प्रतीक्षा सूचीमा छ।' },
      rejected: { headline: 'स्वीकृत भएन', body: 'आवेदन स्वीकृत भएन।' },
      admitted: { headline: 'भर्ना भयो', body: 'विद्यार्थी भर्ना भयो। {college}मा स्वागत छ।' },
      withdrawn: { headline: 'फिर्ता लिइयो', body: 'आवेदन फिर्ता लिइएको छ।' },
      'admit-card': {
        headline: 'प्रवेश पत्र तयार',
        body: 'प्रवेश परीक्षाको प्रवेश पत्र तयार छ। स्थिति पृष्ठबाट खोल्नुहोस्, छाप्नुहोस् वा फोनमा राख्नुहोस्, र परीक्षामा ल्याउनुहोस्।',
      },
      'offer-voucher-sent': {
        headline: 'भौचर प्राप्त',
        body: 'भर्ना शुल्कको भौचर समयमै कार्यालयमा पुगेको छ: कार्यालयले जाँच्दासम्म सिट सुरक्षित रहन्छ।',
      },
      'offer-voucher-refused': {
        headline: 'भौचर स्वीकृत भएन',
        body: 'कार्यालयले भर्ना शुल्कको भौचर स्वीकार गर्न सकेन। म्यादभित्र स्थिति पृष्ठबाट सही भौचरको स्पष्ट फोटो पठाउनुहोस्, वा कलेजको कार्यालयमा शुल्क तिर्नुहोस्।',
      },
      'access-key': {
        headline: 'नयाँ पहुँच कुञ्जी',
        body: 'यस आवेदनका लागि नयाँ पहुँच कुञ्जी माग गरिएको छ। पहिले दिइएको कुञ्जीले अब यो खोल्दैन। परिवारका कसैले माग नगरेको भए कलेजको कार्यालयलाई भन्नुहोस्।',
      },
    },
    applicationSubject: 'आवेदन {reference}: {headline}',
    applicationAbout: '{name} को आवेदन, सन्दर्भ {reference}, {date}:',
    applicationOfficeSays: 'कार्यालयको सन्देश:',
    applicationStatusLink: 'सन्दर्भ र पहुँच कुञ्जीसहित स्थिति हेर्नुहोस्: {url}',
    applicationKey:
      'पहुँच कुञ्जी: {key}। यसलाई सुरक्षित राख्नुहोस्: सन्दर्भसँग यसले आवेदन, प्रवेशपत्र र भर्ना प्रस्ताव खोल्छ। कसैलाई नदिनुहोस्।',
    applicationSms: '{college}: आवेदन {reference} {headline}। स्थिति: {url}',
    applicationKeySms: '{college}: आवेदन {reference} {headline}। पहुँच कुञ्जी: {key} स्थिति: {url}',
    paymentHeading: 'भर्ना शुल्क बैङ्कमा कलेजको खातामा तिर्नुहोस्, अनि अवस्था पानाबाट भौचर पठाउनुहोस्:',
    paymentLabels: {
      bank: 'बैङ्क',
      branch: 'शाखा',
      accountName: 'खाताको नाम',
      accountNumber: 'खाता नम्बर',
      reference: 'सन्दर्भमा लेख्नुहोस्',
    },
    paymentAsk: 'भर्ना शुल्क तिर्न बैङ्क विवरणका लागि कलेजको कार्यालयमा सोध्नुहोस्।',
    paymentSms: ' तिर्ने: {bank} खाता {account}',
  },
};

/** Fills `{key}` places in a catalogue's words. */
export const fillIn = (words: string, values: Record<string, string>): string =>
  words.replace(/\{(\w+)\}/gu, (whole, key: string) => values[key] ?? whole);
