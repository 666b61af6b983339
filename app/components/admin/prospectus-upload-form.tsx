import { type FormEvent, useId, useState } from 'react';
import { Form, useRevalidator } from 'react-router';
import { PDF_ERRORS } from '#common/site-content/downloads.ts';
import { CONTENT_LIMITS } from '#common/site-content/limits.ts';
import { ADMIN_MESSAGES } from '#app/lib/admin-messages.ts';
import { type WriteResult, isLasting, isSessionEnded, writeDone, writeRefused } from '#app/lib/admin-result.ts';
import { refusedWrite } from '#app/lib/api-client.ts';
import { uploadFile } from '#app/lib/upload.ts';
import { useReportWrite } from './use-admin-write.tsx';
import { WriteStatus } from './write-status.tsx';

const MESSAGES = ADMIN_MESSAGES.content;
const UPLOAD_PATH = '/api/admin/content/downloads/prospectus';

type Phase = { kind: 'idle' } | { kind: 'sending'; percent: number | null } | { kind: 'checking' };

const refusedFile = ({ code, message }: { code: string; message: string }) =>
  writeRefused(MESSAGES, { code, message }, { fieldErrors: { file: message } });

/**
 * Uploads the prospectus. The form posts to its page (multipart) and works without JavaScript; with it,
 * the file goes to the content API instead, so a progress bar can follow the browser's upload events,
 * and the answer (the server's words when the file is not a readable PDF) is shown like any admin write.
 */
export function ProspectusUploadForm({ pageResult }: { pageResult: WriteResult | undefined }) {
  const revalidator = useRevalidator();
  const report = useReportWrite();
  const [phase, setPhase] = useState<Phase>({ kind: 'idle' });
  const [result, setResult] = useState<WriteResult | undefined>(pageResult);
  const inputId = useId();
  const busy = phase.kind !== 'idle';
  const fileError = result && !result.ok ? (result.fieldErrors?.file ?? result.message) : undefined;

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const input = form.elements.namedItem('file');
    const file = input instanceof HTMLInputElement ? input.files?.[0] : undefined;
    if (!file || file.size > CONTENT_LIMITS.prospectusBytes) {
      setResult(refusedFile(file ? PDF_ERRORS.tooLarge : PDF_ERRORS.missing));
      if (input instanceof HTMLInputElement) input.focus();
      return;
    }
    setResult(undefined);
    setPhase({ kind: 'sending', percent: 0 });
    let outcome: WriteResult;
    try {
      await uploadFile(UPLOAD_PATH, file, {
        onProgress: ({ fraction }) =>
          setPhase((p) =>
            p.kind === 'sending'
              ? { kind: 'sending', percent: fraction === null ? null : Math.round(fraction * 100) }
              : p,
          ),
        onSent: () => setPhase({ kind: 'checking' }),
      });
      outcome = writeDone(MESSAGES);
      form.reset();
    } catch (err) {
      outcome = refusedWrite(MESSAGES, err);
    }
    setPhase({ kind: 'idle' });
    setResult(outcome);
    report(outcome);
    // Reloading the page's data after an ended session would only move to /login and lose the message.
    if (!isSessionEnded(outcome)) await revalidator.revalidate();
  }

  const percent = phase.kind === 'sending' ? phase.percent : phase.kind === 'checking' ? 100 : null;
  const status =
    phase.kind === 'sending'
      ? `Uploading… ${phase.percent === null ? '' : `${phase.percent}%`}`
      : phase.kind === 'checking'
        ? 'Checking the PDF…'
        : '';

  return (
    <Form
      method="post"
      encType="multipart/form-data"
      className="admin-upload"
      onSubmit={(e) => void onSubmit(e)}
      noValidate
    >
      <input type="hidden" name="intent" value="prospectus" />
      <div className="field">
        <label className="field__label" htmlFor={inputId}>
          New prospectus (PDF)
        </label>
        <input
          id={inputId}
          className="field__input admin-upload__input"
          type="file"
          name="file"
          accept="application/pdf,.pdf"
          disabled={busy}
          aria-invalid={fileError ? true : undefined}
          aria-describedby={`${inputId}-hint${fileError ? ` ${inputId}-error` : ''}`}
          onChange={() => setResult(undefined)}
        />
        <p id={`${inputId}-hint`} className="field__hint">
          A PDF of up to 20 MB. It replaces the current one at the same address.
        </p>
        {fileError ? (
          <p id={`${inputId}-error`} className="field__error" role="alert">
            {fileError}
          </p>
        ) : null}
      </div>
      <div className="admin-upload__progress">
        {busy ? <progress max={100} value={percent ?? undefined} aria-label="Upload progress" /> : null}
        <span className="admin-upload__status" aria-live="polite">
          {status}
        </span>
      </div>
      <WriteStatus result={result !== pageResult && isLasting(result) ? result : undefined} />
      <div>
        <button className="button button--primary" type="submit" disabled={busy}>
          {busy ? 'Uploading…' : 'Upload prospectus'}
        </button>
      </div>
    </Form>
  );
}
