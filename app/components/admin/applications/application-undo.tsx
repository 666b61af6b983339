import type { MouseEvent } from 'react';
import { Link, useLocation, useSearchParams } from 'react-router';
import { type ApplicationDetail, STATE_LABELS } from '#common/application-office.ts';
import { formatBsAd } from '#common/bs-date.ts';
import { isoToNepalLocal } from '#common/nepal-time.ts';
import { useConfirm } from '../confirm-dialog.tsx';
import { useAdminWrite } from '../use-admin-write.tsx';

const QUESTION = 'Undo the withdrawal?';

/**
 * Undo of the seat change that withdrew this application, within 24 hours and while nothing depends on it
 * (decision 0053). It moves a seat, so it asks first, saying what it does to both applications and their
 * messages: a modal dialog with JavaScript, and without it the button opens this page with `?confirm=undo`,
 * which writes the question into the page. Once refused, the reason stands where the button was.
 */
export function ApplicationUndo({ application: a }: { application: ApplicationDetail }) {
  const { fetcher, busy } = useAdminWrite();
  const { confirm, dialog } = useConfirm();
  const [params] = useSearchParams();
  const { pathname } = useLocation();
  const plan = a.undo;
  if (!plan) return null;
  if (plan.refused) {
    return (
      <p className="application-decision__undo application-decision__undo--refused">
        <strong>Undo is no longer possible.</strong> {plan.refused}
      </p>
    );
  }
  const consequence = plan.consequence ?? '';
  const fields = { intent: 'undo', confirmUndo: 'yes' };
  const until = `${formatBsAd(plan.until)} at ${isoToNepalLocal(plan.until).slice(11, 16)}`;

  async function ask(event: MouseEvent<HTMLButtonElement>) {
    event.preventDefault();
    if (await confirm({ title: QUESTION, message: <p>{consequence}</p>, confirmLabel: 'Undo' })) {
      await fetcher.submit(fields, { method: 'post', action: pathname });
    }
  }

  if (params.get('confirm') === 'undo' && !busy) {
    return (
      <div id="confirm-undo" className="confirm-step" role="group" aria-labelledby="confirm-undo-question">
        <p id="confirm-undo-question" className="confirm-step__question">
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
          <button type="submit" className="button button--small">
            Undo
          </button>
        </fetcher.Form>
      </div>
    );
  }
  return (
    <form method="get" action={`${pathname}#confirm-undo`} className="application-decision__undo">
      <p>
        <strong>Undo</strong> gives it back its ‘{STATE_LABELS[plan.from]}’ until {until}, while nobody has accepted its
        seat or been told of it. {consequence}
      </p>
      <input type="hidden" name="confirm" value="undo" />
      <button
        type="submit"
        className="button"
        aria-busy={busy || undefined}
        disabled={busy}
        onClick={(event) => void ask(event)}
      >
        {busy ? 'Undoing…' : 'Undo the withdrawal'}
      </button>
      {dialog}
    </form>
  );
}
