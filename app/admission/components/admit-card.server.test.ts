import { describe, expect, it } from 'vitest';
import { admitCardCheckUrl, admitCardView } from './admit-card.server.ts';
import { noticeQrSvg } from '#app/lib/notice-qr.server.ts';

const card = {
  code: 'Abc_def-123456789012345x',
  rollNumber: 7,
  reference: 'ORB-2084-0007',
  nameEn: 'SITA SHARMA',
  nameNe: 'सीता शर्मा',
  programmeEn: 'Science',
  programmeNe: 'विज्ञान',
  season: '2084/85',
  photo: '',
  session: {
    id: 's',
    startsAt: '2027-08-26T04:45:00.000Z',
    date: '2084-05-10',
    time: '10:30',
    minutes: 90,
    placeEn: 'Hall A',
    placeNe: '',
    capacity: 20,
    bringEn: '',
    bringNe: '',
    programmes: [],
  },
};

/** The college's name as the site's content holds it, in English and Nepali. */
const COLLEGE = { name: { en: 'Himal Higher Secondary School', ne: 'हिमाल उच्च माध्यमिक विद्यालय' }, logo: null };

describe('an admit card as a page shows it', () => {
  it('carries its check address, by code alone, in the language of the card', () => {
    expect(admitCardCheckUrl('https://orbit.edu.np', 'en', card.code)).toBe(
      'https://orbit.edu.np/admission/admit-card/check/Abc_def-123456789012345x',
    );
    expect(admitCardCheckUrl('https://orbit.edu.np', 'ne', card.code)).toBe(
      'https://orbit.edu.np/ne/admission/admit-card/check/Abc_def-123456789012345x',
    );
  });

  it('has the QR code of that very address, made on the server, and nothing of the applicant in it', async () => {
    const view = await admitCardView(card, 'https://orbit.edu.np', 'ne', COLLEGE);
    expect(view.checkUrl).toBe('https://orbit.edu.np/ne/admission/admit-card/check/Abc_def-123456789012345x');
    expect(view.qrSvg).toBe(await noticeQrSvg(view.checkUrl));
    expect(view.qrSvg).not.toBe(await noticeQrSvg(`${view.checkUrl}x`));
    expect(view.qrSvg).toMatch(/^<svg /u);
    expect(view.qrSvg).not.toContain('SITA');
  });

  it("carries the college's name from the site's content, in the card's language", async () => {
    expect((await admitCardView(card, 'https://orbit.edu.np', 'ne', COLLEGE)).college).toBe(
      'हिमाल उच्च माध्यमिक विद्यालय',
    );
    expect((await admitCardView(card, 'https://orbit.edu.np', 'en', COLLEGE)).college).toBe(
      'Himal Higher Secondary School',
    );
  });

  it("carries the college's logo when it has one, and none when it has not", async () => {
    const logo = { url: '/logo/0123456789abcdef0123456789abcdef.png', width: 400, height: 200 };
    expect((await admitCardView(card, 'https://orbit.edu.np', 'en', { ...COLLEGE, logo })).logo).toEqual(logo);
    expect((await admitCardView(card, 'https://orbit.edu.np', 'en', COLLEGE)).logo).toBeNull();
  });
});
