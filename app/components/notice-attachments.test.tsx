import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { Attachment } from '#common/notices/notice-attachments.ts';
import { interfaceText } from '#common/i18n/catalogue.ts';
import type { SiteLanguage } from '#common/site-content/local-text.ts';
import { NoticeAttachments } from './notice-attachments.tsx';

const picture = (id: string) => ({
  width: 800,
  height: 1131,
  src: `/attachments/${id}/abc-480.jpg`,
  srcWidth: 480,
  srcHeight: 679,
  full: `/attachments/${id}/abc-800.jpg`,
  srcset: {
    avif: `/attachments/${id}/abc-480.avif 480w`,
    webp: `/attachments/${id}/abc-480.webp 480w`,
    jpeg: `/attachments/${id}/abc-480.jpg 480w`,
  },
});

const pdf: Attachment = {
  id: 'p1',
  kind: 'pdf',
  url: '/attachments/p1/exam-routine.pdf',
  bytes: 1.2 * 1024 * 1024,
  pages: 3,
  picture: picture('p1'),
};
const scan: Attachment = {
  id: 's1',
  kind: 'image',
  url: '/attachments/s1/abc-800.jpg',
  bytes: 300_000,
  pages: null,
  picture: picture('s1'),
};

const render = (attachments: Attachment[], lang: SiteLanguage = 'en') =>
  renderToStaticMarkup(
    <NoticeAttachments attachments={attachments} title="Exam routine" words={interfaceText(lang).noticePage} />,
  );

describe('NoticeAttachments', () => {
  it('shows nothing for a notice without files', () => {
    expect(render([])).toBe('');
  });

  it('shows a PDF as its first page linking to the file, a download link with its size, and its name and pages', () => {
    const html = render([pdf]);
    expect(html).toMatch(/<a class="notice-attachments__preview" href="\/attachments\/p1\/exam-routine.pdf">/u);
    expect(html).toContain('alt="First page of the PDF of Exam routine"');
    expect(html).toMatch(
      /<a class="button notice-attachments__download" href="\/attachments\/p1\/exam-routine.pdf" download="">Download PDF \(1.2 MB\)<\/a>/u,
    );
    expect(html).toContain('exam-routine.pdf, 3 pages');
  });

  it('leaves the page count out when it is not known, and says "page" for one', () => {
    expect(render([{ ...pdf, pages: null }])).toContain('>exam-routine.pdf</p>');
    expect(render([{ ...pdf, pages: 1 }])).toContain('exam-routine.pdf, 1 page<');
  });

  it('shows a scan as a responsive picture that opens the full-size file, in plain links (no script needed)', () => {
    const html = render([pdf, scan]);
    expect(html).toContain('<source type="image/avif" srcSet="/attachments/s1/abc-480.avif 480w"');
    expect(html).toMatch(/href="\/attachments\/s1\/abc-800.jpg">Open full size/u);
    expect(html).toContain('alt="Scan of Exam routine, 2 of 2"');
    expect(html).not.toContain('onclick');
  });

  it('speaks Nepali on a Nepali page, with Devanagari digits', () => {
    const html = render([pdf, scan], 'ne');
    expect(html).toContain('aria-label="संलग्न फाइलहरू"');
    expect(html).toContain('PDF डाउनलोड गर्नुहोस् (१.२ MB)');
    expect(html).toContain('exam-routine.pdf, ३ पृष्ठ');
    expect(html).toContain('alt="Exam routine: स्क्यान गरिएको प्रति, २ मध्ये २"');
    expect(html).toContain('पूरा आकारमा खोल्नुहोस्');
    expect(html).not.toMatch(/Download|Open full size|First page/u);
  });
});
