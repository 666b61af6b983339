/**
 * The rules of links, addresses, phone numbers, list lengths and versions, on both sides of each limit,
 * through the real API: what is allowed is saved, what is not is refused with its message.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONTENT_LIMITS as L } from '#common/site-content/limits.ts';
import { type AdminTestApp, createAdminTestApp } from '#server/test-support/admin-session.ts';
import { chars } from '#server/test-support/factories.ts';
import { sectionEditor } from './test-section-editor.ts';

let t: AdminTestApp;
beforeAll(async () => {
  t = await createAdminTestApp();
});
afterAll(() => t.close());

const { current, expectSaved, expectRefused } = sectionEditor(() => t);

/** [field, its name in messages] */
const LINKS: [string, string][] = [
  ['virtualTourUrl', 'virtual tour address'],
  ['enrolmentFormUrl', 'enrolment form address'],
];

describe.each(LINKS)('college %s (a link)', (field, noun) => {
  const message = `The ${noun} must start with https:// or http://, or be a path on this site starting with /. Leave it empty to hide it.`;

  it('accepts an https or http address, a path on the site, or nothing (which hides it)', async () => {
    for (const value of ['https://forms.example.com/apply', 'http://tour.example.org/', '/gallery', '']) {
      await expectSaved('college', field, value);
    }
  });

  it('refuses any other scheme, another host written as a path, and a bare host name', async () => {
    for (const value of ['javascript:alert(1)', 'ftp://example.com/x', '//evil.example.com', 'example.com/form']) {
      await expectRefused('college', field, value, message);
    }
  });

  it(`saves an address of ${L.url} characters and refuses ${L.url + 1}`, async () => {
    const base = 'https://example.com/';
    await expectSaved('college', field, base + chars(L.url - base.length, 'x'));
    await expectRefused(
      'college',
      field,
      base + chars(L.url + 1 - base.length, 'x'),
      `The ${noun} must be at most ${L.url} characters.`,
    );
  });
});

describe('college embeds (video and map)', () => {
  it.each([
    ['videoUrl', 'video address'],
    ['mapEmbedUrl', 'map address'],
  ])('%s accepts https only, or nothing', async (field, noun) => {
    await expectSaved('college', field, 'https://www.youtube-nocookie.com/embed/abc');
    await expectSaved('college', field, '');
    for (const value of ['http://www.youtube.com/embed/abc', '/video', 'data:text/html,hi']) {
      await expectRefused('college', field, value, `The ${noun} must start with https://. Leave it empty to hide it.`);
    }
  });

  it('the map link (opened on its own site) takes http(s) only', async () => {
    await expectSaved('college', 'mapLinkUrl', 'https://www.google.com/maps/search/?api=1&query=Bharatpur');
    await expectRefused(
      'college',
      'mapLinkUrl',
      '/contact',
      'The address of the map on its own site must start with https:// or http://. Leave it empty to hide it.',
    );
  });
});

describe('college social links', () => {
  it.each([
    ['facebook', 'Facebook', 'https://www.facebook.com/orbitcollege', 'facebook.com'],
    ['youtube', 'YouTube', 'https://youtu.be/abc', 'youtube.com'],
    ['instagram', 'Instagram', 'https://instagram.com/orbit', 'instagram.com'],
    ['tiktok', 'TikTok', 'https://www.tiktok.com/@orbit', 'tiktok.com'],
  ])('%s takes an address on its own network, or nothing', async (field, network, good, domain) => {
    await expectSaved('college', `social.${field}`, good);
    await expectSaved('college', `social.${field}`, '');
    const message = `The ${network} link must be an address on ${domain}, such as https://www.${domain}/yourcollege.`;
    await expectRefused('college', `social.${field}`, 'https://evil.example.com/facebook.com', message);
    await expectRefused('college', `social.${field}`, `https://not${domain}/x`, message);
  });
});

describe('college e-mail address', () => {
  const message = 'Enter an e-mail address such as office@college.edu.np, or leave it empty to hide it.';

  it('accepts an address or nothing, and refuses what is not one', async () => {
    await expectSaved('college', 'email', 'info@orbit.edu.np');
    await expectSaved('college', 'email', '');
    for (const value of ['info', 'info@', '@orbit.edu.np', 'info@orbit', 'in fo@orbit.edu.np']) {
      await expectRefused('college', 'email', value, message);
    }
  });

  it(`saves ${L.email} characters and refuses ${L.email + 1}`, async () => {
    const domain = '@orbit.edu.np';
    await expectSaved('college', 'email', chars(L.email - domain.length, 'a') + domain);
    await expectRefused(
      'college',
      'email',
      chars(L.email + 1 - domain.length, 'a') + domain,
      `The e-mail address must be at most ${L.email} characters.`,
    );
  });
});

