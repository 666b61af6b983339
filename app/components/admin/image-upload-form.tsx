import { type FormEvent, useId, useRef, useState } from 'react';
import { useRevalidator } from 'react-router';
import { toast } from 'react-toastify';
import { STORAGE_FULL } from '#common/api-error.ts';
import type { Image, ImageFolder } from '#common/image.ts';
import { errorDetail, formatMegabytes } from '#app/lib/admin-format.ts';
import { ApiClientError } from '#app/lib/api-client.ts';
import { uploadFile } from '#app/lib/upload.ts';
import { ToastLines } from './toast-lines.tsx';

const ACCEPT = 'image/jpeg,image/png,image/webp,image/avif';
export const UPLOADED = 'Image Uploaded Successfully';
export const UPLOAD_FAILED = 'Error Uploading Image';
export const NO_FILE = 'Please select a image.';

type Phase = { kind: 'idle' } | { kind: 'sending'; percent: number | null } | { kind: 'processing' };

interface ImageUploadFormProps {
  folder: ImageFolder;
  maxUploadBytes: number;
  /** Visible label of the file field. */
  label: string;
}

/** Chooses one photo and uploads it with a progress bar fed by the browser's upload progress events. */
export function ImageUploadForm({ folder, maxUploadBytes, label }: ImageUploadFormProps) {
  const revalidator = useRevalidator();
  const inputRef = useRef<HTMLInputElement>(null);
  const [phase, setPhase] = useState<Phase>({ kind: 'idle' });
  const [error, setError] = useState<string | null>(null);
  // A fault of the server's (its disk is full) stays on the form after the toast has gone.
  const [fault, setFault] = useState<string | null>(null);
  const inputId = useId();
  const hintId = useId();
  const errorId = useId();
  const busy = phase.kind !== 'idle';

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const file = inputRef.current?.files?.[0];
    if (!file) {
      setError(NO_FILE);
      inputRef.current?.focus();
      return;
    }
    setError(null);
    setFault(null);
    if (file.size > maxUploadBytes) {
      toast.error(
        <ToastLines
          title={UPLOAD_FAILED}
          detail={`The file is larger than ${formatMegabytes(maxUploadBytes)}. Please choose a smaller image.`}
        />,
      );
      return;
    }
    setPhase({ kind: 'sending', percent: 0 });
    try {
      await uploadFile<Image>(`/api/admin/images/${folder}`, file, {
        onProgress: ({ fraction }) =>
          setPhase((p) =>
            p.kind === 'sending'
              ? { kind: 'sending', percent: fraction === null ? null : Math.round(fraction * 100) }
              : p,
          ),
        onSent: () => setPhase({ kind: 'processing' }),
      });
      toast.success(UPLOADED);
      form.reset();
    } catch (err) {
      toast.error(<ToastLines title={UPLOAD_FAILED} detail={errorDetail(err)} />);
      if (err instanceof ApiClientError && err.code === STORAGE_FULL.code) setFault(err.message);
    } finally {
      setPhase({ kind: 'idle' });
    }
    await revalidator.revalidate();
  }

  const percent = phase.kind === 'sending' ? phase.percent : phase.kind === 'processing' ? 100 : null;
  const status =
    phase.kind === 'sending'
      ? `Uploading… ${phase.percent === null ? '' : `${phase.percent}%`}`
      : phase.kind === 'processing'
        ? 'Processing the image…'
        : '';

  return (
    <form className="admin-upload" onSubmit={(e) => void onSubmit(e)} noValidate>
      <div className="field">
        <label className="field__label" htmlFor={inputId}>
          {label}
        </label>
        <input
          ref={inputRef}
          id={inputId}
          className="field__input admin-upload__input"
          type="file"
          name="file"
          accept={ACCEPT}
          disabled={busy}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${errorId} ${hintId}` : hintId}
          onChange={() => {
            setError(null);
            setFault(null);
          }}
        />
        <p id={hintId} className="field__hint">
          JPEG, PNG, WebP or AVIF, up to {formatMegabytes(maxUploadBytes)}. Location data and other metadata are
          removed.
        </p>
        {error ? (
          <p id={errorId} className="field__error" role="alert">
            {error}
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
      {fault ? (
        <p className="field__error" role="alert">
          {fault}
        </p>
      ) : null}
      <div>
        <button className="button button--primary" type="submit" disabled={busy}>
          {busy ? 'Uploading…' : 'Upload'}
        </button>
      </div>
    </form>
  );
}
