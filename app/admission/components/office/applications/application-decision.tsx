import { DOCUMENT_KINDS } from '#common/admission/application.ts';
import { plural } from '#common/i18n/plural.ts';
import {
  type ApplicationDetail,
  DOCUMENT_LABELS,
  STATE_LABELS,
  askedMove,
} from '#common/admission/application-office.ts';
import { useAdminWrite } from '#app/components/admin/use-admin-write.tsx';
import { ApplicationAskedMoves } from './application-asked-move.tsx';
import { ApplicationRestore } from './application-restore.tsx';
import { ApplicationUndo } from './application-undo.tsx';
import { ApplicationWithdraw } from './application-withdraw.tsx';

/**
 * The moves open to this application now (the server checks them again), the seats of its programme, and
 * 'Needs correction' with the message the applicant reads on their status page. Offering when the seats are
 * all taken needs the confirmation box ticked; 'Withdrawn', 'Rejected' and an offer put back on the waiting
 * list ask first, saying what they do; a withdrawn application may be restored.
 */
export function ApplicationDecision({ application: a }: { application: ApplicationDetail }) {
  const { fetcher, busy } = useAdminWrite();
  const { seats } = a;
  const full = seats.left <= 0;
  const plain = a.moves.filter(
    (m) => m !== 'needs-correction' && m !== 'withdrawn' && !askedMove(a.state, m) && !(m === 'offered' && full),
  );
  return (
    <div className="application-decision">
      <p className="application-decision__seats" aria-label="Seats">
        {seats.programme}: <strong>{seats.seats}</strong> {plural('en', seats.seats, 'seat', 'seats')},{' '}
        <strong>{seats.offered}</strong> offered, <strong>{seats.admitted}</strong> admitted,{' '}
        <strong>{seats.left}</strong> left
      </p>
      {a.moves.length === 0 && !a.restore ? (
        <p>No further move: the application is {STATE_LABELS[a.state].toLowerCase()}.</p>
      ) : null}
      <ApplicationUndo application={a} />
      <ApplicationRestore application={a} />
      {plain.length > 0 ? (
        <fetcher.Form method="post" className="application-decision__moves">
          <input type="hidden" name="intent" value="state" />
          {plain.map((to) => (
            <button key={to} type="submit" name="to" value={to} className="button" disabled={busy}>
              {STATE_LABELS[to]}
            </button>
          ))}
        </fetcher.Form>
      ) : null}
      {a.moves.includes('offered') && full ? (
        <fetcher.Form method="post" className="application-decision__over">
          <input type="hidden" name="intent" value="state" />
          <input type="hidden" name="to" value="offered" />
          <label>
            <input type="checkbox" name="confirmOverSeats" value="yes" required /> Every seat of {seats.programme} is
            offered or taken: offer one beyond the {seats.seats} {plural('en', seats.seats, 'seat', 'seats')}
          </label>
          <button type="submit" className="button" disabled={busy}>
            Offer beyond the seats
          </button>
        </fetcher.Form>
      ) : null}
      {a.moves.includes('needs-correction') ? (
        <fetcher.Form method="post" className="application-decision__correction">
          <input type="hidden" name="intent" value="state" />
          <input type="hidden" name="to" value="needs-correction" />
          <label className="applications-filter__field applications-filter__field--wide">
            <span>What the applicant should correct (shown on their status page)</span>
            <textarea name="message" rows={3} maxLength={1000} required />
          </label>
          <fieldset className="application-decision__documents">
            <legend>Documents to send again (their status page offers these; none ticked: any)</legend>
            {DOCUMENT_KINDS.map((kind) => (
              <label key={kind}>
                <input type="checkbox" name="documents" value={kind} /> {DOCUMENT_LABELS[kind]}
              </label>
            ))}
          </fieldset>
          <button type="submit" className="button" disabled={busy}>
            Ask for a correction
          </button>
        </fetcher.Form>
      ) : null}
      <ApplicationAskedMoves application={a} />
      {a.moves.includes('withdrawn') ? <ApplicationWithdraw application={a} /> : null}
      {a.state === 'needs-correction' && a.correction ? (
        <p className="application-decision__asked">
          Asked to correct: <q>{a.correction}</q>
          {a.correctionDocuments.length > 0
            ? ` (to send again: ${a.correctionDocuments.map((k) => DOCUMENT_LABELS[k]).join(', ')})`
            : ''}
        </p>
      ) : null}
    </div>
  );
}
