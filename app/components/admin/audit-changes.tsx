import type { AuditChange } from '#common/audit.ts';

/**
 * What an audit entry changed, field by field: the field's name, then old → new. An empty side reads
 * "(empty)"; a line with neither side ("and 4 more") counts the fields not listed.
 */
export function AuditChanges({ changes }: { changes: AuditChange[] }) {
  if (changes.length === 0) return null;
  return (
    <ul className="audit-changes" aria-label="Changes">
      {changes.map((change, i) => (
        <li key={`${i}-${change.field}`} className="audit-change">
          <span className="audit-change__field">{change.field}</span>
          {change.from || change.to ? (
            <span className="audit-change__values">
              <span className="sr-only">from </span>
              <span className="audit-change__from">{change.from || '(empty)'}</span>
              <span aria-hidden="true"> → </span>
              <span className="sr-only"> to </span>
              <span className="audit-change__to">{change.to || '(empty)'}</span>
            </span>
          ) : null}
        </li>
      ))}
    </ul>
  );
}
