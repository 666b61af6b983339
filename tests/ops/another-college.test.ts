/**
 * Another college installs the site: it starts empty (no demo notices or photos), removes the demo's texts
 * as 'Start empty' does (after which no default text speaks of the demo college, so nothing is left to
 * rewrite), names itself in both languages on the College page and enters the address, year and texts the
 * setup checklist then asks for. From then on nothing a visitor, a parent or the office reads says the demo's
 * name or its town: every
 * public page in both languages, the 404 page, the web app manifest, every e-mail and SMS the outbox sends
 * (one of each kind, in each language) and the pass list printed for the results notice.
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APPLICATION_NOTICE_STEPS, MAIL_WORDS } from '#common/i18n/mail.ts';
import type { PaymentDetails } from '#common/admission/payment-details.ts';
import type { LocalText, SiteLanguage } from '#common/site-content/local-text.ts';
import { CONTENT_SECTIONS } from '#common/site-content/site.ts';
import * as mail from '#server/modules/outbox/templates.ts';
import { passListHtml } from '#server/modules/admission/index.ts';
import {
  ADMIN_EMAIL,
  ADMIN_PASSWORD,
  getJson,
  type ServerProcess,
  sameOrigin,
  signIn,
  startServer,
  uploadImage,
} from './server-process.ts';

const NAME = { en: 'Sunrise Academy', ne: 'सनराइज एकेडेमी' };
const SHORT_NAME = { en: 'Sunrise', ne: 'सनराइज' };
const OLD_NAME = /orbit|अर्बिट/iu;
/** The demo college's town and street, which its default texts, address and map named. */
const DEMO_PLACES = /bharatpur|भरतपुर|chitwan|चितवन|bikash/iu;

/** What the college enters on its College page after 'Start empty', as the setup checklist asks. */
const OWN_TEXTS = {
  name: NAME,
  shortName: SHORT_NAME,
  addressLines: [{ en: 'Butwal-11, Traffic Chowk', ne: 'बुटवल-११, ट्राफिक चोक' }],
  established: { en: '2070 B.S.', ne: '२०७० वि.सं.' },
  about: { en: 'Sunrise Academy teaches +2 science and management in Butwal.', ne: '' },
  vision: { en: 'Every student finds what they are good at.', ne: '' },
  mission: { en: 'To teach carefully and support each student.', ne: '' },
};

const PAYMENT: PaymentDetails = {
  bank: 'Nabil Bank',
  branch: 'Butwal',
  accountName: 'Sunrise Academy Pvt. Ltd.',
  accountNumber: '0101-0171-2345-6789',
  referenceEn: "Student's name and {reference}",
  referenceNe: 'विद्यार्थीको नाम र {reference}',
  qr: null,
};

let server: ServerProcess;
let cookie: string;
let dataDir: string;
let noticePath: string;
let albumSlug: string;

