import type { MouseEvent } from 'react';
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
