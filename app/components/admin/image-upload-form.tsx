import { type FormEvent, type ReactNode, useId, useState } from 'react';
import { Form, useRevalidator } from 'react-router';
import { apiErrorMessage } from '#common/api-error.ts';
import { formatMegabytes } from '#app/lib/admin-format.ts';
import { ADMIN_MESSAGES, type WriteMessages, imageTooLarge } from '#app/lib/admin-messages.ts';
import { focusFirstRefused } from '#app/lib/admin-focus.ts';
import { formValues } from '#app/lib/admin-form.ts';
import {
  type FieldErrors,
  type WriteResult,
  isLasting,
  isSessionEnded,
  writeDone,
  writeRefused,
} from '#app/lib/admin-result.ts';
import { refusedWrite } from '#app/lib/api-client.ts';
import { uploadFile } from '#app/lib/upload.ts';
import { useReportWrite } from './use-admin-write.tsx';
import { WriteStatus } from './write-status.tsx';

const ACCEPT = 'image/jpeg,image/png,image/webp,image/avif';

type Phase = { kind: 'idle' } | { kind: 'sending'; percent: number | null } | { kind: 'processing' };

interface ImageUploadFormProps {
  /** Where the file goes with JavaScript (an upload API taking a part named "file"). */
  apiPath: string;
  maxUploadBytes: number;
  /** Visible label of the file field. */
  label: string;
  /** The answer to this form when it was posted without JavaScript (the page shows its words; this, the field's). */
  pageResult: WriteResult | undefined;
  /** The toasts' words; an image upload's unless said. */
  messages?: WriteMessages;
  /** Text fields sent with the file (a slide's description), shown before it with their errors. */
  extraFields?: (errors: FieldErrors) => ReactNode;
  /** The browser's check of those fields before anything is sent, with the server's schema and words. */
  checkExtra?: (values: Record<string, string>) => FieldErrors | null;
}

/**
 * Chooses one photo and uploads it. The form posts to its page (multipart) and works without JavaScript;
 * with it, the file goes to the upload API instead, so that a progress bar can follow the browser's upload
 * events (a fetcher cannot report them), and the answer is shown like any other admin write.
 */
export function ImageUploadForm({
  apiPath,
  maxUploadBytes,
  label,
  pageResult,
  messages: MESSAGES = ADMIN_MESSAGES.imageUpload,
  extraFields,
  checkExtra,
}: ImageUploadFormProps) {
  const revalidator = useRevalidator();
  const report = useReportWrite();
  const [phase, setPhase] = useState<Phase>({ kind: 'idle' });
  const [result, setResult] = useState<WriteResult | undefined>(pageResult);
  const inputId = useId();
  const hintId = useId();
  const errorId = useId();
  const busy = phase.kind !== 'idle';
  const errors = (result && !result.ok ? result.fieldErrors : undefined) ?? {};
  const fileError = errors.file;

  function settle(outcome: WriteResult) {
    setResult(outcome);
    report(outcome);
  }

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const input = form.elements.namedItem('file');
    const file = input instanceof HTMLInputElement ? input.files?.[0] : undefined;
    const fields = formValues(new FormData(form));
    const refusedFields = checkExtra?.(fields) ?? null;
    if (refusedFields || !file) {
      const found: FieldErrors = { ...refusedFields };
      if (!file) found.file = apiErrorMessage('image/missing');
      setResult(
        writeRefused(
          MESSAGES,
          { code: 'image/missing', message: apiErrorMessage('image/missing') },
          { fieldErrors: found },
        ),
      );
      focusFirstRefused(form, found);
      return;
    }
    if (file.size > maxUploadBytes) {
      settle(
        writeRefused(MESSAGES, { code: 'image/too-large', message: imageTooLarge(formatMegabytes(maxUploadBytes)) }),
      );
      return;
    }
    setResult(undefined);
    setPhase({ kind: 'sending', percent: 0 });
    let outcome: WriteResult;
    try {
      await uploadFile<unknown>(apiPath, file, {
        fields,
        onProgress: ({ fraction }) =>
          setPhase((p) =>
            p.kind === 'sending'
              ? { kind: 'sending', percent: fraction === null ? null : Math.round(fraction * 100) }
              : p,
          ),
        onSent: () => setPhase({ kind: 'processing' }),
      });
      outcome = writeDone(MESSAGES);
      form.reset();
    } catch (err) {
      outcome = refusedWrite(MESSAGES, err);
    }
    setPhase({ kind: 'idle' });
    settle(outcome);
    // Reloading the page's data after an ended session would only move to /login and lose the message.
    if (!isSessionEnded(outcome)) await revalidator.revalidate();
  }

  const percent = phase.kind === 'sending' ? phase.percent : phase.kind === 'processing' ? 100 : null;
  const status =
    phase.kind === 'sending'
      ? `Uploading… ${phase.percent === null ? '' : `${phase.percent}%`}`
      : phase.kind === 'processing'
        ? 'Processing the image…'
        : '';

  return (
    <Form
      method="post"
      encType="multipart/form-data"
      className="admin-upload"
      onSubmit={(e) => void onSubmit(e)}
      noValidate
    >
      <input type="hidden" name="intent" value="upload" />
      {extraFields?.(errors)}
      <div className="field">
        <label className="field__label" htmlFor={inputId}>
          {label}
        </label>
        <input
          id={inputId}
          className="field__input admin-upload__input"
          type="file"
          name="file"
          accept={ACCEPT}
          disabled={busy}
          aria-invalid={fileError ? true : undefined}
          aria-describedby={fileError ? `${errorId} ${hintId}` : hintId}
          onChange={() => setResult(undefined)}
        />
        <p id={hintId} className="field__hint">
          JPEG, PNG, WebP or AVIF, up to {formatMegabytes(maxUploadBytes)}. Location data and other metadata are
          removed.
        </p>
        {fileError ? (
          <p id={errorId} className="field__error" role="alert">
            {fileError}
          </p>
        ) : null}
      </div>
      <div className="admin-upload__progress">
        {/* Without a value the bar is indeterminate, while the browser cannot tell the total. */}
        {busy ? <progress max={100} value={percent ?? undefined} aria-label="Upload progress" /> : null}
        <span className="admin-upload__status" aria-live="polite">
          {status}
        </span>
      </div>
      {/* What must stay after the toast has gone (session ended, disk full); the page shows a posted form's answer. */}
      <WriteStatus result={result !== pageResult && isLasting(result) ? result : undefined} />
      <div>
        <button className="button button--primary" type="submit" disabled={busy}>
          {busy ? 'Uploading…' : 'Upload'}
        </button>
      </div>
    </Form>
  );
}
