import { Link, redirect as redirectTo } from 'react-router';
import { NOTICE_CATEGORY_KEYS, isNoticeCategory } from '#common/notices/notice-category.ts';
import { NoticeCard } from '#app/components/notice-card.tsx';
import { Pager } from '#app/components/pager.tsx';
import { collegeNameOf, interfaceTextOf, pageMeta } from '#app/lib/seo.ts';
import { useSiteContent } from '#app/lib/site-content.ts';
import { languageOfPath, pathIn } from '#common/i18n/site-path.ts';
import pagesCss from '#app/styles/pages.css?inline';
import noticesCss from '#app/styles/notices.css?inline';
import { PageStyle } from '#app/components/page-style.tsx';
import type { Route } from './+types/notices';

export const meta: Route.MetaFunction = (args) => {
  const ui = interfaceTextOf(args.matches);
  return pageMeta(args, {
    title: ui.notices.heading,
    description: ui.meta.noticesDescription(collegeNameOf(args.matches)),
  });
};

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const query = url.searchParams;
  const redirect = (path: string) => redirectTo(pathIn(languageOfPath(url.pathname), path));
  const page = Number(query.get('page') ?? '1');
  const asked = query.get('category');
  const category = asked && isNoticeCategory(asked) ? asked : undefined;
  // An unknown category (an old or mistyped link): all notices.
  if (asked !== null && !category) throw redirect('/notices');
  const result = await context.services.notices.listPage(page, category);
  // A page past the end (notices were deleted since the link was made) or a bad number: start again.
  if (!result) throw redirect(category ? `/notices?category=${category}` : '/notices');
  return { ...result, category: category ?? null };
}

export default function Notices({ loaderData }: Route.ComponentProps) {
  const { notices, page, pageCount, category } = loaderData;
  const { ui, href } = useSiteContent();
  const listPath = href(category ? `/notices?category=${category}` : '/notices');
  return (
    <main id="main" tabIndex={-1} className="page">
      <PageStyle name="pages" css={pagesCss} />
      <PageStyle name="notices" css={noticesCss} />
      <div className="container">
        <header className="page__header">
          <h1>{ui.notices.heading}</h1>
          <p>{ui.notices.intro}</p>
        </header>
        <nav className="category-filter" aria-label={ui.notices.categoriesLabel}>
          <ul>
            {[null, ...NOTICE_CATEGORY_KEYS].map((key) => (
              <li key={key ?? 'all'}>
                <Link
                  to={href(key ? `/notices?category=${key}` : '/notices')}
                  aria-current={key === category ? 'page' : undefined}
                >
                  {key ? ui.notices.categories[key] : ui.notices.allCategories}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        {notices.length > 0 ? (
          <>
            <ul className="notice-grid notice-grid--page">
              {notices.map((notice) => (
                <li key={notice.id}>
                  <NoticeCard notice={notice} headingLevel={2} />
                </li>
              ))}
            </ul>
            <Pager
              path={listPath}
              page={page}
              pageCount={pageCount}
              label={ui.notices.pagesLabel}
              newer={ui.notices.newer}
              older={ui.notices.older}
            />
          </>
        ) : (
          <p className="empty-state">{ui.notices.empty}</p>
        )}
      </div>
    </main>
  );
}
