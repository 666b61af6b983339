import { CONTENT_LIMITS } from '#common/site-content/limits.ts';
import { LOGO_ACCEPT, LOGO_ERRORS } from '#common/site-content/logo.ts';
import { ADMIN_MESSAGES } from '#app/lib/admin/admin-messages.ts';
import { type WriteResult, writeRefused } from '#app/lib/admin/admin-result.ts';
import { UploadForm } from './upload-form.tsx';
import { UploadFileField, useUploadWithProgress } from './use-upload-with-progress.tsx';

const MESSAGES = ADMIN_MESSAGES.content;
const UPLOAD_PATH = '/api/admin/content/college/logo';

/**
 * Uploads the college's logo. The form posts to its page (multipart) and works without JavaScript; with
 * it, the file goes to the content API with a progress bar, and the server's words (not an image, an SVG
 * that could run or fetch something, too large) are shown like any admin write.
 */
export function LogoUploadForm({ pageResult }: { pageResult: WriteResult | undefined }) {
  const upload = useUploadWithProgress({
    apiPath: UPLOAD_PATH,
    messages: MESSAGES,
    pageResult,
    processing: 'Checking the logo…',
  });
  const { busy, result } = upload;
  const fileError = result && !result.ok ? (result.fieldErrors?.file ?? result.message) : undefined;

  async function onSend(form: HTMLFormElement, [file]: File[], input: HTMLInputElement | null) {
    if (!file) {
      upload.setResult(
        writeRefused(MESSAGES, LOGO_ERRORS.missing, { fieldErrors: { file: LOGO_ERRORS.missing.message } }),
      );
      input?.focus();
      return;
    }
    await upload.send(form, [file]);
  }

  return (
    <UploadForm upload={upload} intent="logo" submitLabel="Upload logo" onSend={onSend}>
      {/* Names this form's answer among the page's (the college form shares the page's action). */}
      <input type="hidden" name="form" value="logo" />
      <UploadFileField
        label="New logo (PNG or SVG)"
        accept={LOGO_ACCEPT}
        hint="A PNG or SVG of up to 1 MB, drawn in the header, the footer, the admin and the browser's icons. A square or wide drawing on a transparent background looks best."
        error={fileError}
        busy={busy}
        onChange={() => upload.setResult(undefined)}
        sizeLimit={() => ({ maxBytes: CONTENT_LIMITS.logoBytes, refusal: LOGO_ERRORS.tooLarge.message })}
      />
    </UploadForm>
  );
}
