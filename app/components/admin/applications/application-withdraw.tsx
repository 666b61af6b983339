import type { MouseEvent } from 'react';
import { Link, useLocation, useSearchParams } from 'react-router';
import type { ApplicationDetail } from '#common/application-office.ts';
import { useConfirm } from '../confirm-dialog.tsx';
import { useAdminWrite } from '../use-admin-write.tsx';

const QUESTION = 'Withdraw this application?';

/**
 * The office's 'Withdrawn', asked first with what it does to the seat (the next on the waiting list is offered
 * it at once). With JavaScript the question is a modal dialog; without it, the button opens this page with
 * `?confirm=withdraw`, which writes the question into the page with a form that posts the confirmed move. The
 * server refuses an unconfirmed withdrawal either way.
 */
export function ApplicationWithdraw({ application: a }: { application: ApplicationDetail }) {
  const { fetcher, busy } = useAdminWrite();
  const { confirm, dialog } = useConfirm();
  const [params] = useSearchParams();
  const { pathname } = useLocation();
  const consequence = a.withdrawal ?? '';
  const fields = { intent: 'state', to: 'withdrawn', confirmWithdrawal: 'yes' };

  async function ask(event: MouseEvent<HTMLButtonElement>) {
    event.preventDefault();
    if (await confirm({ title: QUESTION, message: <p>{consequence}</p>, confirmLabel: 'Withdraw' })) {
      await fetcher.submit(fields, { method: 'post', action: pathname });
    }
  }

  if (params.get('confirm') === 'withdraw' && !busy) {
    return (
      <div id="confirm-withdraw" className="confirm-step" role="group" aria-labelledby="confirm-withdraw-question">
        <p id="confirm-withdraw-question" className="confirm-step__question">
          {QUESTION}
        </p>
        <div className="confirm-step__message">
          <p>{consequence}</p>
        </div>
        <fetcher.Form method="post" action={pathname} className="confirm-step__actions">
          {Object.entries(fields).map(([name, value]) => (
            <input key={name} type="hidden" name={name} value={value} />
          ))}
          <Link className="button button--small" to={pathname}>
            Cancel
          </Link>
          <button type="submit" className="button button--danger button--small">
            Withdraw
          </button>
        </fetcher.Form>
      </div>
    );
  }
  return (
    <form method="get" action={`${pathname}#confirm-withdraw`} className="application-decision__withdraw">
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
