import { type ApplicationDetail, DOCUMENT_LABELS } from '#common/admission/application-office.ts';
import { formatBsAd } from '#common/dates/bs-date.ts';

/** Where the office opens one stored file of a document: each opening is written to the audit log. */
export const documentFileHref = (applicationId: string, documentId: string, file: string) =>
  `/admin/applications/${applicationId}/documents/${documentId}/${encodeURIComponent(file)}`;

/**
 * Each document's name: its kind's, numbered 1, 2, … only where the list holds more than one of that kind (in the
 * order shown). The stored positions are not the numbers: the application counts from 1, a voucher from 0.
 */
export function documentLabels(documents: readonly Pick<ApplicationDetail['documents'][number], 'kind'>[]): string[] {
  const total = new Map<string, number>();
  for (const d of documents) total.set(d.kind, (total.get(d.kind) ?? 0) + 1);
  const seen = new Map<string, number>();
  return documents.map((d) => {
    const n = (seen.get(d.kind) ?? 0) + 1;
    seen.set(d.kind, n);
    return (total.get(d.kind) ?? 0) > 1 ? `${DOCUMENT_LABELS[d.kind]} ${n}` : DOCUMENT_LABELS[d.kind];
  });
}

/** Each document as a thumbnail (a PDF's first page) that opens full size. */
export function ApplicationDocuments({ application }: { application: ApplicationDetail }) {
  if (application.documentsPurgedAt) {
    return <p>The documents were deleted on {formatBsAd(application.documentsPurgedAt)}, as the keeping time ended.</p>;
  }
  if (application.documents.length === 0) return <p>No documents.</p>;
  const labels = documentLabels(application.documents);
  return (
    <ul className="application-documents">
      {application.documents.map((d, i) => {
        const thumb = d.pictures[0];
        const href = documentFileHref(application.id, d.id, d.full);
        const label = labels[i]!;
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
