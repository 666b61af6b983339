import { type ChangeEvent, type ReactNode, useId, useState } from 'react';
import { useRevalidator } from 'react-router';
import type { WriteMessages } from '#app/lib/admin/admin-messages.ts';
import { type WriteResult, isLasting, isSessionEnded, writeDone } from '#app/lib/admin/admin-result.ts';
import { refusedWrite } from '#app/lib/api-client.ts';
import { type SizeLimit, oversizeRefusal } from '#app/lib/enhance/file-checks.ts';
import { uploadFile } from '#app/lib/upload.ts';
import { type ProcessingWords, type UploadPhase, uploadPercent, uploadStatus } from '#app/lib/upload-status.ts';
import { useReportWrite } from './use-admin-write.tsx';

/**
 * Sends files to an upload API one after the other (each its own request, within the server's upload
 * limit), and shows how far they have gone: a progress bar and a status line for the form to place.
 * `upload` resolves with each file's answer, or rejects with the first refusal (the files before it stay sent).
 */
export function useUploadProgress(processing: ProcessingWords) {
  const [phase, setPhase] = useState<UploadPhase>({ kind: 'idle' });

  async function upload<T>(apiPath: string, files: readonly File[], fields?: Record<string, string>): Promise<T[]> {
    const answers: T[] = [];
    try {
      for (const [i, file] of files.entries()) {
        const step = { file: i + 1, of: files.length };
        setPhase({ kind: 'sending', ...step, percent: 0 });
        answers.push(
          await uploadFile<T>(apiPath, file, {
            fields,
            onProgress: ({ fraction }) =>
              setPhase((p) =>
                p.kind === 'sending' && p.file === step.file
                  ? { ...p, percent: fraction === null ? null : Math.round(fraction * 100) }
                  : p,
              ),
            onSent: () => setPhase({ kind: 'processing', ...step }),
          }),
        );
      }
    } finally {
      setPhase({ kind: 'idle' });
    }
    return answers;
  }

  const busy = phase.kind !== 'idle';
  const progress = (
    <div className="admin-upload__progress">
      {/* Without a value the bar is indeterminate, while the browser cannot tell the total. */}
      {busy ? <progress max={100} value={uploadPercent(phase) ?? undefined} aria-label="Upload progress" /> : null}
      <span className="admin-upload__status" aria-live="polite">
        {uploadStatus(phase, processing)}
      </span>
    </div>
  );
  return { busy, upload, progress };
}

interface UploadWithProgressOptions {
  /** Where the files go with JavaScript (an upload API taking a part named "file"). */
  apiPath: string;
  messages: WriteMessages;
  /** The answer to the form when it was posted without JavaScript. */
  pageResult: WriteResult | undefined;
  /** What the status says once a file's bytes are all sent and the server is still at work. */
  processing: ProcessingWords;
  /**
   * Whether the form writes the page's answer itself (its success, or a refusal the admin must act on),
   * because the page does not. Otherwise the page writes it, and the form only a later lasting refusal.
   */
  showsPageResult?: boolean;
}

/**
 * An upload with JavaScript: a fetcher cannot report upload progress, so the files go to the upload API
 * through XHR while the form (a multipart post to its page, for use without JavaScript) shows the progress;
 * the answer becomes the admin's usual `WriteResult`, shown as a toast, and the page's data is reloaded.
 * `result` starts as the page's answer to a post made without JavaScript; `status` is what the form writes.
 */
export function useUploadWithProgress({
  apiPath,
  messages,
  pageResult,
  processing,
  showsPageResult = false,
}: UploadWithProgressOptions) {
  const revalidator = useRevalidator();
  const report = useReportWrite();
  const { busy, upload, progress } = useUploadProgress(processing);
  const [result, setResult] = useState<WriteResult | undefined>(pageResult);

  /** Shows an outcome in the form and as a toast. */
  function settle(outcome: WriteResult) {
    setResult(outcome);
    report(outcome);
  }

  /** Sends the form's files (with text fields); the form is emptied once every file is accepted. */
  async function send(form: HTMLFormElement, files: readonly File[], fields?: Record<string, string>) {
    setResult(undefined);
    let outcome: WriteResult;
    try {
      await upload(apiPath, files, fields);
      outcome = writeDone(messages);
      form.reset();
    } catch (err) {
      outcome = refusedWrite(messages, err);
    }
    settle(outcome);
    // Files sent before a refused one are kept, so the data reloads either way; not after an ended session,
    // where reloading would only move to /login and lose the message.
    if (!isSessionEnded(outcome)) await revalidator.revalidate();
  }

  const fromPage = result !== undefined && result === pageResult;
  const status =
    fromPage && showsPageResult
      ? pageResult.ok || isLasting(pageResult)
        ? pageResult
        : undefined
      : !fromPage && isLasting(result)
        ? result
        : undefined;
  return { busy, result, setResult, settle, send, progress, status };
}

/** What an upload form is given by `useUploadWithProgress`. */
export type UploadWithProgress = ReturnType<typeof useUploadWithProgress>;

interface UploadFileFieldProps {
  label: ReactNode;
  /** The file types the picker offers. */
  accept: string;
  hint: ReactNode;
  error: string | undefined;
  busy: boolean;
  /** The part's name in the form ("file" unless said). */
  name?: string;
  /** Whether several files may be chosen at once. */
  multiple?: boolean;
  /** Choosing another file clears the last answer's refusal. */
  onChange?: (event: ChangeEvent<HTMLInputElement>) => void;
  /**
   * The server's size limit of each file chosen (with JavaScript, a file over it is taken out of the field as it
   * is chosen, so it is never sent, and the server's words are shown beside the field).
   */
  sizeLimit?: (file: File) => SizeLimit;
  /** Whether the form may not be sent without a file (the browser says so without JavaScript too). */
  required?: boolean;
}

/** The file control of an admin upload form, with its hint and its refusal. */
export function UploadFileField({
  label,
  accept,
  hint,
  error,
  busy,
  name = 'file',
  multiple,
  onChange,
  sizeLimit,
  required,
}: UploadFileFieldProps) {
  const id = useId();
  const [tooLarge, setTooLarge] = useState<string | null>(null);
  const shown = tooLarge ?? error;

  function choose(event: ChangeEvent<HTMLInputElement>) {
    const refusal = sizeLimit ? oversizeRefusal([...(event.target.files ?? [])], sizeLimit) : null;
    if (refusal) event.target.value = '';
    setTooLarge(refusal);
    onChange?.(event);
  }

  return (
    <div className="field">
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      <input
        id={id}
        className="field__input admin-upload__input"
        type="file"
        name={name}
        accept={accept}
        multiple={multiple}
        required={required}
        disabled={busy}
        aria-invalid={shown ? true : undefined}
        aria-describedby={`${id}-hint${shown ? ` ${id}-error` : ''}`}
        onChange={choose}
      />
      <p id={`${id}-hint`} className="field__hint">
        {hint}
      </p>
      {shown ? (
        <p id={`${id}-error`} className="field__error" role="alert">
          {shown}
        </p>
      ) : null}
    </div>
  );
}
