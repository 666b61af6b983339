import { describe, expect, it } from 'vitest';
import { EMPTY_PAYMENT, type PaymentDetails, paymentFor, paymentReferenceText } from './payment-details.ts';

const SEASON: PaymentDetails = {
  ...EMPTY_PAYMENT,
  bank: 'Nabil Bank',
  accountName: 'Orbit College',
  accountNumber: '01010171',
  referenceEn: 'Name and {reference}',
  qr: { src: '/media/payment/q/x-400.jpg', width: 400, height: 400 },
};

describe('payment details', () => {
  it("a programme's own account wins, without the season's QR (it pays into another account)", () => {
    const own = { ...EMPTY_PAYMENT, bank: 'Everest Bank', accountName: 'Law', accountNumber: '00200105' };
    expect(paymentFor(SEASON, own)).toEqual({ ...own, qr: null });
  });

  it("a programme without an account of its own uses the season's", () => {
    expect(paymentFor(SEASON, EMPTY_PAYMENT)).toBe(SEASON);
    expect(paymentFor(SEASON, undefined)).toBe(SEASON);
  });

  it('fills the application reference into the reference text, English when there is no Nepali', () => {
    expect(paymentReferenceText(SEASON, 'en', 'ORB-2084-0001')).toBe('Name and ORB-2084-0001');
    expect(paymentReferenceText(SEASON, 'ne', 'ORB-2084-0001')).toBe('Name and ORB-2084-0001');
    expect(paymentReferenceText({ referenceEn: 'x', referenceNe: 'नाम र {reference}' }, 'ne', 'R')).toBe('नाम र R');
  });
});
