import { useActionData } from 'react-router';
import { refusalOf } from '#common/api-error.ts';
import { APPLICATION_STATES } from '#common/admission/application.ts';
import { ApplicationFiltersSchema, STATE_LABELS, filtersQuery } from '#common/admission/application-office.ts';
import { ApplicationFilters } from '#app/admission/components/office/applications/application-filters.tsx';
import { ApplicationTable } from '#app/admission/components/office/applications/application-table.tsx';
import { WriteStatus } from '#app/components/admin/write-status.tsx';
import { adminAction } from '#app/lib/admin/admin-action.server.ts';
import { requirePermission } from '#app/lib/admin/admin-guard.server.ts';
import { adminMeta } from '#app/lib/admin/admin-meta.ts';
import { changeSelectedStates } from '#app/admission/office/application-writes.server.ts';
import '#app/styles/admin-applications.css';
import type { Route } from './+types/applications';
import { AdminPager } from '#app/components/admin/admin-pager.tsx';

export const meta: Route.MetaFunction = ({ matches }) => adminMeta('Applications', matches);

export async function loader({ request, context }: Route.LoaderArgs) {
  const actor = await requirePermission(context, 'applications.read');
  const typed = Object.fromEntries(new URL(request.url).searchParams);
  // A filter the server refuses (a day that does not exist) is named, kept in the form, and the list shown unfiltered.
  const parsed = ApplicationFiltersSchema.safeParse(typed);
  const problem = parsed.success ? null : (parsed.error.issues[0]?.message ?? 'A filter is not valid.');
  const filters = parsed.success ? parsed.data : { season: typed.season ?? '' };
  const page = await context.services.applicationOffice.list(actor, filters).catch(async (err: unknown) => {
    // A season that no longer exists (or an id edited by hand): the newest season instead.
    const status = refusalOf(err)?.status;
    if (status === 404 || status === 400) return context.services.applicationOffice.list(actor, {});
    throw err;
  });
  // Documents accepted and still being drawn: the list can be worked meanwhile, their pages say which.
  const documents = await context.services.documentQueue.depth();
  return { page, typed, problem, documents };
}

/** '3 documents are being prepared (the oldest for 2 min)': the document queue's depth in the office's words. */
function preparingLine({ waiting, oldestSeconds }: { waiting: number; oldestSeconds: number | null }): string {
  const age =
    oldestSeconds === null
      ? ''
      : oldestSeconds < 60
        ? ' (the oldest for less than a minute)'
        : ` (the oldest for ${Math.round(oldestSeconds / 60)} min)`;
  return `${waiting === 1 ? '1 document is' : `${waiting} documents are`} being prepared${age}: each application's page shows its documents once they are ready.`;
}

export const action = (args: Route.ActionArgs) => adminAction(args, { bulk: changeSelectedStates });

export default function AdminApplications({ loaderData }: Route.ComponentProps) {
  const { page, typed, problem, documents } = loaderData;
  const query = (extra: Record<string, string>) => filtersQuery(page.filters, extra);
  const countsQuery = (state: string) => `?${filtersQuery({ ...page.filters, state: state as never })}`;
  return (
    <section className="admin-page" aria-labelledby="applications-title">
      <header className="admin-page__header">
        <div>
          <h1 id="applications-title">Applications{page.season ? ` ${page.season.name}` : ''}</h1>
          <p className="admin-page__lead">
            Applications sent online, newest first. Open one to see its documents, verify the fee and decide.
          </p>
          {documents.waiting > 0 ? <p className="applications-preparing">{preparingLine(documents)}</p> : null}
        </div>
      </header>
      <WriteStatus result={useActionData<typeof action>()} />
      {page.season ? (
        <>
          <ApplicationFilters page={page} typed={typed} problem={problem} />
          <nav className="applications-counts" aria-label="Applications by state">
            <a href={countsQuery('')} aria-current={page.filters.state === '' ? 'true' : undefined}>
              All <strong>{Object.values(page.counts).reduce((a, b) => a + b, 0)}</strong>
            </a>
            {APPLICATION_STATES.map((state) => (
              <a key={state} href={countsQuery(state)} aria-current={page.filters.state === state ? 'true' : undefined}>
                {STATE_LABELS[state]} <strong>{page.counts[state]}</strong>
              </a>
            ))}
          </nav>
          <p className="applications-total" role="status">
            {page.total === 1 ? '1 application' : `${page.total} applications`}
            {page.pageCount > 1 ? `, page ${page.page} of ${page.pageCount}` : ''}
            {' · '}
            Export: <a href={`/api/admin/applications/export.csv?${query({ layout: 'office' })}`}>office CSV</a>
            {' · '}
            <a href={`/api/admin/applications/export.csv?${query({ layout: 'neb' })}`}>NEB registration CSV</a>
          </p>
          <ApplicationTable page={page} />
          <AdminPager
            label="Pages of applications"
            page={page.page}
            pageCount={page.pageCount}
            href={(n) => `?${query({ page: String(n) })}`}
            previous="Previous"
            next="Next"
          />
        </>
      ) : (
        <p>There is no admission season yet: applications come once a season is published and open.</p>
      )}
    </section>
  );
}
