import { type ReactNode, useId, useState } from 'react';
import { useRevalidator } from 'react-router';
import type { WriteMessages } from '#app/lib/admin-messages.ts';
import { type WriteResult, isSessionEnded, writeDone } from '#app/lib/admin-result.ts';
import { refusedWrite } from '#app/lib/api-client.ts';
import { uploadFile } from '#app/lib/upload.ts';
import { useReportWrite } from './use-admin-write.tsx';

type Phase = { kind: 'idle' } | { kind: 'sending'; percent: number | null } | { kind: 'processing' };

interface UploadWithProgressOptions {
  /** Where the file goes with JavaScript (an upload API taking a part named "file"). */
  apiPath: string;
  messages: WriteMessages;
  /** The answer to the form when it was posted without JavaScript. */
  pageResult: WriteResult | undefined;
  /** What the status says once every byte is sent and the server is still at work. */
  processing: string;
}

/**
 * The upload of one file with JavaScript: a fetcher cannot report upload progress, so the file goes to the
 * upload API through XHR while the form (a multipart post to its page, for use without JavaScript) shows
 * the progress; the answer becomes the admin's usual `WriteResult`, shown as a toast, and the page's data
 * is reloaded. `result` starts as the page's answer to a post made without JavaScript.
 */
export function useUploadWithProgress({ apiPath, messages, pageResult, processing }: UploadWithProgressOptions) {
  const revalidator = useRevalidator();
  const report = useReportWrite();
  const [phase, setPhase] = useState<Phase>({ kind: 'idle' });
  const [result, setResult] = useState<WriteResult | undefined>(pageResult);

  /** Shows an outcome in the form and as a toast. */
  function settle(outcome: WriteResult) {
    setResult(outcome);
    report(outcome);
  }

  /** Sends the form's file (with text fields); the form is emptied once the upload is accepted. */
  async function send(form: HTMLFormElement, file: File, fields?: Record<string, string>) {
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
      outcome = writeDone(messages);
      form.reset();
    } catch (err) {
      outcome = refusedWrite(messages, err);
    }
    setPhase({ kind: 'idle' });
    settle(outcome);
    // Reloading the page's data after an ended session would only move to /login and lose the message.
    if (!isSessionEnded(outcome)) await revalidator.revalidate();
  }

  const busy = phase.kind !== 'idle';
  const percent = phase.kind === 'sending' ? phase.percent : phase.kind === 'processing' ? 100 : null;
  const status =
    phase.kind === 'sending'
      ? `Uploading… ${phase.percent === null ? '' : `${phase.percent}%`}`
      : phase.kind === 'processing'
        ? processing
        : '';
  const progress = (
    <div className="admin-upload__progress">
      {/* Without a value the bar is indeterminate, while the browser cannot tell the total. */}
      {busy ? <progress max={100} value={percent ?? undefined} aria-label="Upload progress" /> : null}
      <span className="admin-upload__status" aria-live="polite">
        {status}
      </span>
    </div>
  );
  return { busy, result, setResult, settle, send, progress };
}

interface UploadFileFieldProps {
  label: ReactNode;
  /** The file types the picker offers. */
  accept: string;
  hint: ReactNode;
  error: string | undefined;
  busy: boolean;
  /** Choosing another file clears the last answer's refusal. */
  onChange?: () => void;
}

/** The file control of an admin upload form (its part is named "file"), with its hint and its refusal. */
export function UploadFileField({ label, accept, hint, error, busy, onChange }: UploadFileFieldProps) {
  const id = useId();
  return (
    <div className="field">
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      <input
        id={id}
        className="field__input admin-upload__input"
        type="file"
        name="file"
        accept={accept}
        disabled={busy}
        aria-invalid={error ? true : undefined}
        aria-describedby={`${id}-hint${error ? ` ${id}-error` : ''}`}
        onChange={onChange}
      />
      <p id={`${id}-hint`} className="field__hint">
        {hint}
      </p>
      {error ? (
        <p id={`${id}-error`} className="field__error" role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}
