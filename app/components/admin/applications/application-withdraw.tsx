import type { ApplicationDetail } from '#common/application-office.ts';
import { useConfirmedPost } from '../use-confirmed-post.tsx';

/**
 * The office's 'Withdrawn', asked first with what it does to the seat (the next on the waiting list is offered
 * it at once). With JavaScript the question is a modal dialog; without it, the button opens this page with
 * `?confirm=withdraw`, which writes the question into the page with a form that posts the confirmed move. The
 * server refuses an unconfirmed withdrawal either way.
 */
export function ApplicationWithdraw({ application: a }: { application: ApplicationDetail }) {
  const { busy, ask, step, dialog, askAction } = useConfirmedPost({
    name: 'withdraw',
    question: 'Withdraw this application?',
    consequence: <p>{a.withdrawal ?? ''}</p>,
    fields: { intent: 'state', to: 'withdrawn', confirmWithdrawal: 'yes' },
    confirmLabel: 'Withdraw',
    danger: true,
  });
  if (step) return step;
  return (
    <form method="get" action={askAction} className="application-decision__withdraw">
      <input type="hidden" name="confirm" value="withdraw" />
      <button
        type="submit"
        className="button button--danger"
        aria-busy={busy || undefined}
        disabled={busy}
        onClick={(event) => void ask(event)}
      >
        {busy ? 'Withdrawing…' : 'Withdrawn'}
      </button>
      {dialog}
    </form>
  );
}
