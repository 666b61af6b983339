import { Link } from 'react-router';
import type { ApplicationState } from '#common/admission/application.ts';
import { forecastYearsPhrase } from '#common/dates/bs-forecast.ts';
import { formatBsStringIn } from '#common/i18n/dates.ts';
import { AdmissionStatusLine } from '#app/admission/components/office/admission-status-line.tsx';
import { SetupChecklist } from '#app/components/admin/setup-checklist.tsx';
import { formatDateTime } from '#app/lib/admin/admin-format.ts';
import { requirePermission } from '#app/lib/admin/admin-guard.server.ts';
import { adminMeta } from '#app/lib/admin/admin-meta.ts';
import { formatBytes } from '#app/lib/backup-format.ts';
import type { Today } from '#server/modules/today/index.ts';
import '#app/styles/admin-today.css';
import '#app/styles/admin-site-content.css';
import type { Route } from './+types/today';

export const meta: Route.MetaFunction = ({ matches }) => adminMeta('Today', matches);

export async function loader({ context }: Route.LoaderArgs) {
  const actor = await requirePermission(context, 'today.read');
  const [today, admission] = await Promise.all([
    context.services.today.forActor(actor),
    context.services.admission.current(),
  ]);
  return { today, admission };
}

/** The steps an application waits at for the office, in the order the office works them. */
const STEPS: readonly { state: ApplicationState; words: (n: number) => string }[] = [
  { state: 'submitted', words: (n) => `${n} new: check the documents` },
  { state: 'documents-verified', words: (n) => `${n} with documents verified: check the fee` },
  { state: 'fee-verified', words: (n) => `${n} with the fee verified: to offer a seat or put on the waiting list` },
  { state: 'needs-correction', words: (n) => `${n} waiting for the family's correction` },
];

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** A line that links to the page where its work is done (without a link for one the reader cannot open). */
function Line({ to, children, alert = false }: { to: string | null; children: React.ReactNode; alert?: boolean }) {
  return (
    <li className={alert ? 'today__line today__line--alert' : 'today__line'}>
      {to ? <Link to={to}>{children}</Link> : children}
    </li>
  );
}

function Applications({ applications }: { applications: NonNullable<Today['applications']> }) {
  const { season, counts, documentsBeingPrepared } = applications;
  const waiting = STEPS.filter((step) => counts[step.state] > 0);
  return (
    <section className="admin-panel today__panel" aria-labelledby="today-applications">
      <h2 id="today-applications">Applications{season ? `: ${season.name}` : ''}</h2>
      {!season ? (
        <p>No admission season yet.</p>
      ) : waiting.length === 0 && documentsBeingPrepared === 0 ? (
        <p>Nothing waits for the office.</p>
      ) : (
        <ul className="today__lines">
          {waiting.map((step) => (
            <Line
              key={step.state}
              to={`/admin/applications?season=${season.id}&state=${step.state}`}
              alert={step.state !== 'needs-correction'}
            >
              {step.words(counts[step.state])}
            </Line>
          ))}
          {documentsBeingPrepared > 0 ? (
            <Line to="/admin/applications">
              {plural(documentsBeingPrepared, 'document', 'documents')} of applicants being prepared
            </Line>
          ) : null}
        </ul>
      )}
    </section>
  );
}

function Messages({ messages, inquiries }: Pick<Today, 'messages' | 'inquiries'>) {
  const lines = [];
  if (inquiries && inquiries.unanswered > 0)
    lines.push(
      <Line key="inquiries" to="/admin/inquiries" alert>
        {plural(inquiries.unanswered, 'inquiry', 'inquiries')} not answered
      </Line>,
    );
  if (messages && messages.waitingForSetUp.email > 0)
    lines.push(
      <Line key="email" to="/admin/messages" alert>
        {plural(messages.waitingForSetUp.email, 'e-mail', 'e-mails')} cannot be sent: e-mail is not set up
      </Line>,
    );
  if (messages && messages.waitingForSetUp.sms > 0)
    lines.push(
      <Line key="sms" to="/admin/messages" alert>
        {messages.waitingForSetUp.sms} SMS cannot be sent: SMS is not set up
      </Line>,
    );
  if (messages && messages.failed > 0)
    lines.push(
      <Line key="failed" to="/admin/messages" alert>
        {plural(messages.failed, 'message', 'messages')} failed: see why, and send again
      </Line>,
    );
  if (!messages && !inquiries) return null;
  return (
    <section className="admin-panel today__panel" aria-labelledby="today-messages">
      <h2 id="today-messages">Inquiries and messages</h2>
      {lines.length > 0 ? <ul className="today__lines">{lines}</ul> : <p>Nothing waits: every message can leave.</p>}
    </section>
  );
}

