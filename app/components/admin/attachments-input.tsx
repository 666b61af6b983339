import type { ChangeEvent } from 'react';
import { formatFileSize } from '#common/bytes.ts';
import { imageTooLargeMessage } from '#common/image.ts';
import { NOTICE_ATTACHMENT_LIMITS as L } from '#common/notices/notice-attachments.ts';
import { pdfTooLargeMessage } from '#common/site-content/downloads.ts';
import type { SizeLimit } from '#app/lib/enhance/file-checks.ts';
import { UploadFileField } from './use-upload-with-progress.tsx';

const ACCEPT = 'application/pdf,image/jpeg,image/png,image/webp,image/avif';

/** Where a notice's files go with JavaScript, one request each. */
export const attachmentsUploadPath = (noticeId: string) =>
  `/api/admin/notices/${encodeURIComponent(noticeId)}/attachments`;

/** The status once a file is sent, while the server checks it (a PDF's pages, a photo's pixels). */
export const checkingAttachment = (file: number, of: number) =>
  of > 1 ? `Checking file ${file} of ${of}…` : 'Checking the file…';

/** The server's limit of one attachment: a PDF's own, a photo's the image uploads' (`maxImageBytes`). */
export const attachmentLimit =
  (maxImageBytes: number) =>
  (file: File): SizeLimit =>
    file.type === 'application/pdf' || /\.pdf$/iu.test(file.name)
      ? { maxBytes: L.pdfBytes, refusal: pdfTooLargeMessage(L.pdfBytes) }
      : { maxBytes: maxImageBytes, refusal: imageTooLargeMessage(maxImageBytes) };

/** The file field of a notice's attachments (several files, the part named "attachments"). */
export function AttachmentsInput({
  error,
  busy,
  maxImageBytes,
  onChange,
}: {
  error: string | undefined;
  busy: boolean;
  /** The server's limit of a photo (the image uploads'). */
  maxImageBytes: number;
  onChange: (event: ChangeEvent<HTMLInputElement>) => void;
}) {
  return (
    <UploadFileField
      label={
        <>
          Attachments <span className="field__optional">(optional)</span>
        </>
      }
      name="attachments"
      multiple
      accept={ACCEPT}
      hint={`Up to ${L.perNotice} files: the signed notice as a PDF (up to ${formatFileSize(L.pdfBytes)} and ${L.pdfPages} pages) or photos of the paper (JPEG, PNG, WebP or AVIF).`}
      error={error}
      busy={busy}
      onChange={onChange}
      sizeLimit={attachmentLimit(maxImageBytes)}
    />
  );
}
