import { redirect } from 'react-router';
import { NoticeCard } from '#app/components/notice-card.tsx';
import { Pager } from '#app/components/pager.tsx';
import { collegeNameOf, pageMeta } from '#app/lib/seo.ts';
import pagesCss from '#app/styles/pages.css?inline';
import { PageStyle } from '#app/components/page-style.tsx';
import type { Route } from './+types/notices';

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: 'Notices',
    description: `Notices from ${collegeNameOf(args.matches)}, Bharatpur: admissions, examinations, holidays and events, newest first.`,
  });

export async function loader({ request, context }: Route.LoaderArgs) {
  const page = Number(new URL(request.url).searchParams.get('page') ?? '1');
  const result = await context.services.notices.listPage(page);
  // A page past the end (notices were deleted since the link was made) or a bad number: start again.
  if (!result) throw redirect('/notices');
  return result;
}

export default function Notices({ loaderData }: Route.ComponentProps) {
  const { notices, page, pageCount } = loaderData;
  return (
    <main id="main" tabIndex={-1} className="page">
      <PageStyle name="pages" css={pagesCss} />
      <div className="container">
        <header className="page__header">
          <h1>Notices</h1>
          <p>News from the college office, newest first.</p>
        </header>
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
              path="/notices"
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
