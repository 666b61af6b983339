import { describe, expect, it } from 'vitest';
import type { Notice } from '#common/notices/notice.ts';
import { shareLinks } from '#app/components/notice-share.tsx';
import { noticeLd } from './structured-data.ts';

const notice: Notice = {
  id: 'n1',
  title: 'Exam & "results"',
  description: 'Results of the first term are out.',
  link: null,
  createdDate: '2026-11-22T04:15:00.000Z',
  category: 'result',
  referenceNo: null,
  publishAt: '2026-11-22T04:15:00.000Z',
  pinnedUntil: null,
  pinned: false,
  scheduled: false,
  attachments: [],
  language: 'en',
  updatedAt: '2026-11-23T06:30:00.000Z',
};

describe('noticeLd', () => {
  it('describes a notice as a NewsArticle with its headline, publish time and last edit', () => {
    expect(noticeLd(notice, 'https://x.np/notices/n1', 'Orbit College', 'https://x.np/og.jpg')).toEqual({
      '@context': 'https://schema.org',
      '@type': 'NewsArticle',
      headline: 'Exam & "results"',
      description: 'Results of the first term are out.',
      datePublished: '2026-11-22T04:15:00.000Z',
      dateModified: '2026-11-23T06:30:00.000Z',
      url: 'https://x.np/notices/n1',
      mainEntityOfPage: 'https://x.np/notices/n1',
      image: ['https://x.np/og.jpg'],
      author: { '@type': 'EducationalOrganization', name: 'Orbit College' },
      publisher: { '@type': 'EducationalOrganization', name: 'Orbit College' },
    });
  });
});

describe('shareLinks', () => {
  it('puts the title and the address, encoded, into each messenger link', () => {
    const links = shareLinks('Fees & dates?', 'https://x.np/notices/n1/fees');
    const text = 'Fees%20%26%20dates%3F%20https%3A%2F%2Fx.np%2Fnotices%2Fn1%2Ffees';
    expect(links.map((l) => [l.name, l.href])).toEqual([
      ['WhatsApp', `https://wa.me/?text=${text}`],
      ['Viber', `viber://forward?text=${text}`],
      ['Facebook', 'https://www.facebook.com/sharer/sharer.php?u=https%3A%2F%2Fx.np%2Fnotices%2Fn1%2Ffees'],
    ]);
  });
});
