/**
 * Another college installs the site: it starts empty (no demo notices or photos), removes the demo's texts
 * as 'Start empty' does (after which no default text speaks of the demo college, so nothing is left to
 * rewrite), names itself in both languages on the College page and enters the address, year and texts the
 * setup checklist then asks for. From then on nothing a visitor, a parent or the office reads says the demo's
 * name or its town: every
 * public page in both languages, the 404 page, the web app manifest, every e-mail and SMS the outbox sends
 * (one of each kind, in each language) and the pass list printed for the results notice. Its uploaded logo is
 * the one every icon (favicon, app icons) is drawn from, heads a notice's printed letterhead, and is drawn in
 * its e-mails from the site's own address.
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
import { passListHtml } from '#server/modules/admission/index.ts';
import { openDb } from '#server/db/db.ts';
import { readMessageFrom } from '#server/modules/content/index.ts';
import {
  applicationNotice,
  applicationNoticeSms,
  inquiryAlert,
  inquiryAlertSms,
  inquiryReply,
  inquiryReplySms,
  passwordResetMail,
  staffLinkMail,
  testMail,
  testSms,
} from '#server/modules/outbox/index.ts';
import { uploadsDir } from '#server/storage/create-storage.ts';
import { createLocalStorage } from '#server/storage/local-storage.ts';
import { giveAccessKey } from '#server/test-support/access-key.ts';
import { seedApplications } from '#server/test-support/applications.ts';
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
import { logoMarkUrl } from '#common/site-content/logo.ts';

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
  referencePrefix: 'SA',
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
/** The logo as uploaded: a 400 × 200 PNG of one colour, found again in every icon drawn from it. */
const LOGO_RGB = [192, 57, 43];
let logoPng: Buffer;
let logoUrl: string;

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
  logoPng = await sharp({
    create: { width: 400, height: 200, channels: 3, background: { r: LOGO_RGB[0]!, g: LOGO_RGB[1]!, b: LOGO_RGB[2]! } },
  })
    .png()
    .toBuffer();
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(logoPng)], { type: 'image/png' }), 'logo.png');
  const uploaded = await fetch(`${server.url}/api/admin/content/college/logo`, {
    method: 'POST',
    headers: { ...sameOrigin(server), cookie },
    body: form,
  });
  expect(uploaded.status, await uploaded.clone().text()).toBe(200);
  logoUrl = ((await uploaded.json()) as { logo: { url: string } }).logo.url;
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

  it('shows a reference with its own prefix in the status page’s hints, in both languages', async () => {
    for (const pagePath of ['/admission/status', '/ne/admission/status']) {
      const html = await (await fetch(`${server.url}${pagePath}`)).text();
      expect(html, pagePath).toContain('SA-2084-0123');
      expect(html, pagePath).not.toContain('ORB-');
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
        inquiryAlert(from, inquiry, 'https://college.example/admin/inquiries'),
        inquiryReply(from, inquiry, 'The fees are on the notice board.'),
        testMail(from),
        staffLinkMail(from, 'Gita', 'https://college.example/welcome/x', 48),
        passwordResetMail(from, 'Gita', 'https://college.example/welcome/y', '2026-11-30T06:00:00Z'),
      ];
      const sms = [inquiryAlertSms(from, inquiry), inquiryReplySms(from, inquiry, 'Yes.'), testSms(from)];
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
        mails.push(applicationNotice(from, facts));
        sms.push(applicationNoticeSms(from, facts));
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

  it('serves the uploaded logo as sent, and draws the favicon and every app icon from it', async () => {
    const served = await fetch(`${server.url}${logoUrl}`);
    expect(served.status).toBe(200);
    const pixels = async (png: Buffer) => sharp(png).removeAlpha().raw().toBuffer({ resolveWithObject: true });
    const sent = await pixels(logoPng);
    const got = await pixels(Buffer.from(await served.arrayBuffer()));
    expect(got.info).toMatchObject({ width: 400, height: 200 });
    expect(got.data.equals(sent.data)).toBe(true);
    for (const [iconPath, size] of [
      ['/favicon.png', 32],
      ['/apple-touch-icon.png', 180],
      ['/icons/icon-192.png', 192],
      ['/icons/icon-512.png', 512],
    ] as const) {
      const res = await fetch(`${server.url}${iconPath}`);
      expect(res.status, iconPath).toBe(200);
      const { data, info } = await sharp(Buffer.from(await res.arrayBuffer()))
        .raw()
        .toBuffer({ resolveWithObject: true });
      expect([info.width, info.height], iconPath).toEqual([size, size]);
      // The logo is wider than high, so the icon's middle is the logo's colour.
      const middle = (Math.floor(size / 2) * size + Math.floor(size / 2)) * info.channels;
      expect([...data.subarray(middle, middle + 3)], iconPath).toEqual(LOGO_RGB);
    }
    const manifest = (await (await fetch(`${server.url}/manifest.webmanifest`)).json()) as {
      icons: { src: string }[];
    };
    expect(manifest.icons.map((i) => i.src)).toEqual(expect.arrayContaining(['/icons/icon-192.png']));
    for (const prefix of ['', '/ne']) {
      const html = await (await fetch(`${server.url}${prefix}/`)).text();
      expect(html, prefix).toMatch(/<link rel="icon"[^>]*href="\/favicon\.png"/u);
    }
  });

  it('heads a notice’s printed letterhead with the uploaded logo and its name, in both languages', async () => {
    for (const prefix of ['', '/ne']) {
      const html = await (await fetch(`${server.url}${prefix}${noticePath}`)).text();
      const head = /<div class="notice-print notice-print__head">([\s\S]*?)<\/div>/u.exec(html)?.[1] ?? '';
      expect(head, prefix).toContain(`<img class="notice-print__logo" src="${logoMarkUrl(logoUrl)}"`);
      expect(head, prefix).toContain(prefix ? NAME.ne : NAME.en);
      expect(foundIn(head), prefix).toEqual([]);
    }
  });

  it('draws its logo in its e-mails from the site’s own address, in each language', async () => {
    const db = openDb({ dataDir });
    try {
      for (const lang of ['en', 'ne'] satisfies SiteLanguage[]) {
        const from = await readMessageFrom(db, lang, server.url);
        const { html } = testMail(from);
        const src = /<img src="([^"]+)"/u.exec(html)?.[1] ?? '';
        expect(src.startsWith(`${server.url}/`), src).toBe(true);
        expect(html).toContain(`alt="${NAME[lang]}"`);
        expect(html).not.toContain('data:');
        const icon = await fetch(src);
        expect(icon.status).toBe(200);
        const { data } = await sharp(Buffer.from(await icon.arrayBuffer()))
          .raw()
          .toBuffer({ resolveWithObject: true });
        const middle = (96 * 192 + 96) * 4;
        expect([...data.subarray(middle, middle + 3)]).toEqual(LOGO_RGB);
      }
    } finally {
      await db.destroy();
    }
  });

  it('heads an admit card with its uploaded logo and its name, in both languages, never the demo’s', async () => {
    // An application whose fee and documents are verified, seated in an entrance session by the office.
    const db = openDb({ dataDir });
    let reference: string;
    let accessKey: string;
    let seasonId: string;
    try {
      const f = await seedApplications(db, createLocalStorage(uploadsDir(dataDir)), {
        count: 1,
        withFiles: 1,
        override: () => ({ row: { state: 'documents-verified' }, payment: 'verified', programme: 'science' }),
      });
      reference = f.applications[0]!.reference;
      seasonId = f.seasonId;
      accessKey = await giveAccessKey(db, reference);
      const session = await send('POST', `/api/admin/entrance/seasons/${seasonId}/sessions`, {
        date: '2084-05-10',
        time: '10:30',
        minutes: 90,
        placeEn: 'Hall A',
        placeNe: 'हल क',
        capacity: 4,
        bringEn: 'This card and a pen.',
        bringNe: 'यो पत्र र कलम।',
        programmes: [f.science],
      });
      expect(session.status, await session.clone().text()).toBe(201);
    } finally {
      await db.destroy();
    }
    const seated = await send('POST', `/api/admin/entrance/seasons/${seasonId}/roll-numbers`, {});
    expect(seated.status, await seated.clone().text()).toBe(200);
    for (const prefix of ['', '/ne']) {
      const res = await fetch(`${server.url}${prefix}/admission/admit-card`, {
        method: 'POST',
        headers: { ...sameOrigin(server), 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ reference, access_key: accessKey }),
      });
      expect(res.status, prefix).toBe(200);
      const html = await res.text();
      const card = html.slice(html.indexOf('class="admit-card'));
      expect(card, prefix).toContain(`<img class="admit-card__logo" src="${logoMarkUrl(logoUrl)}"`);
      expect(card, prefix).toContain(prefix ? NAME.ne : NAME.en);
      expect(foundIn(html), prefix).toEqual([]);
    }
  });
});
