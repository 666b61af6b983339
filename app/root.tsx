import { type CSSProperties, type ReactNode, useEffect } from 'react';
import {
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  type ShouldRevalidateFunction,
  type UIMatch,
  isRouteErrorResponse,
  useMatches,
  useRouteLoaderData,
} from 'react-router';
import { SITE_SCRIPT_LOADER } from '#common/site-script-loader.ts';
import { DEFAULT_BRAND_COLOURS, brandVariables } from '#common/site-content/brand-colours.ts';
import './lib/zod-browser-config.ts';
import { interfaceText } from '#common/i18n/catalogue.ts';
import { pathIn } from '#common/i18n/site-path.ts';
import { routePattern } from '#common/vitals/vitals-sampling.ts';
import { isChunkLoadError } from './lib/chunk-error.ts';
import { needsClientRuntime } from './lib/client-runtime.ts';
import { motionVariables } from './lib/motion.ts';
import { useNonce } from './lib/nonce.ts';
import { PUBLIC_LAYOUT_ID, type PublicSite, localized } from './lib/site-content.ts';
import appCss from './styles/app.css?inline';
import { PageStyle } from './components/page-style.tsx';
import type { Route } from './+types/root';

/**
 * The site's absolute address, for Open Graph URLs in each page's meta, and the college's look: its two
 * colours and whether it has a logo of its own (the favicon is then drawn from it).
 */
export async function loader({ context }: Route.LoaderArgs) {
  const { college } = await context.services.content.site();
  return { siteUrl: context.siteUrl, colours: college.colours, hasLogo: college.logo !== null };
}

// Only an admin's write can change the look (the colours on the College page): navigation never asks again.
export const shouldRevalidate: ShouldRevalidateFunction = ({ formMethod, defaultShouldRevalidate }) =>
  formMethod !== undefined && formMethod !== 'GET' && defaultShouldRevalidate;

/** The route pattern a page load is measured under: the matched route's, so no visitor-typed path is sent. */
function measuredRoute(matches: UIMatch[]): string {
  const leaf = matches[matches.length - 1];
  return leaf ? routePattern(leaf.pathname, leaf.params) : '/';
}

/**
 * The document of every page. React Router's scripts (module preloads, hydration data, scroll restoration)
 * are written only when a matched route asks for the client runtime (app/lib/client-runtime.ts): the admin
 * app and its login page. The public pages instead get the small site script, which also starts the
 * sampled web-vitals beacon (the admin pages are not measured: admins are not the visitors the figures are
 * for). Public HTML thus has no inline script and no nonce, so it can be cached and shared.
 */
export function Layout({ children }: { children: ReactNode }) {
  const matches = useMatches();
  const clientRuntime = needsClientRuntime(matches.map((match) => match.handle));
  const nonce = useNonce();
  // Effects run only in a hydrated document, so this is a page without the runtime that the admin app rendered
  // in the browser (logout goes to /): load it as a document, with its own script, like every other visit.
  useEffect(() => {
    if (!clientRuntime) window.location.reload();
  }, [clientRuntime]);
  const publicSite = useRouteLoaderData<PublicSite>(PUBLIC_LAYOUT_ID);
  const look = useRouteLoaderData<typeof loader>('root');
  const colours = look?.colours ?? DEFAULT_BRAND_COLOURS;
  // The colours reach every stylesheet as custom properties on <html> (an inline style, which the pages'
  // Content-Security-Policy allows), so a change shows on the next page without a new stylesheet.
  const style = { ...motionVariables, ...brandVariables(colours) } as CSSProperties;
  return (
    <html lang={publicSite?.lang ?? 'en'} style={style}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content={colours.main} />
        {look?.hasLogo ? (
          <link rel="icon" href="/favicon.png" sizes="32x32" type="image/png" />
        ) : (
          <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
        )}
        <link rel="apple-touch-icon" href="/apple-touch-icon.png" />
        <link rel="manifest" href="/manifest.webmanifest" />
        <Meta />
        <PageStyle name="app" css={appCss} />
        <Links />
      </head>
      <body>
        {children}
        {clientRuntime ? (
          <>
            <ScrollRestoration nonce={nonce} />
            <Scripts nonce={nonce} />
          </>
        ) : (
          // The enhancements (banner, menu, facades) are fetched after the first paint, so not even their
          // small file shares the slow link with the page (common/site-script-loader.ts).
          <script
            data-src={import.meta.env.SITE_SCRIPT}
            data-vitals-route={measuredRoute(matches)}
            dangerouslySetInnerHTML={{ __html: SITE_SCRIPT_LOADER }}
          />
        )}
      </body>
    </html>
  );
}

export default function App() {
  return <Outlet />;
}

/** A page's title with the college's stored name after it, when the public layout has read it. */
function useTitle(heading: string): string {
  const content = useRouteLoaderData<PublicSite>(PUBLIC_LAYOUT_ID);
  return content ? `${heading} | ${localized(content.site.college.name, content.lang)}` : heading;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  const lang = useRouteLoaderData<PublicSite>(PUBLIC_LAYOUT_ID)?.lang ?? 'en';
  const ui = interfaceText(lang);
  const heading = notFound ? ui.notFound.title : ui.error.heading;
  const newVersion = 'A newer version of the site is available';
  const title = useTitle(isChunkLoadError(error) ? newVersion : heading);
  if (isChunkLoadError(error)) {
    return (
      <main className="error-page">
        <title>{title}</title>
        <h1>{newVersion}</h1>
        <p>The site was updated while you had it open. Reload the page to continue.</p>
        <button type="button" className="btn btn--primary" onClick={() => window.location.reload()}>
          Reload
        </button>
      </main>
    );
  }
  return (
    <main className="error-page">
      <title>{title}</title>
      <h1>{heading}</h1>
      <p>{notFound ? ui.error.notFoundText : ui.error.text}</p>
      <a className="btn btn--primary" href={pathIn(lang, '/')}>
        {ui.error.home}
      </a>
    </main>
  );
}
