import { type ApplicationDetail, STATE_LABELS } from '#common/admission/application-office.ts';
import { formatBsAd } from '#common/dates/bs-date.ts';
import { isoToNepalLocal } from '#common/dates/nepal-time.ts';
import { ConfirmedPostButton } from '#app/components/admin/use-confirmed-post.tsx';

/**
 * Undo of the seat change that withdrew this application, within 24 hours and while nothing depends on it
 * (decision 0053). It moves a seat, so it asks first, saying what it does to both applications and their
 * messages: a modal dialog with JavaScript, and without it the button opens this page with `?confirm=undo`,
 * which writes the question into the page. Once refused, the reason stands where the button was.
 */
export function ApplicationUndo({ application: a }: { application: ApplicationDetail }) {
  const plan = a.undo;
  if (!plan) return null;
  if (plan.refused) {
    return (
      <p className="application-decision__undo application-decision__undo--refused">
        <strong>Undo is no longer possible.</strong> {plan.refused}
      </p>
    );
  }
  const until = `${formatBsAd(plan.until)} at ${isoToNepalLocal(plan.until).slice(11, 16)}`;
  return (
    <ConfirmedPostButton
      name="undo"
      question="Undo the withdrawal?"
      consequence={<p>{plan.consequence}</p>}
      fields={{ intent: 'undo', confirmUndo: 'yes' }}
      confirmLabel="Undo"
      label="Undo the withdrawal"
      busyLabel="Undoing…"
      className="application-decision__undo"
    >
      <p>
        <strong>Undo</strong> gives it back its ‘{STATE_LABELS[plan.from]}’ until {until}, while nobody has accepted its
        seat or been told of it. {plan.consequence}
      </p>
    </ConfirmedPostButton>
  );
}
