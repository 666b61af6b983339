import { type ApplicationDetail, STATE_LABELS } from '#common/admission/application-office.ts';
import type { ApplicationState } from '#common/admission/application.ts';
import { formatAuditTime } from '#app/lib/audit-format.ts';
import { useAdminWrite } from '#app/components/admin/use-admin-write.tsx';

const stateLabel = (s: string) => STATE_LABELS[s as ApplicationState] ?? s;

function what(e: ApplicationDetail['events'][number]): string {
  switch (e.kind) {
    case 'submitted':
      return 'Sent the application';
    case 'state':
      return e.from ? `${stateLabel(e.from)} → ${stateLabel(e.to)}` : stateLabel(e.to);
    case 'note':
      return 'Note';
    case 'payment':
      return 'Payment';
    case 'document':
      return 'Document replaced';
    case 'purged':
      return 'Documents deleted';
    case 'look-ups-paused':
      return 'Look-ups paused';
    case 'access-key':
      return 'New access key sent';
    default:
      return e.kind;
  }
}

/** Who did what and when, oldest first, and a form to add a note. */
export function ApplicationHistory({ application }: { application: ApplicationDetail }) {
  const { fetcher, busy } = useAdminWrite();
  return (
    <>
      <ol className="application-history">
        {application.events.map((e) => (
          <li key={e.id}>
            <p>
              <strong>{what(e)}</strong>
              {e.text ? `: ${e.text}` : ''}
            </p>
            <p className="application-history__meta">
              {e.actor} · <time dateTime={e.at}>{formatAuditTime(e.at)}</time>
            </p>
          </li>
        ))}
      </ol>
      <fetcher.Form method="post" className="application-note">
        <input type="hidden" name="intent" value="note" />
        <label className="applications-filter__field applications-filter__field--wide">
          <span>Add a note for the office</span>
          <textarea name="text" rows={2} maxLength={2000} required />
        </label>
        <button type="submit" className="button" disabled={busy}>
          Add note
        </button>
      </fetcher.Form>
    </>
  );
}
