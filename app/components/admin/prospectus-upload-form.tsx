import type { FormEvent } from 'react';
import { Form } from 'react-router';
import { PDF_ERRORS } from '#common/site-content/downloads.ts';
import { CONTENT_LIMITS } from '#common/site-content/limits.ts';
import { ADMIN_MESSAGES } from '#app/lib/admin-messages.ts';
import { type WriteResult, isLasting, writeRefused } from '#app/lib/admin-result.ts';
import { UploadFileField, useUploadWithProgress } from './use-upload-with-progress.tsx';
import { WriteStatus } from './write-status.tsx';

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

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const input = form.elements.namedItem('file');
    const file = input instanceof HTMLInputElement ? input.files?.[0] : undefined;
    if (!file || file.size > CONTENT_LIMITS.prospectusBytes) {
      upload.setResult(refusedFile(file ? PDF_ERRORS.tooLarge : PDF_ERRORS.missing));
      if (input instanceof HTMLInputElement) input.focus();
      return;
    }
    await upload.send(form, file);
  }

  return (
    <Form
      method="post"
      encType="multipart/form-data"
      className="admin-upload"
      onSubmit={(e) => void onSubmit(e)}
      noValidate
    >
      <input type="hidden" name="intent" value="prospectus" />
      <UploadFileField
        label="New prospectus (PDF)"
        accept="application/pdf,.pdf"
        hint="A PDF of up to 20 MB. It replaces the current one at the same address."
        error={fileError}
        busy={busy}
        onChange={() => upload.setResult(undefined)}
      />
      {upload.progress}
      <WriteStatus result={result !== pageResult && isLasting(result) ? result : undefined} />
      <div>
        <button className="button button--primary" type="submit" disabled={busy}>
          {busy ? 'Uploading…' : 'Upload prospectus'}
        </button>
      </div>
    </Form>
  );
}
