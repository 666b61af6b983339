import type { ReactNode } from 'react';
import { apiErrorMessage } from '#common/api-error.ts';
import { formatMegabytes } from '#common/bytes.ts';
import { imageTooLargeMessage } from '#common/image.ts';
import { ADMIN_MESSAGES, type WriteMessages } from '#app/lib/admin/admin-messages.ts';
import { focusFirstRefused } from '#app/lib/admin/admin-focus.ts';
import { formValues } from '#app/lib/admin/admin-form.ts';
import { type FieldErrors, type WriteResult, writeRefused } from '#app/lib/admin/admin-result.ts';
import { UploadForm } from './upload-form.tsx';
import { UploadFileField, useUploadWithProgress } from './use-upload-with-progress.tsx';

/** HEIC by type and by extension: some browsers give iPhone photos no type. */
export const IMAGE_ACCEPT = 'image/jpeg,image/png,image/webp,image/avif,image/heic,image/heif,.heic,.heif';

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
  const upload = useUploadWithProgress({
    apiPath,
    messages: MESSAGES,
    pageResult,
    processing: 'Processing the image…',
  });
  const { busy, result } = upload;
  const errors = (result && !result.ok ? result.fieldErrors : undefined) ?? {};

  async function onSend(form: HTMLFormElement, [file]: File[]) {
    const fields = formValues(new FormData(form));
    const refusedFields = checkExtra?.(fields) ?? null;
    if (refusedFields || !file) {
      const found: FieldErrors = { ...refusedFields };
      if (!file) found.file = apiErrorMessage('image/missing');
      upload.setResult(
        writeRefused(
          MESSAGES,
          { code: 'image/missing', message: apiErrorMessage('image/missing') },
          { fieldErrors: found },
        ),
      );
      focusFirstRefused(form, found);
      return;
    }
    await upload.send(form, [file], fields);
  }

  return (
    <UploadForm upload={upload} intent="upload" submitLabel="Upload" onSend={onSend}>
      {extraFields?.(errors)}
      <UploadFileField
        label={label}
        accept={IMAGE_ACCEPT}
        hint={`JPEG, PNG, WebP, AVIF or HEIC (iPhone), up to ${formatMegabytes(maxUploadBytes)}. Location data and other metadata are removed.`}
        error={errors.file}
        busy={busy}
        onChange={() => upload.setResult(undefined)}
        sizeLimit={() => ({ maxBytes: maxUploadBytes, refusal: imageTooLargeMessage(maxUploadBytes) })}
      />
    </UploadForm>
  );
}
