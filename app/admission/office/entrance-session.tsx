import { Form, Link, data, redirect, useActionData } from 'react-router';
import { useBeforeEntrance } from '#app/admission/components/office/before-entrance.tsx';
import { EntranceSessionForm } from '#app/admission/components/office/entrance/session-form.tsx';
import { ConfirmedPostButton } from '#app/components/admin/use-confirmed-post.tsx';
import { WriteStatus } from '#app/components/admin/write-status.tsx';
import { adminAction } from '#app/lib/admin/admin-action.server.ts';
import { requirePermission } from '#app/lib/admin/admin-guard.server.ts';
import { adminMeta } from '#app/lib/admin/admin-meta.ts';
import { bsYearsAround } from '#app/lib/bs-date-input.ts';
import {
  deleteEntranceSession,
  saveEntranceMarks,
  updateEntranceSession,
} from '#app/admission/office/entrance-writes.server.ts';
import { refusalOf } from '#common/api-error.ts';
import { formatDateIn } from '#common/i18n/dates.ts';
import '#app/styles/admin-entrance.css';
import type { Route } from './+types/entrance-session';

export const meta: Route.MetaFunction = ({ matches }) => adminMeta('Entrance session', matches);

export async function loader({ context, params }: Route.LoaderArgs) {
  const actor = await requirePermission(context, 'entrance.manage');
  const list = await context.services.entrance.candidates(actor, params.id).catch((err: unknown) => {
    if (refusalOf(err)?.status === 404) throw data('This session does not exist.', { status: 404 });
    throw err;
  });
  const { programmes } = await context.services.entrance.overview(actor, list.season.id);
  return { list, programmes, years: bsYearsAround(context.services.clock.now(), 0, 1) };
}

export async function action(args: Route.ActionArgs) {
  const intent = (await args.request.clone().formData()).get('intent');
  const result = await adminAction(args, {
    'update-session': updateEntranceSession(args.params.id),
    'delete-session': deleteEntranceSession(args.params.id),
    marks: saveEntranceMarks(args.params.id),
  });
  // A deleted session has no page left: back to the season's sessions.
  if (intent === 'delete-session' && result.data.ok) throw redirect('/admin/entrance');
  return result;
}

/** One session: its candidates by roll number (who has not opened the card), the marks grid, its details. */
export default function EntranceSessionPage({ loaderData }: Route.ComponentProps) {
  const { list, programmes, years } = loaderData;
  const { session, candidates, fullMarks } = list;
  const result = useActionData<typeof action>();
  const typed = result && !result.ok ? result.values : undefined;
  const notOpened = candidates.filter((c) => !c.cardOpenedAt).length;
  const ask = useBeforeEntrance(list.beforeEntrance, 'Yes, save the marks before the entrance date');
  return (
    <section className="admin-page" aria-labelledby="session-title">
      <header className="admin-page__header">
        <div>
          <p>
            <Link to={`/admin/entrance?season=${list.season.id}`}>Entrance {list.season.name}</Link>
          </p>
          <h1 id="session-title">
            {formatDateIn('en', session.startsAt)}, {session.time} · {session.placeEn}
          </h1>
          <p className="admin-page__lead">
            {candidates.length} of {session.capacity} seats taken · {notOpened} not opened their admit card ·{' '}
            <Link to={`/admin/entrance/sessions/${session.id}/cards`}>Print all cards</Link>
          </p>
        </div>
      </header>
      <WriteStatus result={result} />
      <h2>Candidates and marks (out of {fullMarks})</h2>
      {candidates.length === 0 ? (
        <p>Nobody is seated in this session yet.</p>
      ) : (
        <Form method="post" className="entrance-marks" onSubmit={ask.onSubmit}>
          <input type="hidden" name="intent" value="marks" />
          <div className="entrance-table-wrap">
            <table className="entrance-table">
              <thead>
                <tr>
                  <th scope="col">Roll number</th>
                  <th scope="col">Name</th>
                  <th scope="col">Programme</th>
                  <th scope="col">Admit card</th>
                  <th scope="col">Marks</th>
                  <th scope="col">Absent</th>
                </tr>
              </thead>
              <tbody>
                {candidates.map((c) => (
                  <tr key={c.rollNumber}>
                    <th scope="row">
                      {c.rollNumber}
                      <input type="hidden" name="roll" value={c.rollNumber} />
                    </th>
                    <td>
                      <Link to={`/admin/applications/${c.applicationId}`}>{c.nameEn}</Link>{' '}
                      <span lang="ne">{c.nameNe}</span>
                    </td>
                    <td>{c.programme}</td>
                    <td>
                      {c.cardOpenedAt ? `Opened ${formatDateIn('en', c.cardOpenedAt)}` : <strong>Not opened</strong>}
                    </td>
                    <td>
                      <input
                        className="field__input"
                        name={`marks-${c.rollNumber}`}
                        inputMode="decimal"
                        size={6}
                        aria-label={`Marks of roll number ${c.rollNumber}`}
                        defaultValue={typed?.[`marks-${c.rollNumber}`] ?? c.marks}
                      />
                    </td>
                    <td>
                      <input
                        type="checkbox"
                        name={`absent-${c.rollNumber}`}
                        value="yes"
                        aria-label={`Roll number ${c.rollNumber} absent`}
                        defaultChecked={typed ? typed[`absent-${c.rollNumber}`] === 'yes' : c.absent}
                      />
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          {ask.field}
          <button type="submit" className="btn btn--primary" data-ask-before-entrance="">
            Save the marks
          </button>
        </Form>
      )}
      {ask.dialog}
      <h2>Session details</h2>
      <EntranceSessionForm
        intent="update-session"
        session={session}
        programmes={programmes}
        years={years}
        result={result}
        submitLabel="Save the session"
      />
      {candidates.length === 0 ? (
        <ConfirmedPostButton
          name="delete-session"
          question="Delete this session?"
          consequence={
            <p>
              The session, its time and place, goes for good. No candidate is seated in it; roll numbers assigned later
              take the other sessions.
            </p>
          }
          fields={{ intent: 'delete-session', confirmDelete: 'yes' }}
          confirmLabel="Delete"
          danger
          label="Delete this session"
          busyLabel="Deleting…"
          className="entrance-delete"
          buttonClassName="btn btn--danger"
        />
      ) : null}
    </section>
  );
}
