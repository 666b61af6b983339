import { Form, useNavigation } from 'react-router';
import { IMPORT_ERRORS, IMPORT_LIMITS } from '#common/import.ts';
import type { WriteResult } from '#app/lib/admin/admin-result.ts';
import { SubmitButton } from './submit-button.tsx';
import { UploadFileField } from './use-upload-with-progress.tsx';

const MB = 1024 * 1024;

/**
 * The export file (and the uploads archive) posted to the import page for a dry run: a real multipart post,
 * so it works without JavaScript; nothing is imported until the plan it shows is confirmed.
 */
/** `result` is the page's answer to the last post, whose refusals of a file are shown beside it. */
export function ImportUploadForm({ result }: { result: WriteResult | undefined }) {
  const navigation = useNavigation();
  const busy = navigation.state === 'submitting' && navigation.formData?.get('intent') === 'plan';
  const refused = result && !result.ok ? result : undefined;
  return (
    <Form method="post" encType="multipart/form-data" className="admin-upload import-upload">
      <input type="hidden" name="intent" value="plan" />
      <UploadFileField
        label="WordPress export file (.xml)"
        accept=".xml,application/xml,text/xml"
        hint={`In WordPress: Tools → Export → All content. Up to ${IMPORT_LIMITS.exportBytes / MB} MB.`}
        error={refused?.fieldErrors?.file}
        busy={busy}
        required
        sizeLimit={() => ({ maxBytes: IMPORT_LIMITS.exportBytes, refusal: IMPORT_ERRORS.exportTooLarge.message })}
      />
      <UploadFileField
        name="uploads"
        label="Uploads archive (.zip, .tar or .tar.gz, optional)"
        accept=".zip,.tar,.gz,.tgz,application/zip,application/x-tar,application/gzip"
        hint={`The site's wp-content/uploads folder as a .zip, .tar or .tar.gz archive, for the posts' PDFs and images. Up to ${IMPORT_LIMITS.archiveBytes / MB} MB.`}
        error={refused?.fieldErrors?.uploads}
        busy={busy}
        sizeLimit={() => ({ maxBytes: IMPORT_LIMITS.archiveBytes, refusal: IMPORT_ERRORS.archiveTooLarge.message })}
      />
      <SubmitButton busy={busy} label="Show what would be imported" busyLabel="Reading the export…" />
    </Form>
  );
}
