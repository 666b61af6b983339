import { useRouteLoaderData } from 'react-router';
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

/** The college's content and a text helper bound to the page's language, for any component of a public page. */
export function useSiteContent(): PublicSite & { t: (text: LocalText) => string } {
  const data = useRouteLoaderData<PublicSite>(PUBLIC_LAYOUT_ID);
  if (!data) throw new Error('The site content is read by the public layout: render this inside a public page.');
  return { ...data, t: (text) => localized(text, data.lang) };
}

/** The same, for a route's meta function (which runs outside React), or null when the layout did not load. */
export function siteContentOf(matches: ReadonlyArray<{ id: string; data?: unknown } | undefined>): PublicSite | null {
  const data = matches.find((m) => m?.id === PUBLIC_LAYOUT_ID)?.data as PublicSite | undefined;
  return data?.site ? data : null;
}
