import { data, isRouteErrorResponse, redirect, useLocation, useRouteError } from 'react-router';
import { NotFoundContent } from '#app/components/not-found-content.tsx';
import { NoticeAttachments } from '#app/components/notice-attachments.tsx';
import { formatDateIn } from '#common/i18n/dates.ts';
import { PageStyle } from '#app/components/page-style.tsx';
import { linkify } from '#app/lib/linkify.tsx';
import { interfaceTextOf, pageMeta } from '#app/lib/seo.ts';
import { useSiteContent } from '#app/lib/site-content.ts';
import { noticePath } from '#common/notices/notice-path.ts';
import { languageOfPath, pathIn } from '#common/i18n/site-path.ts';
import { noticeMeta } from '#app/lib/notice-meta.ts';
import { noticeQrSvg } from '#app/lib/notice-qr.server.ts';
import { NoticeShare } from '#app/components/notice-share.tsx';
import { NoticePrintFoot, NoticePrintHead } from '#app/components/notice-print.tsx';
import noticesCss from '#app/styles/notices.css?inline';
import pagesCss from '#app/styles/pages.css?inline';
import type { Route } from './+types/notice';

/**
 * A notice's own page: the id resolves it (the slug after it is only for people); a scheduled one is not there
 * yet. A slug that is not the title's (an old title, a mistyped or made-up one) moves permanently to the
 * notice's address, so each notice has one address per language.
 */
export async function loader({ params, context, request }: Route.LoaderArgs) {
  const notice = await context.services.notices.getPublished(params.id);
  if (!notice) throw data(null, { status: 404 });
  const lang = languageOfPath(new URL(request.url).pathname);
  const address = pathIn(lang, noticePath(notice));
  if (params.slug !== undefined && !address.endsWith(`/${notice.id}/${params.slug}`)) throw redirect(address, 301);
  // Shared with its readable slug; printed with the id alone, the part that stays when the title is edited.
  // Both in the page's language: a shared link shows what its sender saw.
  const permalink = `${context.siteUrl}${pathIn(lang, `/notices/${notice.id}`)}`;
  return { notice, shareUrl: `${context.siteUrl}${address}`, permalink, qr: await noticeQrSvg(permalink) };
}

export const meta: Route.MetaFunction = (args) => {
  const notice = args.loaderData?.notice;
  const ui = interfaceTextOf(args.matches);
  if (!notice)
    return pageMeta(args, {
      title: ui.notices.notFoundTitle,
      description: ui.notices.notFoundDescription,
      noindex: true,
    });
  return noticeMeta(args, notice);
};

/**
 * A notice that does not exist (a mistyped or deleted permalink) or is not published yet gets the site's
 * 404 page inside its navigation; any other fault goes on to the site's error page.
 */
export function ErrorBoundary() {
  const error = useRouteError();
  const { pathname } = useLocation();
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundContent path={pathname} />;
  throw error;
}

export default function NoticePage({ loaderData }: Route.ComponentProps) {
  const { notice, shareUrl, permalink, qr } = loaderData;
  const { lang, ui } = useSiteContent();
  const date = formatDateIn(lang, notice.publishAt);
  return (
    <main id="main" tabIndex={-1} className="page">
      <PageStyle name="pages" css={pagesCss} />
      <PageStyle name="notices" css={noticesCss} />
      <article className="container notice-page" lang={notice.language}>
        <NoticePrintHead />
        <header className="page__header">
          <p className="notice-card__meta">
            <span className="notice-badge">{ui.notices.categories[notice.category]}</span>
            <time dateTime={notice.publishAt}>{date}</time>
          </p>
          <h1>{notice.title}</h1>
          {notice.referenceNo ? (
            <p>
              {ui.notices.referenceNo} {notice.referenceNo}
            </p>
          ) : null}
        </header>
        <p className="notice-page__text">{linkify(notice.description)}</p>
        {notice.link ? (
          <p>
            <a href={notice.link} target="_blank" rel="noopener noreferrer">
              {ui.notices.openLink}
              <span className="sr-only">{ui.common.opensInNewTab}</span>
            </a>
          </p>
        ) : null}
        <NoticeAttachments attachments={notice.attachments} title={notice.title} words={ui.noticePage} />
        <NoticeShare title={notice.title} url={shareUrl} />
        <NoticePrintFoot permalink={permalink} qrSvg={qr} referenceNo={notice.referenceNo} date={date} />
      </article>
    </main>
  );
}
