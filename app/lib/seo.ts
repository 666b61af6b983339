import { type Catalogue, interfaceText } from '#common/i18n/catalogue.ts';
import { pathIn } from '#common/i18n/site-path.ts';
import { LISTING_PARAMETERS } from '#common/public-pages.ts';
import { SITE_LANGUAGES } from '#common/site-content/local-text.ts';
import { shareImageFor } from './fixed-pictures.ts';
import { localized, siteContentOf } from './site-content.ts';

interface MetaSource {
  location: { pathname: string; search?: string };
  matches: ReadonlyArray<{ id: string; data?: unknown } | undefined>;
}

/** The site's absolute address, from the root loader (SITE_URL on the server). */
export function siteUrlOf(matches: MetaSource['matches']): string {
  const data = matches.find((m) => m?.id === 'root')?.data as { siteUrl?: unknown } | undefined;
  return typeof data?.siteUrl === 'string' ? data.siteUrl : '';
}

/** An address as link previews need it: absolute, on the site unless it is already elsewhere (a CDN). */
export const absoluteUrl = (src: string, siteUrl: string): string =>
  /^https?:\/\//u.test(src) ? src : `${siteUrl}${src}`;

/** The college's stored name in the page's language, for titles and descriptions. */
export function collegeNameOf(matches: MetaSource['matches']): string {
  const content = siteContentOf(matches);
  return content ? localized(content.site.college.name, content.lang) : '';
}

/** The college's stored short name ('Orbit') in the page's language, for 'Life at …'. */
export function collegeShortNameOf(matches: MetaSource['matches']): string {
  const content = siteContentOf(matches);
  return content ? localized(content.site.college.shortName, content.lang) : '';
}

/** The page's own address for search engines: its path and the parameters that change what it lists. */
function pagePath({ pathname, search }: MetaSource['location']): string {
  const query = new URLSearchParams(search ?? '');
  const kept = new URLSearchParams();
  for (const name of LISTING_PARAMETERS) {
    const value = query.get(name);
    if (value !== null) kept.set(name, value);
  }
  const rest = kept.toString();
  return rest ? `${pathname}?${rest}` : pathname;
}

/**
 * The canonical address and the page in each language (hreflang), English the default for everyone else,
 * as absolute addresses.
 */
export function languageLinks(siteUrl: string, location: MetaSource['location']) {
  const path = pagePath(location);
  return [
    { tagName: 'link', rel: 'canonical', href: `${siteUrl}${path}` },
    ...SITE_LANGUAGES.map((lang) => ({
      tagName: 'link',
      rel: 'alternate',
      hrefLang: lang,
      href: `${siteUrl}${pathIn(lang, path)}`,
    })),
    { tagName: 'link', rel: 'alternate', hrefLang: 'x-default', href: `${siteUrl}${pathIn('en', path)}` },
  ];
}

/** The interface text in the page's language, for a route's meta function. */
export function interfaceTextOf(matches: MetaSource['matches']): Catalogue {
  return interfaceText(siteContentOf(matches)?.lang ?? 'en');
}

/** Title, description, Open Graph tags and language links for a public page, rendered into the server HTML. */
export function pageMeta(
  args: MetaSource,
  page: {
    title: string;
    description: string;
    noindex?: boolean;
    titleIsComplete?: boolean;
    /** The picture link previews show, with its size and words when known; the site's default one when none is given. */
    image?: { src: string; width?: number; height?: number; alt?: string };
    /** 'article' for a notice; 'website' by default. */
    type?: 'website' | 'article';
  },
) {
  const siteUrl = siteUrlOf(args.matches);
  const name = collegeNameOf(args.matches);
  const image = page.image ?? shareImageFor(siteContentOf(args.matches)?.site.college.name.en ?? '');
  const title = page.titleIsComplete || name === '' ? page.title : `${page.title} | ${name}`;
  return [
    { title },
    { name: 'description', content: page.description },
    ...(name ? [{ property: 'og:site_name', content: name }] : []),
    { property: 'og:title', content: title },
    { property: 'og:description', content: page.description },
    { property: 'og:type', content: page.type ?? 'website' },
    { property: 'og:url', content: `${siteUrl}${args.location.pathname}` },
    ...(image ? imageMeta(image, siteUrl) : []),
    { name: 'twitter:card', content: image ? 'summary_large_image' : 'summary' },
    ...(page.noindex ? [{ name: 'robots', content: 'noindex' }] : languageLinks(siteUrl, args.location)),
  ];
}

/** The link preview's picture: its absolute address, its size and its words when known. */
function imageMeta(image: { src: string; width?: number; height?: number; alt?: string }, siteUrl: string) {
  return [
    { property: 'og:image', content: absoluteUrl(image.src, siteUrl) },
    ...(image.width && image.height
      ? [
          { property: 'og:image:width', content: String(image.width) },
          { property: 'og:image:height', content: String(image.height) },
        ]
      : []),
    ...(image.alt ? [{ property: 'og:image:alt', content: image.alt }] : []),
  ];
}
