import { formatFileSize } from '#common/bytes.ts';
import {
  ATTACHMENT_ERRORS,
  type Attachment,
  NOTICE_ATTACHMENT_LIMITS as L,
} from '#common/notices/notice-attachments.ts';
import { ResponsivePicture } from '#app/components/responsive-picture.tsx';
import { ADMIN_MESSAGES } from '#app/lib/admin/admin-messages.ts';
import { type WriteResult, writeRefused } from '#app/lib/admin/admin-result.ts';
import { AttachmentsInput, attachmentsUploadPath, checkingAttachment } from './attachments-input.tsx';
import { DeleteButton } from './delete-button.tsx';
import { UploadForm } from './upload-form.tsx';
import { useUploadWithProgress } from './use-upload-with-progress.tsx';

const MESSAGES = ADMIN_MESSAGES.noticeAttach;

/** 'PDF, 1.2 MB, 3 pages' or 'Photo, 340 KB'. */
function describe(attachment: Attachment): string {
  if (attachment.kind === 'image') return `Photo, ${formatFileSize(attachment.bytes)}`;
  const pages = attachment.pages === null ? '' : `, ${attachment.pages} ${attachment.pages === 1 ? 'page' : 'pages'}`;
  return `PDF, ${formatFileSize(attachment.bytes)}${pages}`;
}

const refused = (message: string) =>
  writeRefused(MESSAGES, { code: ATTACHMENT_ERRORS.full.code, message }, { fieldErrors: { attachments: message } });

interface EditorProps {
  noticeId: string;
  attachments: Attachment[];
  /** A scheduled notice's files are not served yet, so its list shows no pictures. */
  scheduled: boolean;
  /** The answer to a form of this page posted without JavaScript. */
  pageResult: WriteResult | undefined;
  /** The server's limit of a photo attached (the image uploads'). */
  maxImageBytes: number;
}

/**
 * A notice's attachments on its edit page: each listed with a Delete button (the page's `remove-attachment`
 * write), and a form adding more. The form posts its files to the page (multipart) and works without
 * JavaScript; with it, each file goes to the upload API in turn, with a progress bar, and the list reloads.
 */
export function NoticeAttachmentsEditor({ noticeId, attachments, scheduled, pageResult, maxImageBytes }: EditorProps) {
  const upload = useUploadWithProgress({
    apiPath: attachmentsUploadPath(noticeId),
    messages: MESSAGES,
    pageResult,
    processing: checkingAttachment,
    // The edit page writes only the notice form's answer: the attachments' one is written here.
    showsPageResult: true,
  });
  const { busy, result } = upload;
  const error = result && !result.ok ? (result.fieldErrors?.attachments ?? result.message) : undefined;
  const room = L.perNotice - attachments.length;

  async function onSend(form: HTMLFormElement, files: File[], input: HTMLInputElement | null) {
    if (files.length === 0 || files.length > room) {
      upload.setResult(
        refused(files.length === 0 ? ATTACHMENT_ERRORS.missing.message : ATTACHMENT_ERRORS.full.message),
      );
      input?.focus();
      return;
    }
    await upload.send(form, files);
  }

  return (
    <section className="admin-panel notice-files" aria-labelledby="notice-files-title">
      <h2 id="notice-files-title" className="notice-files__title">
        Attachments
      </h2>
      {attachments.length === 0 ? (
        <p className="admin-empty">This notice has no attachments.</p>
      ) : (
        <ul className="notice-files__list">
          {attachments.map((attachment, i) => (
            <li key={attachment.id} className="notice-files__item">
              {scheduled ? null : (
                <ResponsivePicture
                  image={attachment.picture}
                  alt=""
                  sizes="4rem"
                  className="notice-files__thumb"
                  imgClassName="notice-files__img"
                />
              )}
              <p id={`attachment-${attachment.id}`} className="notice-files__name">
                {i + 1}. {describe(attachment)}
                {scheduled ? null : (
                  <>
                    {' '}
                    <a href={attachment.url} target="_blank" rel="noreferrer">
                      Open<span className="sr-only"> (opens in a new tab)</span>
                    </a>
                  </>
                )}
              </p>
              <DeleteButton
                id={attachment.id}
                intent="remove-attachment"
                question="Remove this attachment?"
                consequence="The file is removed from the notice and from the website. This cannot be undone."
                label={`Remove attachment ${i + 1}`}
                describedBy={`attachment-${attachment.id}`}
              />
            </li>
          ))}
        </ul>
      )}
      {room > 0 ? (
        <UploadForm
          upload={upload}
          intent="add-attachments"
          submitLabel="Add attachments"
          fileField="attachments"
          onSend={onSend}
        >
          <AttachmentsInput
            error={error}
            busy={busy}
            maxImageBytes={maxImageBytes}
            onChange={() => upload.setResult(undefined)}
          />
        </UploadForm>
      ) : (
        <p className="admin-note">A notice can have at most {L.perNotice} attachments. Remove one to add another.</p>
      )}
    </section>
  );
}
