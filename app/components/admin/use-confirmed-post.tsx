import type { MouseEvent, ReactNode } from 'react';
import { useLocation, useSearchParams } from 'react-router';
import { useConfirm } from './confirm-dialog.tsx';
import { ConfirmStep, type ConfirmStepProps } from './confirm-step.tsx';
import { useAdminWrite } from './use-admin-write.tsx';

/** The step's question, consequence, posted fields and confirming button, as ConfirmStep takes them. */
type ConfirmedPostOptions = Omit<ConfirmStepProps, 'page' | 'Form'>;

/**
 * A post that cannot be taken back, asked first (a delete, a withdrawal, an undo). With JavaScript `ask` (the
 * asking button's click) opens a modal dialog and posts the fields once confirmed; without it, the asking
 * button is a get form to `askAction` with `confirm=<name>`, and `step` is then the question written into the
 * page (ConfirmStep), to show instead of the button. `dialog` goes beside the button.
 */
export function useConfirmedPost({ name, question, consequence, fields, confirmLabel, danger }: ConfirmedPostOptions) {
  const { fetcher, busy } = useAdminWrite();
  const { confirm, dialog } = useConfirm();
  const [params] = useSearchParams();
  const { pathname } = useLocation();

  async function ask(event: MouseEvent<HTMLButtonElement>) {
    event.preventDefault();
    if (await confirm({ title: question, message: consequence, confirmLabel })) {
      await fetcher.submit(fields, { method: 'post', action: pathname });
    }
  }

  const step =
    params.get('confirm') === name && !busy ? (
      <ConfirmStep
        name={name}
        question={question}
        consequence={consequence}
        fields={fields}
        confirmLabel={confirmLabel}
        danger={danger}
        page={pathname}
        Form={fetcher.Form}
      />
    ) : null;
  return { busy, ask, step, dialog, askAction: `${pathname}#confirm-${name}` };
}

interface ConfirmedPostButtonProps extends ConfirmedPostOptions {
  /** The asking button's words, and its words while the post runs ('Delete', 'Deleting…'). */
  label: string;
  busyLabel: string;
  /** The asking form's class. */
  className?: string;
  /** The asking button's class; a danger step's button is red. */
  buttonClassName?: string;
  /** An accessible name where the label alone would not say what, and the id of what describes it. */
  ariaLabel?: string;
  describedBy?: string;
  /** What the asking form shows before its button (a sentence saying what the step does). */
  children?: ReactNode;
}

/**
 * The button of a post that cannot be taken back, asked first (useConfirmedPost): a get form to the page with
 * `confirm=<name>` that, with JavaScript, opens the dialog instead; without it, the question written into the
 * page takes the button's place.
 */
export function ConfirmedPostButton({
  label,
  busyLabel,
  className,
  buttonClassName,
  ariaLabel,
  describedBy,
  children,
  ...options
}: ConfirmedPostButtonProps) {
  const { busy, ask, step, dialog, askAction } = useConfirmedPost(options);
  if (step) return step;
  return (
    <form method="get" action={askAction} className={className}>
      {children}
      <input type="hidden" name="confirm" value={options.name} />
      <button
        type="submit"
        className={buttonClassName ?? `button${options.danger ? ' button--danger' : ''}`}
        aria-label={ariaLabel}
        aria-describedby={describedBy}
        aria-busy={busy || undefined}
        disabled={busy}
        onClick={(event) => void ask(event)}
      >
        {busy ? busyLabel : label}
      </button>
      {dialog}
    </form>
  );
}
