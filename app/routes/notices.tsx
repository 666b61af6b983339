import { Link, redirect } from 'react-router';
import { NOTICE_CATEGORIES, isNoticeCategory } from '#common/notice-category.ts';
import { NoticeCard } from '#app/components/notice-card.tsx';
import { Pager } from '#app/components/pager.tsx';
import { collegeNameOf, pageMeta } from '#app/lib/seo.ts';
import pagesCss from '#app/styles/pages.css?inline';
import noticesCss from '#app/styles/notices.css?inline';
import { PageStyle } from '#app/components/page-style.tsx';
import type { Route } from './+types/notices';

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: 'Notices',
    description: `Notices from ${collegeNameOf(args.matches)}, Bharatpur: admissions, examinations, holidays and events, newest first.`,
  });

export async function loader({ request, context }: Route.LoaderArgs) {
  const query = new URL(request.url).searchParams;
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
  return (
    <main id="main" tabIndex={-1} className="page">
      <PageStyle name="pages" css={pagesCss} />
      <PageStyle name="notices" css={noticesCss} />
      <div className="container">
        <header className="page__header">
          <h1>Notices</h1>
          <p>News from the college office, newest first.</p>
        </header>
        <nav className="category-filter" aria-label="Notice categories">
          <ul>
            {[{ key: null, label: 'All' }, ...NOTICE_CATEGORIES].map((c) => (
              <li key={c.key ?? 'all'}>
                <Link
                  to={c.key ? `/notices?category=${c.key}` : '/notices'}
                  aria-current={c.key === category ? 'page' : undefined}
                >
                  {c.label}
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
              path={category ? `/notices?category=${category}` : '/notices'}
              page={page}
              pageCount={pageCount}
              label="Notice pages"
              newer="Newer notices"
              older="Older notices"
            />
          </>
        ) : (
          <p className="empty-state">There are no notices at the moment. Please check again soon.</p>
        )}
      </div>
    </main>
  );
}
