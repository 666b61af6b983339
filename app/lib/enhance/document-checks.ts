/**
 * The document inputs of the application form and of the status page's correction, checked as files are chosen (file-checks.ts): a refused file is
 * taken out of its input, so it is never sent, and the refusal is shown beside the input as the server shows
 * its own (the form's data-file-refusals carries the server's words in the page's language). A good file
 * clears the field's refusal. Without this the server checks the files when the form is sent.
 */
import type { DocumentKind } from '#common/admission/application.ts';
import { type FileRefusalCode, fileRefusals, refusalText } from './file-checks.ts';

function showRefusal(input: HTMLInputElement, text: string): void {
  const id = `${input.id}-error`;
  let out = document.getElementById(id);
  if (!out) {
    out = document.createElement('p');
    out.id = id;
    out.className = 'form-field__error';
    (document.getElementById(`${input.id}-hint`) ?? input).after(out);
  }
  // Said at once: the parent's attention is on the file picker that just closed, not on the page.
  out.setAttribute('role', 'alert');
  out.textContent = text;
  input.setAttribute('aria-invalid', 'true');
  input.setAttribute('aria-describedby', `${input.id}-hint ${id}`);
}

function clearRefusal(input: HTMLInputElement): void {
  document.getElementById(`${input.id}-error`)?.remove();
  input.removeAttribute('aria-invalid');
  input.setAttribute('aria-describedby', `${input.id}-hint`);
}

/**
 * A form whose one file input serves the document chosen in a list (the status page's corrected document):
 * choosing another document gives the input that document's file types and checks the files chosen again.
 */
function followDocumentChoice(form: HTMLFormElement): void {
  const choice = form.querySelector<HTMLSelectElement>('select[data-document-choice]');
  const field = form.querySelector<HTMLElement>('[data-document]');
  const input = field?.querySelector<HTMLInputElement>('input[type="file"]');
  if (!choice || !field || !input) return;
  const follow = () => {
    const accept = choice.selectedOptions[0]?.dataset.accept;
    field.dataset.document = choice.value;
    if (accept) input.accept = accept;
  };
  choice.addEventListener('change', () => {
    follow();
    if (input.files?.length) input.dispatchEvent(new Event('change'));
  });
  follow();
}

export function checkDocumentsAsChosen(form: HTMLFormElement): void {
  if (!form.dataset.fileRefusals) return;
  const words = JSON.parse(form.dataset.fileRefusals) as Record<FileRefusalCode, string>;
  followDocumentChoice(form);
  for (const field of form.querySelectorAll<HTMLElement>('[data-document]')) {
    const input = field.querySelector<HTMLInputElement>('input[type="file"]');
    if (!input || !field.dataset.document) continue;
    // A later choice outruns an earlier one still being read: only the latest is answered.
    let latest = 0;
    const check = async () => {
      const files = [...(input.files ?? [])];
      const mine = ++latest;
      // The document as chosen now (the status page's list may change it).
      const kind = field.dataset.document as DocumentKind;
      if (files.length === 0) return;
      const refusals = await fileRefusals(kind, files).catch(() => null);
      if (mine !== latest || refusals === null) return;
      if (refusals.length === 0) {
        clearRefusal(input);
        return;
      }
      input.value = '';
      showRefusal(input, refusalText(refusals, words));
    };
    input.addEventListener('change', () => void check());
    // A file chosen before this chunk arrived.
    if (input.files?.length) void check();
  }
}
