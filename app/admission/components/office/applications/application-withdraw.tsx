import type { ApplicationDetail } from '#common/admission/application-office.ts';
import { ConfirmedPostButton } from '#app/components/admin/use-confirmed-post.tsx';

/**
 * The office's 'Withdrawn', asked first with what it does to the seat (the next on the waiting list is offered
 * it at once). With JavaScript the question is a modal dialog; without it, the button opens this page with
 * `?confirm=withdraw`, which writes the question into the page with a form that posts the confirmed move. The
 * server refuses an unconfirmed withdrawal either way.
 */
export function ApplicationWithdraw({ application: a }: { application: ApplicationDetail }) {
  return (
    <ConfirmedPostButton
      name="withdraw"
      question="Withdraw this application?"
      consequence={<p>{a.withdrawal ?? ''}</p>}
      fields={{ intent: 'state', to: 'withdrawn', confirmWithdrawal: 'yes' }}
      confirmLabel="Withdraw"
      danger
      label="Withdrawn"
      busyLabel="Withdrawing…"
      className="application-decision__withdraw"
    />
  );
}
