import { PDF_ERRORS } from '#common/site-content/downloads.ts';
import { CONTENT_LIMITS } from '#common/site-content/limits.ts';
import { ADMIN_MESSAGES } from '#app/lib/admin/admin-messages.ts';
import { type WriteResult, writeRefused } from '#app/lib/admin/admin-result.ts';
import { UploadForm } from './upload-form.tsx';
import { UploadFileField, useUploadWithProgress } from './use-upload-with-progress.tsx';

const MESSAGES = ADMIN_MESSAGES.content;
const UPLOAD_PATH = '/api/admin/content/downloads/prospectus';

const refusedFile = ({ code, message }: { code: string; message: string }) =>
  writeRefused(MESSAGES, { code, message }, { fieldErrors: { file: message } });

/**
 * Uploads the prospectus. The form posts to its page (multipart) and works without JavaScript; with it,
 * the file goes to the content API instead, so a progress bar can follow the browser's upload events,
 * and the answer (the server's words when the file is not a readable PDF) is shown like any admin write.
 */
export function ProspectusUploadForm({ pageResult }: { pageResult: WriteResult | undefined }) {
  const upload = useUploadWithProgress({
    apiPath: UPLOAD_PATH,
    messages: MESSAGES,
    pageResult,
    processing: 'Checking the PDF…',
  });
  const { busy, result } = upload;
  const fileError = result && !result.ok ? (result.fieldErrors?.file ?? result.message) : undefined;

  async function onSend(form: HTMLFormElement, [file]: File[], input: HTMLInputElement | null) {
    if (!file) {
      upload.setResult(refusedFile(PDF_ERRORS.missing));
      input?.focus();
      return;
    }
    await upload.send(form, [file]);
  }

  return (
    <UploadForm upload={upload} intent="prospectus" submitLabel="Upload prospectus" onSend={onSend}>
      <UploadFileField
        label="New prospectus (PDF)"
        accept="application/pdf,.pdf"
        hint="A PDF of up to 20 MB. It replaces the current one at the same address."
        error={fileError}
        busy={busy}
        onChange={() => upload.setResult(undefined)}
        sizeLimit={() => ({ maxBytes: CONTENT_LIMITS.prospectusBytes, refusal: PDF_ERRORS.tooLarge.message })}
      />
    </UploadForm>
  );
}