function Season({ season }: { season: NonNullable<Today['season']> }) {
  const next = season.next;
  return (
    <section className="admin-panel today__panel" aria-labelledby="today-season">
      <h2 id="today-season">Season {season.name}</h2>
      {next ? (
        <p>
          <strong>
            {next.inDays === 0 ? 'Today' : next.inDays === 1 ? 'Tomorrow' : `In ${next.inDays} days`},{' '}
            {formatBsStringIn('en', next.on)}:
          </strong>{' '}
          {next.what} <Link to="/admin/seasons">Open the season</Link>
        </p>
      ) : (
        <p>
          Every date of the season has passed. <Link to="/admin/seasons">Seasons</Link>
        </p>
      )}
    </section>
  );
}

/** The next B.S. year while it is a forecast, and each season with dates in a forecast year. */
function Calendar({ calendar }: { calendar: NonNullable<Today['calendar']> }) {
  const { unconfirmedYear, seasons, mayConfirm } = calendar;
  if (unconfirmedYear === null && seasons.length === 0) return null;
  const ask = mayConfirm ? '' : ': ask an owner to confirm it';
  // Only owners may open the calendar page; the others are told without a link they could not follow.
  const to = mayConfirm ? '/admin/calendar' : null;
  return (
    <section className="admin-panel today__panel" aria-labelledby="today-calendar">
      <h2 id="today-calendar">B.S. calendar</h2>
      <ul className="today__lines">
        {seasons.map((season) => (
          <Line key={season.id} to={to} alert>
            Season {season.name} has dates in {forecastYearsPhrase(season.years)}: not yet checked against the
            government&apos;s calendar{ask}
          </Line>
        ))}
        {unconfirmedYear !== null ? (
          <Line to={to}>
            {unconfirmedYear} B.S. is not yet confirmed from the printed government calendar{ask}
          </Line>
        ) : null}
      </ul>
    </section>
  );
}

function Backups({ backups }: { backups: NonNullable<Today['backups']> }) {
  const { lastGoodAt, offsite, lastDrill, disk, warnings } = backups;
  return (
    <section className="admin-panel today__panel" aria-labelledby="today-backups">
      <h2 id="today-backups">Backups and disk</h2>
      <ul className="today__facts">
        <li>Last good backup: {lastGoodAt ? formatDateTime(lastGoodAt) : 'none yet'}</li>
        <li>
          Off-site copy:{' '}
          {!offsite ? 'not set up' : offsite.lastCopyAt ? formatDateTime(offsite.lastCopyAt) : 'none copied yet'}
        </li>
        <li>
          Restore drill:{' '}
          {lastDrill ? `${lastDrill.ok ? 'passed' : 'FAILED'}, ${formatDateTime(lastDrill.at)}` : 'never run'}
        </li>
        <li>
          Free disk: {formatBytes(disk.freeBytes)} of {formatBytes(disk.totalBytes)}
        </li>
      </ul>
      {warnings.length > 0 ? (
        <ul className="today__lines">
          {warnings.map((w) => (
            <Line key={w} to="/admin/backups" alert>
              {w}
            </Line>
          ))}
        </ul>
      ) : (
        <p>
          <Link to="/admin/backups">Open Backups</Link>
        </p>
      )}
    </section>
  );
}

export default function TodayPage({ loaderData }: Route.ComponentProps) {
  const { today, admission } = loaderData;
  return (
    <section className="admin-page today" aria-labelledby="today-title">
      <header className="admin-page__header">
        <div>
          <h1 id="today-title">Today</h1>
          <AdmissionStatusLine admission={admission} />
        </div>
      </header>
      <div className="today__grid">
        {today.applications ? <Applications applications={today.applications} /> : null}
        <Messages messages={today.messages} inquiries={today.inquiries} />
        {today.season ? <Season season={today.season} /> : null}
        {today.calendar ? <Calendar calendar={today.calendar} /> : null}
        {today.backups ? <Backups backups={today.backups} /> : null}
      </div>
      {today.checklist ? <SetupChecklist checklist={today.checklist} /> : null}
    </section>
  );
}
