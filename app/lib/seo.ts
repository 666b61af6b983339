import { shareImage } from './fixed-pictures.ts';
import { localized, siteContentOf } from './site-content.ts';

interface MetaSource {
  location: { pathname: string };
  matches: ReadonlyArray<{ id: string; data?: unknown } | undefined>;
}

/** The site's absolute address, from the root loader (SITE_URL on the server). */
function siteUrlOf(matches: MetaSource['matches']): string {
  const data = matches.find((m) => m?.id === 'root')?.data as { siteUrl?: unknown } | undefined;
  return typeof data?.siteUrl === 'string' ? data.siteUrl : '';
}

/** The college's stored name in the page's language, for titles and descriptions. */
export function collegeNameOf(matches: MetaSource['matches']): string {
  const content = siteContentOf(matches);
  return content ? localized(content.site.college.name, content.lang) : '';
}

/** Title, description and Open Graph tags for a public page, rendered into the server HTML. */
export function pageMeta(
  args: MetaSource,
  page: { title: string; description: string; noindex?: boolean; titleIsComplete?: boolean },
) {
  const siteUrl = siteUrlOf(args.matches);
  const name = collegeNameOf(args.matches);
  const title = page.titleIsComplete || name === '' ? page.title : `${page.title} | ${name}`;
  return [
    { title },
    { name: 'description', content: page.description },
    ...(name ? [{ property: 'og:site_name', content: name }] : []),
    { property: 'og:title', content: title },
    { property: 'og:description', content: page.description },
    { property: 'og:type', content: 'website' },
    { property: 'og:url', content: `${siteUrl}${args.location.pathname}` },
    { property: 'og:image', content: `${siteUrl}${shareImage.src}` },
    { property: 'og:image:width', content: String(shareImage.width) },
    { property: 'og:image:height', content: String(shareImage.height) },
    { name: 'twitter:card', content: 'summary_large_image' },
    ...(page.noindex ? [{ name: 'robots', content: 'noindex' }] : []),
  ];
}