describe('college phone numbers', () => {
  it('refuses a number without digits', async () => {
    await expectRefused('college', 'phones', ['056-418307', 'to be confirmed'], 'A phone number must contain digits.');
    await expectRefused('college', 'phones', ['-- --'], 'A phone number must contain digits.');
  });

  it('accepts Devanagari digits and the usual separators, nothing else', async () => {
    await expectSaved('college', 'phones', ['०५६-४१८३०७', '+977 (56) 418307', '056/418307']);
    await expectRefused(
      'college',
      'phones',
      ['056-418307 ext. 4'],
      'A phone number may contain only digits, spaces and the characters + - ( ) / .',
    );
  });

  it(`saves a number of ${L.phone} characters and refuses ${L.phone + 1}`, async () => {
    await expectSaved('college', 'phones', [chars(L.phone, '1')]);
    await expectRefused(
      'college',
      'phones',
      [chars(L.phone + 1, '1')],
      `A phone number must be at most ${L.phone} characters.`,
    );
  });

  it(`saves ${L.phonesMax} numbers, none, and refuses ${L.phonesMax + 1}; order is kept`, async () => {
    const numbers = Array.from({ length: L.phonesMax }, (_, i) => `98550604${10 + i}`);
    await expectSaved('college', 'phones', numbers);
    expect((await current('college')).phones).toEqual(numbers);
    await expectSaved('college', 'phones', []);
    await expectRefused('college', 'phones', [...numbers, '9855060499'], `List at most ${L.phonesMax} phone numbers.`);
  });
});

describe('list lengths', () => {
  const text = (en: string) => ({ en, ne: '' });

  it(`the address has 1 to ${L.addressLinesMax} lines`, async () => {
    const lines = Array.from({ length: L.addressLinesMax }, (_, i) => text(`Line ${i + 1}`));
    await expectSaved('college', 'addressLines', lines);
    await expectRefused('college', 'addressLines', [...lines, text('One more')], 'The address has at most 4 lines.');
    await expectRefused('college', 'addressLines', [], 'Enter the address.');
  });

  it(`the footer lists up to ${L.footerCoursesMax} courses, or none`, async () => {
    const items = Array.from({ length: L.footerCoursesMax }, (_, i) => text(`Course ${i + 1}`));
    await expectSaved('footer-courses', 'items', items);
    await expectSaved('footer-courses', 'items', []);
    await expectRefused(
      'footer-courses',
      'items',
      [...items, text('Extra')],
      `The footer lists at most ${L.footerCoursesMax} courses.`,
    );
  });

  it(`the home page has 1 to ${L.coursesMax} course cards`, async () => {
    const card = (i: number) => ({
      title: text(`Course ${i}`),
      summary: text('About it.'),
      icon: { kind: 'icon', name: 'atom' },
    });
    const cards = Array.from({ length: L.coursesMax }, (_, i) => card(i));
    await expectSaved('courses', 'cards', cards);
    await expectRefused(
      'courses',
      'cards',
      [...cards, card(99)],
      `The home page shows at most ${L.coursesMax} courses.`,
    );
    await expectRefused('courses', 'cards', [], 'Keep at least one course.');
    await expectRefused(
      'courses',
      'cards',
      [{ ...card(1), icon: { kind: 'icon', name: 'rocket' } }],
      'Choose one of the icons: atom, chip, chart, bell.',
    );
  });

  it(`up to ${L.testimonialsMax} testimonials, or none`, async () => {
    const item = (i: number) => ({ student: text(`Student ${i}`), quote: text('Good teachers.') });
    const items = Array.from({ length: L.testimonialsMax }, (_, i) => item(i));
    await expectSaved('testimonials', 'items', items);
    await expectRefused(
      'testimonials',
      'items',
      [...items, item(99)],
      `Show at most ${L.testimonialsMax} testimonials.`,
    );
    await expectSaved('testimonials', 'items', []);
  });

  it(`up to ${L.whyPointsMax} reasons to choose the college`, async () => {
    const point = (i: number) => ({ title: text(`Reason ${i}`), text: text('Because.') });
    const points = Array.from({ length: L.whyPointsMax }, (_, i) => point(i));
    await expectSaved('why-choose-us', 'points', points);
    await expectRefused('why-choose-us', 'points', [...points, point(99)], `List at most ${L.whyPointsMax} reasons.`);
  });

  it('the banner keeps at least one slide', async () => {
    await expectRefused('banner', 'slides', [], 'The banner needs at least 1 slide.');
  });
});

describe('versions', () => {
  it('refuses a save without the version it was edited from', async () => {
    const { version: _version, ...rest } = await current('college');
    const res = await t.asAdmin({ method: 'PUT', url: '/api/admin/content/college', payload: rest });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      error: { code: 'validation', message: 'Send the version that was edited. Reload to see the latest version.' },
    });
  });
});
