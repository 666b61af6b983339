import { describe, expect, it } from 'vitest';
import { testMail, passwordResetMail } from './templates.ts';

const college = { en: 'Sunrise Academy', ne: 'सनराइज एकेडेमी' };
const LOGO = 'https://sunrise.example/icons/icon-192.png';

describe('the college’s logo in an e-mail', () => {
  it('is drawn above the words from the address given, named by the college in the message’s language', () => {
    for (const lang of ['en', 'ne'] as const) {
      const { html, text } = testMail({ lang, college, logoUrl: LOGO });
      expect(html).toContain(
        `<img src="${LOGO}" width="64" height="64" alt="${college[lang]}" style="display:block;border:0">`,
      );
      expect(html.indexOf('<img')).toBeLessThan(html.indexOf('<p style="margin:0 0 1em">', html.indexOf('<img') + 1));
      // The plain text has no picture to show.
      expect(text).not.toContain(LOGO);
    }
  });

  it('is left out, with nothing in its place, for a college without a logo', () => {
    for (const logoUrl of [undefined, null]) {
      const mail = passwordResetMail(
        { lang: 'en', college, logoUrl },
        'Gita',
        'https://sunrise.example/welcome/y',
        '2026-11-30T06:00:00Z',
      );
      expect(mail.html).not.toContain('<img');
    }
  });
});
