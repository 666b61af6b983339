import { type Attachment, attachmentPictureAlt, formatFileSize } from '#common/notice-attachments.ts';
import { ResponsivePicture } from './responsive-picture.tsx';
import attachmentsCss from '#app/styles/notice-attachments.css?inline';
import { PageStyle } from './page-style.tsx';

/** 'exam-routine.pdf, 3 pages': the name the download is saved under and, when known, its length. */
function pdfFacts(attachment: Attachment): string {
  const name = decodeURIComponent(attachment.url.slice(attachment.url.lastIndexOf('/') + 1));
  if (attachment.pages === null) return name;
  return `${name}, ${attachment.pages} ${attachment.pages === 1 ? 'page' : 'pages'}`;
}

/**
 * A notice's files on its own page: a PDF as its first page with 'Download PDF (1.2 MB)', a scan as a
 * picture that opens full size. Plain links, so they work without script.
 */
export function NoticeAttachments({ attachments, title }: { attachments: Attachment[]; title: string }) {
  if (attachments.length === 0) return null;
  return (
    <>
      <PageStyle name="notice-attachments" css={attachmentsCss} />
      <ul className="notice-attachments" aria-label="Attachments">
        {attachments.map((attachment, i) => {
          const alt = `${attachmentPictureAlt(attachment, title)}${
            attachment.kind === 'image' && attachments.length > 1 ? `, ${i + 1} of ${attachments.length}` : ''
          }`;
          return (
            <li key={attachment.id} className="notice-attachments__item">
              <a className="notice-attachments__preview" href={attachment.url}>
                <ResponsivePicture
                  image={attachment.picture}
                  alt={alt}
                  sizes="(min-width: 48rem) 40rem, 100vw"
                  imgClassName="notice-attachments__img"
                />
              </a>
              {attachment.kind === 'pdf' ? (
                <>
                  <a className="button notice-attachments__download" href={attachment.url} download>
                    Download PDF ({formatFileSize(attachment.bytes)})
                  </a>
                  <p className="notice-attachments__facts">{pdfFacts(attachment)}</p>
                </>
              ) : (
                <a className="notice-attachments__full" href={attachment.url}>
                  Open full size<span className="sr-only">: {alt}</span>
                </a>
              )}
            </li>
          );
        })}
      </ul>
    </>
  );
}

/** The first attachment's picture, small, for a notice in a list. */
export function NoticeThumbnail({ attachment, title }: { attachment: Attachment; title: string }) {
  return (
    <>
      <PageStyle name="notice-attachments" css={attachmentsCss} />
      <a className="notice-thumb" href={attachment.url}>
        <ResponsivePicture
          image={attachment.picture}
          alt={attachment.kind === 'pdf' ? `PDF of ${title}` : `Scan of ${title}`}
          sizes="6rem"
          imgClassName="notice-thumb__img"
        />
      </a>
    </>
  );
}
