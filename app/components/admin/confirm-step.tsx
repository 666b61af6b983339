import { type ReactNode, useId } from 'react';
import { Link } from 'react-router';
import type { FetcherWithComponents } from 'react-router';
import type { WriteResult } from '#app/lib/admin-result.ts';

interface ConfirmStepProps {
  id: string;
  intent: string;
  question: string;
  consequence: ReactNode;
  /** The page the delete posts to and Cancel returns to. */
  page: string;
  Form: FetcherWithComponents<WriteResult>['Form'];
}

/**
 * The question of a delete, written into the page: how a delete is confirmed without JavaScript (the
 * Delete button opened this page with `?confirm=<id>`). Delete posts the form; Cancel is a plain link.
 */
export function ConfirmStep({ id, intent, question, consequence, page, Form }: ConfirmStepProps) {
  const titleId = useId();
  return (
    <div id={`confirm-${id}`} className="confirm-step" role="group" aria-labelledby={titleId}>
      <p id={titleId} className="confirm-step__question">
        {question}
      </p>
      <div className="confirm-step__message">{consequence}</div>
      <Form method="post" action={page} className="confirm-step__actions">
        <input type="hidden" name="intent" value={intent} />
        <input type="hidden" name="id" value={id} />
        <Link className="button button--small" to={page}>
          Cancel
        </Link>
        <button type="submit" className="button button--danger button--small">
          Delete
        </button>
      </Form>
    </div>
  );
}
