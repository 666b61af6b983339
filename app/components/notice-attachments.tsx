import { formatFileSize } from '#common/bytes.ts';
import type { Attachment } from '#common/notices/notice-attachments.ts';
import type { Catalogue } from '#common/i18n/catalogue.ts';
import { ResponsivePicture } from './responsive-picture.tsx';
import attachmentsCss from '#app/styles/notice-attachments.css?inline';
import { PageStyle } from './page-style.tsx';

/** 'exam-routine.pdf, 3 pages': the name the download is saved under and, when known, its length. */
function pdfFacts(attachment: Attachment, pages: (count: number) => string): string {
  const name = decodeURIComponent(attachment.url.slice(attachment.url.lastIndexOf('/') + 1));
  return attachment.pages === null ? name : `${name}, ${pages(attachment.pages)}`;
}

/**
 * A notice's files on its own page: a PDF as its first page with 'Download PDF (1.2 MB)', a scan as a
 * picture that opens full size. Plain links, so they work without script.
 */
type Words = Catalogue['noticePage'];

export function NoticeAttachments({
  attachments,
  title,
  words,
}: {
  attachments: Attachment[];
  title: string;
  words: Words;
}) {
  if (attachments.length === 0) return null;
  return (
    <>
      <PageStyle name="notice-attachments" css={attachmentsCss} />
      <ul className="notice-attachments" aria-label={words.attachments}>
        {attachments.map((attachment, i) => {
          const alt = `${words.pictureAlt(attachment.kind, title)}${
            attachment.kind === 'image' && attachments.length > 1
              ? `, ${words.pictureOf(i + 1, attachments.length)}`
              : ''
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
                    {words.downloadPdf(formatFileSize(attachment.bytes))}
                  </a>
                  <p className="notice-attachments__facts">{pdfFacts(attachment, words.pdfPages)}</p>
                </>
              ) : (
                <a className="notice-attachments__full" href={attachment.url}>
                  {words.openFullSize}
                  <span className="sr-only">: {alt}</span>
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
export function NoticeThumbnail({ attachment, title, words }: { attachment: Attachment; title: string; words: Words }) {
  return (
    <>
      <PageStyle name="notice-attachments" css={attachmentsCss} />
      <a className="notice-thumb" href={attachment.url}>
        <ResponsivePicture
          image={attachment.picture}
          alt={words.thumbnailAlt(attachment.kind, title)}
          sizes="6rem"
          imgClassName="notice-thumb__img"
        />
      </a>
    </>
  );
}
