import type { MouseEvent, ReactNode } from 'react';
import { useLocation, useSearchParams } from 'react-router';
import { useConfirm } from './confirm-dialog.tsx';
import { ConfirmStep } from './confirm-step.tsx';
import { useAdminWrite } from './use-admin-write.tsx';

interface DeleteButtonProps {
  /** The item's id, posted with the page's `delete` intent. */
  id: string;
  /** The confirmation's title, e.g. 'Delete this notice?'. */
  question: string;
  /** What deleting removes, in a sentence or two. */
  consequence: ReactNode;
  /** An accessible name where 'Delete' alone would not say what (a list of photos). */
  label?: string;
  /** The id of the item's title, read after the button's name. */
  describedBy?: string;
  intent?: string;
}

/**
 * Every admin list's delete: ask → busy → post to the page's action → toast → the list reloads. With
 * JavaScript the question is a modal dialog; without it, the button opens this page with `?confirm=<id>`,
 * which writes the same question into the page with a real form that posts the delete.
 */
export function DeleteButton({ id, question, consequence, label, describedBy, intent = 'delete' }: DeleteButtonProps) {
  const { fetcher, busy } = useAdminWrite();
  const { confirm, dialog } = useConfirm();
  const [params] = useSearchParams();
  const { pathname } = useLocation();

  async function ask(event: MouseEvent<HTMLButtonElement>) {
    event.preventDefault();
    if (await confirm({ title: question, message: consequence, confirmLabel: 'Delete' })) {
      await fetcher.submit({ intent, id }, { method: 'post', action: pathname });
    }
  }

  if (params.get('confirm') === id && !busy) {
    return (
      <ConfirmStep
        id={id}
        intent={intent}
        question={question}
        consequence={consequence}
        page={pathname}
        Form={fetcher.Form}
      />
    );
  }
  return (
    <form method="get" action={`${pathname}#confirm-${id}`} className="delete-button">
      <input type="hidden" name="confirm" value={id} />
      <button
        type="submit"
        className="button button--danger button--small"
        aria-label={label}
        aria-describedby={describedBy}
        aria-busy={busy || undefined}
        disabled={busy}
        onClick={(event) => void ask(event)}
      >
        {busy ? 'Deleting…' : 'Delete'}
      </button>
      {dialog}
    </form>
  );
}
