import { type ReactNode, useId } from 'react';
import { Link } from 'react-router';
import type { FetcherWithComponents } from 'react-router';
import type { WriteResult } from '#app/lib/admin/admin-result.ts';

export interface ConfirmStepProps {
  /** Names the step: its element is `confirm-<name>`, where the button that asked points the page. */
  name: string;
  question: string;
  consequence: ReactNode;
  /** What the confirming form posts (the page's intent and what it acts on). */
  fields: Record<string, string>;
  /** The confirming button's words ('Delete', 'Withdraw', 'Undo'). */
  confirmLabel: string;
  /** Whether the button is drawn as destructive (red). */
  danger?: boolean;
  /** The page the form posts to and Cancel returns to. */
  page: string;
  Form: FetcherWithComponents<WriteResult>['Form'];
}

/**
 * A question written into the page: how a step that cannot be taken back (a delete, a withdrawal, an undo) is
 * confirmed without JavaScript (its button opened this page with `?confirm=<name>`). The confirming button
 * posts the fields; Cancel is a plain link back.
 */
export function ConfirmStep({
  name,
  question,
  consequence,
  fields,
  confirmLabel,
  danger = false,
  page,
  Form,
}: ConfirmStepProps) {
  const titleId = useId();
  return (
    <div id={`confirm-${name}`} className="confirm-step" role="group" aria-labelledby={titleId}>
      <p id={titleId} className="confirm-step__question">
        {question}
      </p>
      <div className="confirm-step__message">{consequence}</div>
      <Form method="post" action={page} className="confirm-step__actions">
        {Object.entries(fields).map(([field, value]) => (
          <input key={field} type="hidden" name={field} value={value} />
        ))}
        <Link className="button button--small" to={page}>
          Cancel
        </Link>
        <button type="submit" className={`button${danger ? ' button--danger' : ''} button--small`}>
          {confirmLabel}
        </button>
      </Form>
    </div>
  );
}
