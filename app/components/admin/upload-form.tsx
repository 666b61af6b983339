import type { FormEvent, ReactNode } from 'react';
import { Form } from 'react-router';
import type { UploadWithProgress } from './use-upload-with-progress.tsx';
import { WriteStatus } from './write-status.tsx';
import { SubmitButton } from './submit-button.tsx';

interface UploadFormProps {
  upload: UploadWithProgress;
  /** The page's write this form posts to without JavaScript. */
  intent: string;
  /** The button's words while nothing is being sent. */
  submitLabel: string;
  /** The name of the form's file control ("file" unless said). */
  fileField?: string;
  /**
   * With JavaScript: checks the form in the browser and sends the chosen files with `upload.send`
   * (`input` is the file control, to focus on a refusal).
   */
  onSend: (form: HTMLFormElement, files: File[], input: HTMLInputElement | null) => Promise<void> | void;
  /** The form's fields: its file control (`UploadFileField`) and any text sent with it. */
  children: ReactNode;
}

/**
 * An admin upload form: a real multipart post to its page's action (with its `intent`), so it works
 * without JavaScript; with it, the browser sends the files itself (see `useUploadWithProgress`) and the
 * form shows their progress, the refusals the admin must act on, and a busy button.
 */
export function UploadForm({ upload, intent, submitLabel, fileField = 'file', onSend, children }: UploadFormProps) {
  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const control = form.elements.namedItem(fileField);
    const input = control instanceof HTMLInputElement ? control : null;
    void onSend(form, Array.from(input?.files ?? []), input);
  }

  return (
    <Form method="post" encType="multipart/form-data" className="admin-upload" onSubmit={onSubmit} noValidate>
      <input type="hidden" name="intent" value={intent} />
      {children}
      {upload.progress}
      {/* What must stay after the toast has gone (session ended, disk full), or the page's answer it leaves to this form. */}
      <WriteStatus result={upload.status} />
      <SubmitButton busy={upload.busy} label={submitLabel} busyLabel="Uploading…" />
    </Form>
  );
}
