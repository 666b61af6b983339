import { type FormEvent, useRef } from 'react';
import { useConfirm } from '#app/components/admin/confirm-dialog.tsx';

/**
 * Marks imported or results published before the season's entrance date are asked about first (the server
 * refuses them unconfirmed with the same question). In the page, the question and a box to tick ('Yes, …')
 * inside the form: the confirmation step without JavaScript. With JavaScript, a button marked
 * `data-ask-before-entrance` sent with the box not ticked asks the question in a dialog first, and sends the form
 * ticked once confirmed. `question` null: nothing to ask, nothing shown.
 */
export function useBeforeEntrance(question: string | null, yes: string) {
  const { confirm, dialog } = useConfirm();
  const box = useRef<HTMLInputElement>(null);

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    const submitter = (event.nativeEvent as SubmitEvent).submitter;
    if (!question || !box.current || box.current.checked) return;
    if (!(submitter instanceof HTMLElement) || !submitter.hasAttribute('data-ask-before-entrance')) return;
    event.preventDefault();
    const form = event.currentTarget;
    void confirm({ title: 'Before the entrance date', message: <p>{question}</p>, confirmLabel: yes }).then((ok) => {
      if (!ok || !box.current) return;
      box.current.checked = true;
      form.requestSubmit(submitter as HTMLButtonElement);
    });
  }

  const field = question ? (
    <div className="before-entrance">
      <p className="before-entrance__question">{question}</p>
      <label className="before-entrance__confirm">
        <input ref={box} type="checkbox" name="confirmBeforeEntrance" value="yes" /> {yes}
      </label>
    </div>
  ) : null;
  return { onSubmit, field, dialog };
}
