import { Outlet } from 'react-router';
import { PUBLIC_CACHE_CONTROL } from '#common/http-cache.ts';
import { RSS_PATH } from '#common/public-pages.ts';
import { SiteFooter } from '#app/components/site-footer.tsx';
import { SiteHeader } from '#app/components/site-header.tsx';
import siteCss from '#app/styles/site.css?inline';
import { PageStyle } from '#app/components/page-style.tsx';
import { type PublicSite, useSiteContent } from '#app/lib/site-content.ts';
import { languageOfPath } from '#common/i18n/site-path.ts';
import type { Route } from './+types/public-layout';

/**
 * Public pages are the same for every visitor: the server keeps each one in its render cache, a browser
 * revalidates it (304 while unchanged) and a CDN may keep it for a minute. A page that must not be shared
 * (one carrying a form token) says so in its own `headers`.
 */
export const headers = () => ({ 'Cache-Control': PUBLIC_CACHE_CONTROL });

/** Every public page names the notices' feed, so a feed reader finds it from any of them. */
export const links: Route.LinksFunction = () => [
  { rel: 'alternate', type: 'application/rss+xml', href: RSS_PATH, title: 'Notices' },
];

/**
 * The college's content for every public page and its components (useSiteContent), read from the database
 * once per content version: an admin's save shows on the next page view.
 */
export async function loader({ request, context }: Route.LoaderArgs): Promise<PublicSite> {
  return { site: await context.services.content.site(), lang: languageOfPath(new URL(request.url).pathname) };
}

/** Every public page, in English at its address or in Nepali under /ne: navigation bar, the page, footer. */
export default function PublicLayout() {
  const { ui } = useSiteContent();
  return (
    <>
      <PageStyle name="site" css={siteCss} />
      <a className="skip-link" href="#main">
        {ui.nav.skipToContent}
      </a>
      <SiteHeader />
      <Outlet />
      <SiteFooter />
    </>
  );
}