async function send(method: string, url: string, body: unknown): Promise<Response> {
  return fetch(`${server.url}${url}`, {
    method,
    headers: { ...sameOrigin(server), cookie, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
}

beforeAll(async () => {
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'orbit-another-college-'));
  // SEED_DEMO=false is what `npm run setup -- --start-empty` writes: no demo notices, photos or albums.
  server = await startServer({ DATA_DIR: dataDir, ADMIN_EMAIL, ADMIN_PASSWORD, SEED_DEMO: 'false' });
  cookie = await signIn(server);
  // What 'Start empty' on the first owner's page and 'Remove the demo content' do.
  const removal = await send('POST', '/api/admin/demo/removal', {});
  expect(removal.status, await removal.clone().text()).toBe(200);
  for (const section of CONTENT_SECTIONS) {
    const { updatedAt: _updatedAt, ...stored } = await getJson<Record<string, unknown>>(
      server,
      `/api/admin/content/${section}`,
      { cookie },
    );
    const { name: _name, shortName: _shortName, ...texts } = stored;
    // No default text left speaks of the demo college or its town: there is nothing to rewrite but the name.
    expect(JSON.stringify(texts).match(OLD_NAME), section).toBeNull();
    expect(JSON.stringify(texts).match(DEMO_PLACES), section).toBeNull();
    if (section !== 'college') continue;
    const saved = await send('PUT', `/api/admin/content/${section}`, { ...stored, ...OWN_TEXTS });
    expect(saved.status, `${section}: ${await saved.clone().text()}`).toBe(200);
  }
  const notice = await send('POST', '/api/admin/notices', {
    title: 'Admission open for Grade 11',
    description: 'Forms are available at the office from Sunday.',
  });
  expect(notice.status).toBe(201);
  noticePath = `/notices/${((await notice.json()) as { id: string }).id}`;
  // A photo sent without an album goes to the gallery's default album, made for it.
  const photo = await sharp({ create: { width: 1200, height: 800, channels: 3, background: '#7a9e7e' } })
    .jpeg()
    .toBuffer();
  expect((await uploadImage(server, cookie, 'gallery', photo)).status).toBe(201);
  const { albums } = await getJson<{ albums: { slug: string }[] }>(server, '/api/admin/albums', { cookie });
  expect(albums).toHaveLength(1);
  expect(albums[0]).toMatchObject({ slug: 'life-at-sunrise', titleEn: 'Life at Sunrise', titleNe: 'सनराइजको जीवन' });
  albumSlug = albums[0]!.slug;
});
afterAll(async () => {
  expect(await server?.stop()).toBe(0);
  await fs.rm(dataDir, { recursive: true, force: true });
});

const PUBLIC_PAGES = [
  '/',
  '/notices',
  () => noticePath,
  '/gallery',
  () => `/gallery/${albumSlug}`,
  '/contact',
  '/admission',
  '/admission/apply',
  '/admission/status',
  '/admission/admit-card',
  '/admission/results',
];

/** Where the old name was found in `text`, with a little context, for the failure message. */
const foundIn = (text: string): string[] =>
  [...text.matchAll(/.{0,60}(?:orbit|अर्बिट).{0,60}/giu)].map((m) => m[0]).slice(0, 5);

describe('a college that is not the demo college', () => {
  it('is named on every public page in both languages, and the demo’s name is nowhere in them', async () => {
    for (const prefix of ['', '/ne']) {
      for (const page of PUBLIC_PAGES) {
        const pagePath = `${prefix}${typeof page === 'function' ? page() : page}`.replace(/^\/ne\/$/u, '/ne');
        const res = await fetch(`${server.url}${pagePath}`);
        expect(res.status, pagePath).toBe(200);
        const html = await res.text();
        expect(foundIn(html), pagePath).toEqual([]);
        expect(html.match(DEMO_PLACES), pagePath).toBeNull();
        expect(html, pagePath).toContain(prefix === '/ne' ? NAME.ne : NAME.en);
      }
    }
  });

  it('labels the contact page’s sketch map with its name, and gives link previews no drawing of the demo', async () => {
    for (const pagePath of ['/contact', '/ne/contact']) {
      const html = await (await fetch(`${server.url}${pagePath}`)).text();
      expect(html, pagePath).toMatch(
        /<img src="data:image\/svg\+xml,[^"]*%3ESunrise Academy%3C[^"]*" alt="Sketch map: Sunrise Academy/u,
      );
      expect(html, pagePath).not.toContain('og:image');
      expect(html, pagePath).toContain('<meta name="twitter:card" content="summary"/>');
    }
  });

  it('answers a missing page in both languages without the demo’s name', async () => {
    for (const pagePath of ['/no-such-page', '/ne/no-such-page']) {
      const res = await fetch(`${server.url}${pagePath}`);
      expect(res.status, pagePath).toBe(404);
      expect(foundIn(await res.text()), pagePath).toEqual([]);
    }
  });

  it('names itself in the web app manifest', async () => {
    const res = await fetch(`${server.url}/manifest.webmanifest`);
    const manifest = await res.text();
    expect(foundIn(manifest)).toEqual([]);
    expect(JSON.parse(manifest)).toMatchObject({ name: NAME.en, short_name: SHORT_NAME.en });
  });

  it('signs every e-mail and SMS with its stored name, in each language, and never with the demo’s', async () => {
    const { name } = await getJson<{ name: LocalText }>(server, '/api/admin/content/college', { cookie });
    expect(name).toEqual(NAME);
    const texts: string[] = [];
    for (const lang of ['en', 'ne'] satisfies SiteLanguage[]) {
      const from = { lang, college: name };
      const inquiry = {
        firstName: 'Sita',
        lastName: 'Sharma',
        email: 'sita@example.com',
        phone: '9800000000',
        subject: 'Fees',
        message: 'What are the fees for science?',
        createdAt: '2026-11-29T06:00:00Z',
      };
      const mails = [
        mail.inquiryAlert(from, inquiry, 'https://college.example/admin/inquiries'),
        mail.inquiryReply(from, inquiry, 'The fees are on the notice board.'),
        mail.testMail(from),
        mail.staffLinkMail(from, 'Gita', 'https://college.example/welcome/x', 48),
        mail.passwordResetMail(from, 'Gita', 'https://college.example/welcome/y', '2026-11-30T06:00:00Z'),
      ];
      const sms = [
        mail.inquiryAlertSms(from, inquiry),
        mail.inquiryReplySms(from, inquiry, 'Yes.'),
        mail.testSms(from),
      ];
      for (const step of APPLICATION_NOTICE_STEPS) {
        const facts = {
          reference: 'APP-2083-0007',
          firstName: 'Sita',
          step,
          officeMessage: step === 'needs-correction' ? 'Please send a clearer photo.' : '',
          statusUrl: 'https://college.example/admission/status',
          at: '2026-11-29T06:00:00Z',
          accessKey: 'ABCD-EFGH',
          payment: PAYMENT,
        };
        mails.push(mail.applicationNotice(from, facts));
        sms.push(mail.applicationNoticeSms(from, facts));
      }
      for (const m of mails) texts.push(m.subject, m.text, m.html);
      // The office's own alert of a website message is unsigned; every message to anyone else is signed.
      for (const m of mails.slice(1)) expect(m.text).toContain(name[lang]);
      texts.push(...sms);
      for (const s of sms) expect(s).toContain(name[lang]);
    }
    expect(texts.flatMap(foundIn)).toEqual([]);
    expect(JSON.stringify(MAIL_WORDS)).not.toMatch(OLD_NAME);
  });

  it('heads the printed pass list with its stored name in both languages', async () => {
    const { name } = await getJson<{ name: LocalText }>(server, '/api/admin/content/college', { cookie });
    const rows = [
      {
        programme: 'Science',
        rollNumber: 1,
        nameEn: 'Sita Sharma',
        nameNe: 'सीता शर्मा',
        outcome: 'offered',
        waitlistPosition: null,
      },
      {
        programme: 'Science',
        rollNumber: 2,
        nameEn: 'Ram Thapa',
        nameNe: 'राम थापा',
        outcome: 'waitlisted',
        waitlistPosition: 1,
      },
    ];
    for (const withNames of [true, false]) {
      const html = await passListHtml('Entrance results 2083', rows, withNames, name);
      expect(foundIn(html.replace(/<style[\s\S]*?<\/style>/gu, ''))).toEqual([]);
      expect(html).toContain(`${NAME.en} / <span lang="ne">${NAME.ne}</span>`);
    }
  });
});
