import { AUDIT_KINDS, AUDIT_KIND_LABELS, type AuditKind, AuditQuerySchema } from '#common/audit.ts';
import { AuditChanges } from '#app/components/admin/audit-changes.tsx';
import { requirePermission } from '#app/lib/admin/admin-guard.server.ts';
import { adminMeta } from '#app/lib/admin/admin-meta.ts';
import { auditPageHref, formatAuditTime } from '#app/lib/audit-format.ts';
import '#app/styles/admin-audit.css';
import type { Route } from './+types/audit';
import { AdminPager } from '#app/components/admin/admin-pager.tsx';

export const meta: Route.MetaFunction = ({ matches }) => adminMeta('Audit log', matches);

export async function loader({ request, context }: Route.LoaderArgs) {
  const actor = await requirePermission(context, 'audit.read');
  const params = Object.fromEntries(new URL(request.url).searchParams);
  // An address edited by hand with an unknown kind or page shows the whole log from its first page.
  const parsed = AuditQuerySchema.safeParse(params);
  const query = parsed.success ? parsed.data : AuditQuerySchema.parse({});
  return { query, log: await context.services.audit.page(actor, query) };
}

const kindLabel = (kind: string) => AUDIT_KIND_LABELS[kind as AuditKind] ?? kind;

export default function AdminAudit({ loaderData }: Route.ComponentProps) {
  const { query, log } = loaderData;
  const filter = { person: query.person, kind: query.kind };
  return (
    <section className="admin-page" aria-labelledby="audit-title">
      <header className="admin-page__header">
        <div>
          <h1 id="audit-title">Audit log</h1>
          <p className="admin-page__lead">
            Every change made in the admin, newest first: who made it, what it was, when (Nepal time) and from which
            address.
          </p>
        </div>
      </header>
      <form method="get" className="audit-filter" aria-label="Filter the log">
        <label className="audit-filter__field">
          <span>Person</span>
          <select name="person" defaultValue={query.person ?? ''}>
            <option value="">Everyone</option>
            {log.people.map((person) => (
              <option key={person} value={person}>
                {person}
              </option>
            ))}
          </select>
        </label>
        <label className="audit-filter__field">
          <span>Kind</span>
          <select name="kind" defaultValue={query.kind ?? ''}>
            <option value="">Every kind</option>
            {AUDIT_KINDS.map((kind) => (
              <option key={kind} value={kind}>
                {AUDIT_KIND_LABELS[kind]}
              </option>
            ))}
          </select>
        </label>
        <button type="submit" className="button button--primary">
          Show
        </button>
      </form>
      <p className="audit-count" role="status">
        {log.total === 1 ? '1 entry' : `${log.total} entries`}
        {log.pageCount > 1 ? `, page ${log.page} of ${log.pageCount}` : ''}
      </p>
      {log.entries.length === 0 ? (
        <p>No entries{query.person || query.kind ? ' match this filter' : ' yet'}.</p>
      ) : (
        <ol className="audit-list">
          {log.entries.map((entry) => (
            <li key={entry.id} className="audit-entry">
              <p className="audit-entry__what">
                <span className="audit-entry__kind">{kindLabel(entry.kind)}</span>{' '}
                <span className="audit-entry__subject">{entry.subject}</span>
              </p>
              <p className="audit-entry__meta">
                <span className="audit-entry__who">{entry.actor}</span>
                {' · '}
                <time dateTime={entry.at}>{formatAuditTime(entry.at)}</time>
                {' · '}
                <span className="audit-entry__address">{entry.address}</span>
              </p>
              <AuditChanges changes={entry.changes} />
            </li>
          ))}
        </ol>
      )}
      <AdminPager
        label="Pages of the log"
        page={log.page}
        pageCount={log.pageCount}
        href={(n) => auditPageHref(n, filter)}
      />
    </section>
  );
}
