import { type ApplicationDetail, DOCUMENT_LABELS } from '#common/application-office.ts';
import { formatBsAd } from '#common/bs-date.ts';

/** Where the office opens one stored file of a document: each opening is written to the audit log. */
export const documentFileHref = (applicationId: string, documentId: string, file: string) =>
  `/admin/applications/${applicationId}/documents/${documentId}/${encodeURIComponent(file)}`;

/** Each document as a thumbnail (a PDF's first page) that opens full size. */
export function ApplicationDocuments({ application }: { application: ApplicationDetail }) {
  if (application.documentsPurgedAt) {
    return <p>The documents were deleted on {formatBsAd(application.documentsPurgedAt)}, as the keeping time ended.</p>;
  }
  if (application.documents.length === 0) return <p>No documents.</p>;
  return (
    <ul className="application-documents">
      {application.documents.map((d) => {
        const thumb = d.pictures[0];
        const href = documentFileHref(application.id, d.id, d.full);
        const label = `${DOCUMENT_LABELS[d.kind]}${d.position > 0 ? ` ${d.position + 1}` : ''}`;
        const pdf = d.format === 'pdf' ? ` (PDF${d.pages ? `, ${d.pages} page${d.pages === 1 ? '' : 's'}` : ''})` : '';
        if (d.state !== 'ready' || !d.full) {
          return (
            <li key={d.id} className="application-documents__item">
              {d.full ? (
                <a href={href} target="_blank" rel="noopener">
                  {label}
                  {pdf}
                </a>
              ) : (
                <span>{label}</span>
              )}
              {d.state === 'failed' ? (
                <p className="application-documents__note application-documents__note--failed">{d.failure}</p>
              ) : (
                <p className="application-documents__note">Being prepared: its pictures are drawn in a moment.</p>
              )}
            </li>
          );
        }
        return (
          <li key={d.id} className="application-documents__item">
            <a href={href} target="_blank" rel="noopener">
              {thumb ? (
                <img
                  src={documentFileHref(application.id, d.id, thumb.file)}
                  width={thumb.width}
                  height={thumb.height}
                  // The link's words name the document: the picture repeats them.
                  alt=""
                  loading="lazy"
                />
              ) : null}
              <span>
                {label}
                {pdf}
              </span>
            </a>
          </li>
        );
      })}
    </ul>
  );
}
