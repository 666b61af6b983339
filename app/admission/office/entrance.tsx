import { Form, Link, useActionData } from 'react-router';
import { useBeforeEntrance } from '#app/admission/components/office/before-entrance.tsx';
import { EntranceSessionForm } from '#app/admission/components/office/entrance/session-form.tsx';
import { SeasonTabs } from '#app/admission/components/office/season-tabs.tsx';
import { UploadFileField } from '#app/components/admin/use-upload-with-progress.tsx';
import { WriteStatus } from '#app/components/admin/write-status.tsx';
import { adminAction } from '#app/lib/admin/admin-action.server.ts';
import { requirePermission } from '#app/lib/admin/admin-guard.server.ts';
import { adminMeta } from '#app/lib/admin/admin-meta.ts';
import { bsYearsAround } from '#app/lib/bs-date-input.ts';
import {
  assignRollNumbers,
  createEntranceSession,
  importEntranceMarks,
} from '#app/admission/office/entrance-writes.server.ts';
import { MARKS_CSV_LIMIT } from '#common/admission/entrance.ts';
import { formatDateIn } from '#common/i18n/dates.ts';
import '#app/styles/admin-entrance.css';
import type { Route } from './+types/entrance';

export const meta: Route.MetaFunction = ({ matches }) => adminMeta('Entrance examination', matches);

export async function loader({ request, context }: Route.LoaderArgs) {
  const actor = await requirePermission(context, 'entrance.manage');
  const season = new URL(request.url).searchParams.get('season') ?? undefined;
  const overview = await context.services.entrance.overview(actor, season || undefined);
  return { overview, years: bsYearsAround(context.services.clock.now(), 0, 1) };
}

export const action = (args: Route.ActionArgs) =>
  adminAction(args, {
    'create-session': createEntranceSession,
    'assign-roll-numbers': assignRollNumbers,
    'check-marks': importEntranceMarks(false),
    'import-marks': importEntranceMarks(true),
  });

/** A season's entrance: its sessions, the roll numbers, and the import of marks from a CSV file. */
export default function EntrancePage({ loaderData }: Route.ComponentProps) {
  const { overview, years } = loaderData;
  const result = useActionData<typeof action>();
  const { season, sessions, programmes } = overview;
  const programmeName = (id: string) => programmes.find((p) => p.id === id)?.nameEn ?? '';
  const ask = useBeforeEntrance(overview.beforeEntrance, 'Yes, import the marks before the entrance date');
  return (
    <section className="admin-page" aria-labelledby="entrance-title">
      <header className="admin-page__header">
        <div>
          <h1 id="entrance-title">Entrance examination{season ? ` ${season.name}` : ''}</h1>
          <p className="admin-page__lead">
            Sessions of the entrance test, roll numbers and admit cards for applications whose documents and fee are
            verified, and the marks.
          </p>
        </div>
      </header>
      <SeasonTabs seasons={overview.seasons} currentId={season?.id} />
      <WriteStatus result={result} />
      {!season ? (
        <p>There is no admission season yet.</p>
      ) : (
        <>
          <h2>Sessions</h2>
          {sessions.length === 0 ? (
            <p>No session yet: add one below.</p>
          ) : (
            <div className="entrance-table-wrap">
              <table className="entrance-table">
                <thead>
                  <tr>
                    <th scope="col">When</th>
                    <th scope="col">Place</th>
                    <th scope="col">Programmes</th>
                    <th scope="col">Seated</th>
                    <th scope="col">Cards not opened</th>
                  </tr>
                </thead>
                <tbody>
                  {sessions.map((s) => (
                    <tr key={s.id}>
                      <td>
                        <Link to={`/admin/entrance/sessions/${s.id}`}>
                          {formatDateIn('en', s.startsAt)}, {s.time}
                        </Link>
                      </td>
                      <td>{s.placeEn}</td>
                      <td>{s.programmes.map(programmeName).join(', ')}</td>
                      <td>
                        {s.seated} of {s.capacity}
                      </td>
                      <td>{s.seated - s.opened}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
          <section className="admin-panel entrance-panel" aria-labelledby="roll-title">
            <h2 id="roll-title">Roll numbers and admit cards</h2>
            <p>
              {overview.awaiting === 1
                ? '1 application has its documents and fee verified and no roll number yet.'
                : `${overview.awaiting} applications have their documents and fee verified and no roll number yet.`}{' '}
              Each gets the next roll number, a seat in the earliest session of its first choice with room, and an admit
              card; the guardian is told by SMS (and e-mail when given).
            </p>
            <Form method="post">
              <input type="hidden" name="intent" value="assign-roll-numbers" />
              <input type="hidden" name="season" value={season.id} />
              <button type="submit" className="btn btn--primary">
                Assign roll numbers
              </button>
            </Form>
          </section>
          <section className="admin-panel entrance-panel" aria-labelledby="import-title">
            <h2 id="import-title">Import marks from a CSV file</h2>
            <p>
              One row per candidate: the roll number, then the marks (0–100, e.g. 45.5) or AB for absent. With a header
              line, the columns are found by their names (Roll number, Marks), in any order. Every bad row is named and
              nothing is imported until the file is clean.
            </p>
            <Form method="post" encType="multipart/form-data" className="entrance-import" onSubmit={ask.onSubmit}>
              <input type="hidden" name="season" value={season.id} />
              <UploadFileField
                label="CSV file"
                accept=".csv,text/csv"
                hint="A .csv file of up to 2 MB."
                // The page's answer (the rows to correct) is written above, once.
                error={undefined}
                busy={false}
                required
                sizeLimit={() => MARKS_CSV_LIMIT}
              />
              {ask.field}
              <button type="submit" name="intent" value="check-marks" className="btn">
                Check the file
              </button>
              <button
                type="submit"
                name="intent"
                value="import-marks"
                className="btn btn--primary"
                data-ask-before-entrance=""
              >
                Import
              </button>
            </Form>
            {ask.dialog}
          </section>
          <h2>New session</h2>
          <EntranceSessionForm
            // A session added empties the form for the next one.
            key={sessions.length}
            intent="create-session"
            seasonId={season.id}
            session={null}
            programmes={programmes}
            years={years}
            result={result}
            submitLabel="Add the session"
          />
        </>
      )}
    </section>
  );
}
