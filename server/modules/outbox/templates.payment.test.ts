import { describe, expect, it } from 'vitest';
import type { PaymentDetails } from '#common/admission/payment-details.ts';
import { type ApplicationNoticeFacts, applicationNotice, applicationNoticeSms, type MessageFrom } from './templates.ts';

const college = { en: 'Orbit College', ne: 'अर्बिट कलेज' };
const EN: MessageFrom = { lang: 'en', college };
const NE: MessageFrom = { lang: 'ne', college };

const PAYMENT: PaymentDetails = {
  bank: 'Nabil Bank',
  branch: 'Bharatpur',
  accountName: 'Orbit College Pvt. Ltd.',
  accountNumber: '0101-0171-2345-6789',
  referenceEn: "Student's name and {reference}",
  referenceNe: 'विद्यार्थीको नाम र {reference}',
  qr: { src: '/media/payment/x/y-400.jpg', width: 400, height: 400 },
};
const NONE: PaymentDetails = { ...PAYMENT, bank: '', branch: '', accountName: '', accountNumber: '', qr: null };

const offer = (payment: PaymentDetails | null): ApplicationNoticeFacts => ({
  reference: 'ORB-2084-0007',
  firstName: 'Sita',
  step: 'offered',
  officeMessage: '',
  statusUrl: 'https://orbit.example/admission/status',
  at: '2027-07-20T06:00:00Z',
  payment,
});

describe("the offer's messages say where to pay the admission fee", () => {
  it('in the e-mail: bank, branch, account name and number, and the reference with the real one filled in', () => {
    const mail = applicationNotice(EN, offer(PAYMENT));
    expect(mail.text).toContain(
      [
        'Pay the admission fee at the bank into the college account, then send the voucher from the status page:',
        'Bank: Nabil Bank',
        'Branch: Bharatpur',
        'Account name: Orbit College Pvt. Ltd.',
        'Account number: 0101-0171-2345-6789',
        "Write as the reference: Student's name and ORB-2084-0007",
      ].join('\n'),
    );
    expect(mail.html).toContain('Account number: 0101-0171-2345-6789');
    // A message loads nothing from elsewhere: the QR image is for the pages only.
    expect(mail.html).not.toContain('/media/');
    const ne = applicationNotice(NE, offer(PAYMENT));
    expect(ne.text).toContain('खाता नम्बर: 0101-0171-2345-6789');
    expect(ne.text).toContain('सन्दर्भमा लेख्नुहोस्: विद्यार्थीको नाम र ORB-2084-0007');
  });

  it('in the SMS: the bank and the account number only, kept short', () => {
    const sms = applicationNoticeSms(EN, offer(PAYMENT));
    expect(sms).toBe(
      'Orbit College: application ORB-2084-0007 seat offered. Status: https://orbit.example/admission/status' +
        ' Pay: Nabil Bank A/c 0101-0171-2345-6789',
    );
    expect(sms.length).toBeLessThanOrEqual(160);
    expect(sms).not.toContain('Bharatpur');
    expect(sms).not.toContain('Orbit College Pvt');
    expect(applicationNoticeSms(NE, offer(PAYMENT))).toContain('तिर्ने: Nabil Bank खाता 0101-0171-2345-6789');
  });

  it('with no account yet: the e-mail says to ask the office, the SMS says nothing of paying', () => {
    expect(applicationNotice(EN, offer(NONE)).text).toContain(
      'Ask the college office for the bank details to pay the admission fee.',
    );
    expect(applicationNotice(NE, offer(NONE)).text).toContain('बैङ्क विवरणका लागि कलेजको कार्यालयमा सोध्नुहोस्');
    expect(applicationNoticeSms(EN, offer(NONE))).not.toContain('Pay');
  });

  it('and the messages of other steps say nothing of it', () => {
    const verified = { ...offer(null), step: 'documents-verified' as const };
    expect(applicationNotice(EN, verified).text).not.toContain('bank');
    expect(applicationNoticeSms(EN, verified)).not.toContain('Pay');
  });
});
