import type { Notice } from '#common/notices/notice.ts';
import { noticePath } from '#common/notices/notice-path.ts';
import { languageOfPath, pathIn } from '#common/i18n/site-path.ts';
import { absoluteUrl, collegeNameOf, interfaceTextOf, pageMeta, siteUrlOf } from './seo.ts';
import { shareImageFor } from './fixed-pictures.ts';
import { siteContentOf } from './site-content.ts';
import { noticeLd } from './structured-data.ts';

interface MetaArgs {
  location: { pathname: string };
  matches: ReadonlyArray<{ id: string; data?: unknown } | undefined>;
}

/** The first words of a notice, for its description in search results and link previews. */
export const noticeSummary = (notice: Notice): string => notice.description.split(/\s+/u).slice(0, 30).join(' ');

/**
 * A notice page's head: its title and summary, Open Graph as an article with the first attachment's
 * picture (a PDF's first page or the scan; the site's picture when it has none), so a link pasted into
 * Facebook or WhatsApp shows the notice itself, and its NewsArticle JSON-LD.
 */
export function noticeMeta(args: MetaArgs, notice: Notice) {
  const siteUrl = siteUrlOf(args.matches);
  const first = notice.attachments[0];
  const image = first
    ? {
        src: first.picture.src,
        width: first.picture.srcWidth,
        height: first.picture.srcHeight,
        alt: interfaceTextOf(args.matches).noticePage.pictureAlt(first.kind, notice.title),
      }
    : shareImageFor(siteContentOf(args.matches)?.site.college.name.en ?? '');
  return [
    ...pageMeta(args, {
      title: notice.title,
      description: noticeSummary(notice),
      image: image ?? undefined,
      type: 'article',
    }),
    { property: 'article:published_time', content: notice.publishAt },
    { property: 'article:modified_time', content: notice.updatedAt },
    {
      'script:ld+json': noticeLd(
        notice,
        `${siteUrl}${pathIn(languageOfPath(args.location.pathname), noticePath(notice))}`,
        collegeNameOf(args.matches),
        image ? absoluteUrl(image.src, siteUrl) : null,
      ),
    },
  ];
}
