import { describe, expect, it } from 'vitest';
import type { Notice } from '#common/notices/notice.ts';
import type { Attachment } from '#common/notices/notice-attachments.ts';
import { shareImage } from './fixed-pictures.ts';
import { noticeMeta } from './notice-meta.ts';
import { PUBLIC_LAYOUT_ID } from './site-content.ts';

const SITE = 'https://www.orbit.edu.np';
/** A notice page's matches: the root's site address and the public layout's college name. */
const argsFor = (name: { en: string; ne: string }) => ({
  location: { pathname: '/notices/n1/exam-routine' },
  matches: [
    { id: 'root', data: { siteUrl: SITE } },
    { id: PUBLIC_LAYOUT_ID, data: { site: { college: { name } }, lang: 'en' } },
  ],
});
const args = argsFor({ en: 'Orbit College', ne: 'अर्बिट कलेज' });

const attachment = (kind: Attachment['kind']): Attachment => ({
  id: 'a1',
  kind,
  url: '/attachments/a1/exam-routine.pdf',
  bytes: 120_000,
  pages: kind === 'pdf' ? 2 : null,
  picture: {
    width: 800,
    height: 1035,
    src: '/attachments/a1/abc-480.jpg',
    srcWidth: 480,
    srcHeight: 621,
    full: '/attachments/a1/abc-800.jpg',
    srcset: { avif: '', webp: '', jpeg: '' },
  },
});

const notice = (attachments: Attachment[]): Notice => ({
  id: 'n1',
  title: 'Exam routine',
  description: 'The routine of the first term examination is out.',
  link: null,
  createdDate: '2026-11-22T04:15:00.000Z',
  category: 'examination',
  referenceNo: null,
  publishAt: '2026-11-22T04:15:00.000Z',
  pinnedUntil: null,
  pinned: false,
  scheduled: false,
  attachments,
  language: 'en',
  updatedAt: '2026-11-23T06:30:00.000Z',
});

/** The Open Graph and article properties of a meta list, by name. */
const properties = (meta: ReturnType<typeof noticeMeta>) =>
  Object.fromEntries(
    meta.flatMap((m) => ('property' in m && 'content' in m ? [[String(m.property), String(m.content)]] : [])),
  );

describe('noticeMeta', () => {
  it("gives link previews the first attachment's picture with its size and what it shows", () => {
    const og = properties(noticeMeta(args, notice([attachment('pdf'), attachment('image')])));
    expect(og).toMatchObject({
      'og:image': `${SITE}/attachments/a1/abc-480.jpg`,
      'og:image:width': '480',
      'og:image:height': '621',
      'og:image:alt': 'First page of the PDF of Exam routine',
    });
    expect(properties(noticeMeta(args, notice([attachment('image')])))['og:image:alt']).toBe('Scan of Exam routine');
  });

  it("gives the site's share picture, 1200 × 630 with its words, to a notice without attachments", () => {
    const og = properties(noticeMeta(args, notice([])));
    expect(og).toMatchObject({
      'og:image': `${SITE}${shareImage.src}`,
      'og:image:width': '1200',
      'og:image:height': '630',
      'og:image:alt': shareImage.alt,
    });
    expect(shareImage.alt).toMatch(/Orbit College/u);
  });

  it('gives no picture of the demo college to a notice of a college by another name', () => {
    const meta = noticeMeta(argsFor({ en: 'Sunrise Academy', ne: 'सनराइज एकेडेमी' }), notice([]));
    const og = properties(meta);
    expect(og['og:image']).toBeUndefined();
    expect(og['og:image:alt']).toBeUndefined();
    expect(meta).toContainEqual({ name: 'twitter:card', content: 'summary' });
    expect(JSON.stringify(meta).replaceAll(SITE, '')).not.toMatch(/orbit/iu);
  });

  it('says when the notice was published and when it last changed', () => {
    const og = properties(noticeMeta(args, notice([])));
    expect(og).toMatchObject({
      'article:published_time': '2026-11-22T04:15:00.000Z',
      'article:modified_time': '2026-11-23T06:30:00.000Z',
    });
  });
});
