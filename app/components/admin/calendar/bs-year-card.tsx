import { Form, Link } from 'react-router';
import type { BsCalendarYear } from '#common/dates/bs-calendar.ts';
import { BS_MONTH_NAMES } from '#common/dates/bs-date.ts';
import { formatDate, formatDateTime } from '#app/lib/admin/admin-format.ts';
import { ConfirmedPostButton } from '../use-confirmed-post.tsx';
import { BsConfirmForm } from './bs-confirm-form.tsx';

const total = (months: readonly number[]) => months.reduce((sum, days) => sum + days, 0);

/** What removing a year's correction does, as its question says: the months whose length changes back. */
function removalConsequence({ year, months, packageMonths }: BsCalendarYear): string {
  const back = (months ?? []).flatMap((days, i) => {
    const was = packageMonths?.[i];
    return was !== undefined && was !== days ? [`${BS_MONTH_NAMES[i]} ${days} → ${was} days`] : [];
  });
  const lengths = packageMonths
    ? `${year} B.S. has the package’s lengths again${back.length > 0 ? ` (${back.join(', ')})` : ''}`
    : `${year} B.S. is not in the package: its dates are refused again until lengths are entered`;
  return `${lengths}. Dates already saved in it, a season’s among them, fall on their new A.D. days, and the correction’s source is forgotten.`;
}

/** A confirmation refused on this page: what was typed and why, for the year it was for. */
export interface ConfirmRefusal {
  year: number;
  typed: string;
  error: string | undefined;
}

/**
 * One B.S. year of the calendar page: each month's days, where they come from (the package's table or the
 * office's correction, with its source, who and when), whether it is a forecast or confirmed from the printed
 * government calendar, and the links to correct it, remove the correction or confirm it.
 */
export function BsYearCard({
  year,
  busy,
  refusal,
}: {
  year: BsCalendarYear;
  busy: boolean;
  refusal: ConfirmRefusal | null;
}) {
  const { months, packageMonths, correction, confirmation, forecast } = year;
  const headingId = `bs-year-${year.year}`;
  return (
    <article className="bs-year admin-panel" aria-labelledby={headingId}>
      <header className="bs-year__header">
        <h2 id={headingId}>{year.year} B.S.</h2>
        <p className="bs-year__origin">
          {correction ? 'Corrected' : months ? 'From the package' : 'Not in the calendar yet'}
          {months ? ` · ${total(months)} days` : null}
        </p>
      </header>
      {forecast ? (
        <p className="bs-year__forecast">
          <strong>Forecast</strong> — not yet checked against the government&apos;s calendar
        </p>
      ) : null}
      {confirmation ? (
        <p className="bs-year__confirmed">
          Confirmed from {confirmation.source} by {confirmation.confirmedBy} on {formatDate(confirmation.confirmedAt)}.
        </p>
      ) : null}
      {months ? (
        <ul className="bs-year__months" aria-label={`Months of ${year.year} B.S.`}>
          {months.map((days, i) => {
            const was = packageMonths?.[i];
            const changed = correction !== null && was !== undefined && was !== days;
            return (
              <li
                key={BS_MONTH_NAMES[i]}
                className={changed ? 'bs-year__month bs-year__month--changed' : 'bs-year__month'}
              >
                <span className="bs-year__name">{BS_MONTH_NAMES[i]}</span> <strong>{days}</strong>
                {changed ? <span className="bs-year__was"> (package: {was})</span> : null}
              </li>
            );
          })}
        </ul>
      ) : (
        <p className="bs-year__none">
          Dates in this year are refused until its twelve month lengths are entered from the government&apos;s calendar.
        </p>
      )}
      {correction ? (
        <p className="bs-year__source">
          Source: {correction.source}. Saved by {correction.updatedBy}, {formatDateTime(correction.updatedAt)}.
        </p>
      ) : null}
      {forecast && months ? (
        <BsConfirmForm
          year={year.year}
          typed={refusal?.year === year.year ? refusal.typed : undefined}
          error={refusal?.year === year.year ? refusal.error : undefined}
          busy={busy}
        />
      ) : null}
      <div className="bs-year__actions">
        <Link className="button button--small" to={{ search: `?year=${year.year}`, hash: 'correct' }}>
          {correction ? `Change the correction of ${year.year}` : `Correct ${year.year}`}
        </Link>
        {confirmation ? (
          <Form method="post" className="bs-year__remove">
            <input type="hidden" name="intent" value="unconfirm" />
            <input type="hidden" name="year" value={year.year} />
            <button className="button button--small" type="submit" disabled={busy}>
              Withdraw the confirmation of {year.year}
            </button>
          </Form>
        ) : null}
        {correction ? (
          <ConfirmedPostButton
            name={`remove-${year.year}`}
            question={`Remove the correction of ${year.year} B.S.?`}
            consequence={<p>{removalConsequence(year)}</p>}
            fields={{ intent: 'remove', year: String(year.year), confirmRemove: 'yes' }}
            confirmLabel="Remove the correction"
            danger
            label={`Remove the correction of ${year.year}`}
            busyLabel="Removing…"
            className="bs-year__remove"
            buttonClassName="button button--small button--danger"
          />
        ) : null}
      </div>
    </article>
  );
}
