import type { ChangeEvent } from 'react';
import { NOTICE_ATTACHMENT_LIMITS as L, formatFileSize } from '#common/notice-attachments.ts';
import type { AttachmentsProgress } from '#app/lib/upload-attachments.ts';
import { AdminField } from './admin-field.tsx';

const ACCEPT = 'application/pdf,image/jpeg,image/png,image/webp,image/avif';

/** The file field of a notice's attachments, and the progress of their upload once the notice is saved. */
export function AttachmentsInput({
  error,
  progress,
  disabled,
  onChange,
}: {
  error: string | undefined;
  progress: AttachmentsProgress | null;
  disabled: boolean;
  onChange: (event: ChangeEvent<HTMLInputElement>) => void;
}) {
  return (
    <>
      <AdminField
        label={
          <>
            Attachments <span className="field__optional">(optional)</span>
          </>
        }
        error={error}
        hint={`Up to ${L.perNotice} files: the signed notice as a PDF (up to ${formatFileSize(L.pdfBytes)} and ${L.pdfPages} pages) or photos of the paper (JPEG, PNG, WebP or AVIF).`}
      >
        {(control) => (
          <input
            {...control}
            className="field__input admin-upload__input"
            type="file"
            name="attachments"
            accept={ACCEPT}
            multiple
            disabled={disabled}
            onChange={onChange}
          />
        )}
      </AdminField>
      <div className="admin-upload__progress">
        {progress ? <progress max={100} value={progress.percent ?? undefined} aria-label="Upload progress" /> : null}
        <span className="admin-upload__status" aria-live="polite">
          {progress
            ? progress.percent === null
              ? `Checking file ${progress.file} of ${progress.of}…`
              : `Uploading file ${progress.file} of ${progress.of}… ${progress.percent}%`
            : ''}
        </span>
      </div>
    </>
  );
}
