import { type ApplicationDetail, REJECTION_CONSEQUENCE, STATE_LABELS } from '#common/admission/application-office.ts';
import { ConfirmedPostButton } from '#app/components/admin/use-confirmed-post.tsx';

/**
 * 'Rejected' and, for an offered application, 'Waitlisted': moves that cannot be taken back (a rejection is
 * final; a seat given up passes to the next waiting at once), each asked first with what it does. The server
 * refuses either unconfirmed.
 */
export function ApplicationAskedMoves({ application: a }: { application: ApplicationDetail }) {
  const who = `${a.nameEn} (${a.reference})`;
  return (
    <>
      {a.moves.includes('waitlisted') && a.waitlisting !== null ? (
        <ConfirmedPostButton
          name="waitlist"
          question={`Put ${who} back on the waiting list?`}
          consequence={<p>Its offer closes. {a.waitlisting}</p>}
          fields={{ intent: 'state', to: 'waitlisted', confirmMove: 'yes' }}
          confirmLabel="Put back on the waiting list"
          danger
          label={STATE_LABELS.waitlisted}
          busyLabel="Moving…"
          className="application-decision__asked-move"
        />
      ) : null}
      {a.moves.includes('rejected') ? (
        <ConfirmedPostButton
          name="reject"
          question={`Reject ${who}?`}
          consequence={<p>{REJECTION_CONSEQUENCE}</p>}
          fields={{ intent: 'state', to: 'rejected', confirmMove: 'yes' }}
          confirmLabel="Reject"
          danger
          label={STATE_LABELS.rejected}
          busyLabel="Rejecting…"
          className="application-decision__asked-move"
        />
      ) : null}
    </>
  );
}
