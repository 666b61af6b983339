import { Link } from 'react-router';
import { APPLICATION_STATES } from '#common/admission/application.ts';
import { type ApplicationsPage, PAYMENT_LABELS, STATE_LABELS } from '#common/admission/application-office.ts';
import { formatBs, toBsDate } from '#common/dates/bs-date.ts';
import { useAdminWrite } from '#app/components/admin/use-admin-write.tsx';
import { SameSymbolNumber } from './same-symbol-number.tsx';

const submittedOn = (iso: string) => formatBs(toBsDate(new Date(iso)));

/**
 * The page of applications in a table, each with a checkbox, and below it one form to move the selection:
 * a real form, so it works without JavaScript; the server checks every move and says which it refused.
 */
export function ApplicationTable({ page }: { page: ApplicationsPage }) {
  const { fetcher, busy } = useAdminWrite();
  if (page.items.length === 0) return <p>No applications match.</p>;
  return (
    <fetcher.Form method="post" className="applications-bulk">
      <input type="hidden" name="intent" value="bulk" />
      <div className="applications-table__scroll">
        <table className="applications-table">
          <caption className="sr-only">Applications, newest first</caption>
          <thead>
            <tr>
              <th scope="col">
                <span className="sr-only">Select</span>
              </th>
              <th scope="col">Reference</th>
              <th scope="col">Name</th>
              <th scope="col">Programme</th>
              <th scope="col">GPA</th>
              <th scope="col">Eligible</th>
              <th scope="col">Fee</th>
              <th scope="col">State</th>
              <th scope="col">Submitted</th>
            </tr>
          </thead>
          <tbody>
            {page.items.map((item) => (
              <tr key={item.id}>
                <td>
                  <input
                    type="checkbox"
                    name="ids"
                    value={item.id}
                    aria-label={`Select ${item.reference}`}
                    className="applications-table__check"
                  />
                </td>
                <td>
                  <Link to={`/admin/applications/${item.id}`}>{item.reference}</Link>
                </td>
                <td>
                  {item.nameEn}
                  <span className="applications-table__ne" lang="ne">
                    {item.nameNe}
                  </span>
                  <SameSymbolNumber others={item.sameSymbolNumberAs} />
                </td>
                <td>{item.programme}</td>
                <td>{item.gpa.toFixed(2)}</td>
                <td>{item.eligible ? 'Yes' : 'No'}</td>
                <td>{PAYMENT_LABELS[item.payment]}</td>
                <td>
                  <span className={`application-state application-state--${item.state}`}>
                    {STATE_LABELS[item.state]}
                  </span>
                  {item.late ? <span className="admin-badge">Late</span> : null}
                </td>
                <td>{submittedOn(item.submittedAt)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <fieldset className="applications-bulk__move">
        <legend>Move the selected applications</legend>
        <label className="applications-filter__field">
          <span>To</span>
          <select name="to" defaultValue="documents-verified">
            {APPLICATION_STATES.filter((s) => s !== 'submitted').map((s) => (
              <option key={s} value={s}>
                {STATE_LABELS[s]}
              </option>
            ))}
          </select>
        </label>
        <label className="applications-filter__field applications-filter__field--wide">
          <span>Message to the applicants (for 'Needs correction')</span>
          <input name="message" maxLength={1000} />
        </label>
        <label className="applications-bulk__confirm">
          <input type="checkbox" name="confirmOverSeats" value="yes" /> Offer even beyond the seats
        </label>
        <label className="applications-bulk__confirm">
          {/* Unticked, a withdrawal is refused with what it would do to each seat: read that, then tick. */}
          <input type="checkbox" name="confirmWithdrawal" value="yes" /> Withdraw even where a seat goes to the next
          waiting
        </label>
        <label className="applications-bulk__confirm">
          {/* Unticked, a rejection (final) or an offer put back on the waiting list is refused with what it does. */}
          <input type="checkbox" name="confirmMove" value="yes" /> Reject for good, or put offered applications back on
          the waiting list (their seats pass on)
        </label>
        <button type="submit" className="button button--primary" disabled={busy}>
          Move selected
        </button>
      </fieldset>
    </fetcher.Form>
  );
}
