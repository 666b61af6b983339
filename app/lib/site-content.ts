import { useRouteLoaderData } from 'react-router';
import { type Catalogue, interfaceText } from '#common/i18n/catalogue.ts';
import { pathIn } from '#common/i18n/site-path.ts';
import { type LocalText, type SiteLanguage, localize } from '#common/site-content/local-text.ts';
import type { SiteContent } from '#common/site-content/site.ts';

/**
 * The college's content as the public pages show it: read by the public layout's loader from the database
 * (services.content.site(), cached per content version) and rendered on the server, so an admin's save
 * shows on the next page view and the browser makes no request of its own for it.
 */
export interface PublicSite {
  site: SiteContent;
  /** The language the page is in. */
  lang: SiteLanguage;
}

/** The public layout's route id, under which its loader data is found. */
export const PUBLIC_LAYOUT_ID = 'routes/public-layout';

/** The text in `lang`; an empty Nepali version shows the English one. */
export function localized(text: LocalText, lang: SiteLanguage): string {
  return localize(text, lang).text;
}

/** The address lines as one line: "Bharatpur-05, Bikash Chowk, Chitwan, Nepal". */
export const oneLineAddress = (site: SiteContent, lang: SiteLanguage): string =>
  site.college.addressLines.map((line) => localized(line, lang)).join(', ');

export interface PageLanguage {
  /** The page's interface text (common/i18n). */
  ui: Catalogue;
  /** A content text in the page's language; an empty Nepali version shows the English one. */
  t: (text: LocalText) => string;
  /** The language a content text is shown in, for `lang` on its element when it differs from the page's. */
  langOf: (text: LocalText) => SiteLanguage | undefined;
  /** A site address ('/notices') in the page's language ('/ne/notices' on Nepali pages). */
  href: (path: string) => string;
}

/** The college's content and text helpers bound to the page's language, for any component of a public page. */
export function useSiteContent(): PublicSite & PageLanguage {
  const data = useRouteLoaderData<PublicSite>(PUBLIC_LAYOUT_ID);
  if (!data) throw new Error('The site content is read by the public layout: render this inside a public page.');
  return { ...data, ...pageLanguage(data.lang) };
}

/** The same helpers for a language, outside React. */
export function pageLanguage(lang: SiteLanguage): PageLanguage {
  return {
    ui: interfaceText(lang),
    t: (text) => localized(text, lang),
    langOf: (text) => {
      const shown = localize(text, lang).lang;
      return shown === lang ? undefined : shown;
    },
    href: (path) => pathIn(lang, path),
  };
}

/** The same, for a route's meta function (which runs outside React), or null when the layout did not load. */
export function siteContentOf(matches: ReadonlyArray<{ id: string; data?: unknown } | undefined>): PublicSite | null {
  const data = matches.find((m) => m?.id === PUBLIC_LAYOUT_ID)?.data as PublicSite | undefined;
  return data?.site ? data : null;
}
