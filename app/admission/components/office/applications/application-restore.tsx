import { plural } from '#common/i18n/plural.ts';
import { type ApplicationDetail, STATE_LABELS } from '#common/admission/application-office.ts';
import { useAdminWrite } from '#app/components/admin/use-admin-write.tsx';

/**
 * Undoing a withdrawal (a declined or lapsed offer, the office's 'Withdrawn'): what restoring does to the seats,
 * stated before the button, and, when no seat of the programme is free, the office's explicit choice to give the
 * seat back beyond them (decision 0049).
 */
export function ApplicationRestore({ application: a }: { application: ApplicationDetail }) {
  const { fetcher, busy } = useAdminWrite();
  const plan = a.restore;
  if (!plan) return null;
  if (plan.problem) return <p className="application-decision__restore">{plan.problem}</p>;
  return (
    <div className="application-decision__restore">
      <p>
        Withdrawn from <strong>{STATE_LABELS[plan.from]}</strong>. {plan.consequence}
      </p>
      <fetcher.Form method="post">
        <input type="hidden" name="intent" value="restore" />
        <button type="submit" className="button" disabled={busy}>
          Restore to ‘{STATE_LABELS[plan.to]}’
        </button>
      </fetcher.Form>
      {plan.beyondSeats ? (
        <fetcher.Form method="post" className="application-decision__over">
          <input type="hidden" name="intent" value="restore" />
          <input type="hidden" name="confirmOverSeats" value="yes" />
          <label>
            <input type="checkbox" name="confirmBeyond" value="yes" required /> Give its seat back beyond the{' '}
            {a.seats.seats} {plural('en', a.seats.seats, 'seat', 'seats')} of {a.seats.programme}
          </label>
          <button type="submit" className="button" disabled={busy}>
            Restore to ‘{STATE_LABELS[plan.beyondSeats]}’ beyond the seats
          </button>
        </fetcher.Form>
      ) : null}
    </div>
  );
}
