import { Link, redirect, useActionData } from 'react-router';
import { SeasonDetailsForm } from '#app/admission/components/office/seasons/season-details-form.tsx';
import { adminAction } from '#app/lib/admin/admin-action.server.ts';
import { requirePermission } from '#app/lib/admin/admin-guard.server.ts';
import { adminMeta } from '#app/lib/admin/admin-meta.ts';
import { createSeason } from '#app/admission/office/season-writes.server.ts';
import { bsYearsAround } from '#app/lib/bs-date-input.ts';
import { formatBsStringIn } from '#common/i18n/dates.ts';
import '#app/styles/admin-seasons.css';
import type { Route } from './+types/seasons';

export const meta: Route.MetaFunction = ({ matches }) => adminMeta('Admission seasons', matches);

export async function loader({ context }: Route.LoaderArgs) {
  const actor = await requirePermission(context, 'seasons.edit');
  const seasons = await context.services.seasons.list(actor);
  return { seasons, years: bsYearsAround(context.services.clock.now(), 1, 2) };
}

/** A season once created opens on its own page, where its programmes and scholarships are added. */
export async function action(args: Route.ActionArgs) {
  const answer = await adminAction(args, { 'create-season': createSeason });
  if (answer.data.ok && answer.data.created) throw redirect(`/admin/seasons/${answer.data.created}`);
  return answer;
}

/** Every admission season, newest opening first, and the form that starts a new one. */
export default function SeasonsPage({ loaderData }: Route.ComponentProps) {
  const { seasons, years } = loaderData;
  const pageResult = useActionData<typeof action>();
  return (
    <section className="admin-page" aria-labelledby="seasons-title">
      <header className="admin-page__header">
        <div>
          <h1 id="seasons-title">Admission seasons</h1>
          <p className="admin-page__lead">
            Dates in B.S. (the A.D. beside), programmes, seats, fees and scholarships. A published season moves the
            admission status by its dates.
          </p>
        </div>
      </header>
      {seasons.length > 0 ? (
        <ul className="season-list">
          {seasons.map((s) => (
            <li key={s.id} className="admin-panel">
              <h2>
                <Link to={`/admin/seasons/${s.id}`}>Season {s.name}</Link>
              </h2>
              <p>
                {formatBsStringIn('en', s.opensOn)} to {formatBsStringIn('en', s.closesOn)}
              </p>
              <p>
                {s.publishedAt ? 'Published' : 'Draft'}
                {s.state ? ` · the public sees ${s.state.status}` : ''}
              </p>
            </li>
          ))}
        </ul>
      ) : (
        <p>No season yet. Create the next one below.</p>
      )}
      <h2>New season</h2>
      <SeasonDetailsForm season={null} years={years} pageResult={pageResult} />
    </section>
  );
}
