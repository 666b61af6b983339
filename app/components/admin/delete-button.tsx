import type { ReactNode } from 'react';
import { ConfirmedPostButton } from './use-confirmed-post.tsx';

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
  return (
    <ConfirmedPostButton
      name={id}
      question={question}
      consequence={consequence}
      fields={{ intent, id }}
      confirmLabel="Delete"
      danger
      label="Delete"
      busyLabel="Deleting…"
      className="delete-button"
      buttonClassName="button button--danger button--small"
      ariaLabel={label}
      describedBy={describedBy}
    />
  );
}
