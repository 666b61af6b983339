import type { MouseEvent } from 'react';
import { useConfirm } from './confirm-dialog.tsx';

/** The box a delete of the album's selected photos must carry ticked: the server refuses the delete without it. */
export const CONFIRM_DELETE_FIELD = 'confirmDelete';

/**
 * The album's 'Delete selected', asked first: deleted photos leave the album and the site, every size of each,
 * and cannot be brought back. Without JavaScript the box beside the button says so and must be ticked; with it,
 * an unticked delete asks in a dialog naming how many, and the answer ticks the box and sends the form.
 */
export function PhotoBulkDelete() {
  const { confirm, dialog } = useConfirm();

  async function ask(event: MouseEvent<HTMLButtonElement>) {
    const button = event.currentTarget;
    const form = button.form;
    const box = form?.elements.namedItem(CONFIRM_DELETE_FIELD);
    if (!form || !(box instanceof HTMLInputElement) || box.checked) return;
    const count = Array.from(form.elements).filter(
      (field) => field instanceof HTMLInputElement && field.name === 'ids' && field.checked,
    ).length;
    // None selected: the server's answer says to choose some.
    if (count === 0) return;
    event.preventDefault();
    const confirmed = await confirm({
      title: `Delete ${count} ${count === 1 ? 'photo' : 'photos'}?`,
      message: <p>They leave the album and the site, every size of each, and cannot be brought back.</p>,
      confirmLabel: 'Delete',
    });
    if (!confirmed) return;
    box.checked = true;
    form.requestSubmit(button);
  }

  return (
    <>
      <label className="bulk-form__confirm">
        <input type="checkbox" name={CONFIRM_DELETE_FIELD} value="yes" /> Delete for good: deleted photos leave the site
        and cannot be brought back
      </label>
      <button
        type="submit"
        name="bulk"
        value="delete"
        className="button button--danger"
        onClick={(event) => void ask(event)}
      >
        Delete selected
      </button>
      {dialog}
    </>
  );
}
