import { type WriteResult, isLasting } from '#app/lib/admin/admin-result.ts';
import { formatMegabytes } from '#common/bytes.ts';
import { imageTooLargeMessage } from '#common/image.ts';
import { resultFor } from '#app/lib/admin/admin-section-form.ts';
import { useAdminWrite } from './use-admin-write.tsx';
import { UploadFileField } from './use-upload-with-progress.tsx';
import { WriteStatus } from './write-status.tsx';
import { SubmitButton } from './submit-button.tsx';

interface PictureUploadFormProps {
  intent: string;
  /** Names this form among the page's others (see SectionForm). */
  formKey: string;
  hidden: Record<string, string>;
  label: string;
  maxUploadBytes: number;
  pageResult: WriteResult | undefined;
}

/**
 * Uploads one picture of the college's content (a course's picture, a person's photo) through the image
 * pipeline: a multipart form posted to the page's action, with or without JavaScript (through the page's
 * fetcher, which cannot report progress: the button says it is uploading meanwhile).
 */
export function PictureUploadForm({
  intent,
  formKey,
  hidden,
  label,
  maxUploadBytes,
  pageResult,
}: PictureUploadFormProps) {
  const { fetcher, busy, result } = useAdminWrite();
  const shown = result ?? resultFor(pageResult, formKey);
  const error = shown && !shown.ok ? (shown.fieldErrors?.file ?? shown.message) : undefined;
  return (
    <fetcher.Form method="post" encType="multipart/form-data" className="admin-upload" noValidate>
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="form" value={formKey} />
      {Object.entries(hidden).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <UploadFileField
        label={label}
        accept="image/jpeg,image/png,image/webp,image/avif"
        hint={`JPEG, PNG, WebP or AVIF, up to ${formatMegabytes(maxUploadBytes)}.`}
        error={error}
        busy={busy}
        sizeLimit={() => ({ maxBytes: maxUploadBytes, refusal: imageTooLargeMessage(maxUploadBytes) })}
      />
      {isLasting(result) ? <WriteStatus result={result} /> : null}
      <SubmitButton busy={busy} label="Upload picture" busyLabel="Uploading…" small />
    </fetcher.Form>
  );
}
